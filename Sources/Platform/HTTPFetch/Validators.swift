/// What a server said identifies its answer (RFC 9110 §8.8): an `ETag` and a `Last-Modified`,
/// kept as given, so the next request can ask "only if it changed".
public struct HTTPValidators: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The validators `response` carries.
    public init(of response: HTTPResponse) {
        self.init(etag: response.header("ETag"), lastModified: response.header("Last-Modified"))
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// `If-None-Match` and `If-Modified-Since`, values sent back exactly as received: a weak
    /// tag stays weak (the server compares weakly for If-None-Match, RFC 9110 §13.1.2), and a
    /// date is never reformatted, so it is the server's own to compare.
    public var conditionalHeaders: [HTTPHeader] {
        var headers: [HTTPHeader] = []
        if let etag { headers.append(HTTPHeader(name: "If-None-Match", value: etag)) }
        if let lastModified { headers.append(HTTPHeader(name: "If-Modified-Since", value: lastModified)) }
        return headers
    }

    /// After a 304: what it names replaces what was kept; what it leaves out stays (RFC 9111 §4.3.4).
    public func updated(by notModified: HTTPResponse) -> HTTPValidators {
        let fresh = HTTPValidators(of: notModified)
        return HTTPValidators(etag: fresh.etag ?? etag, lastModified: fresh.lastModified ?? lastModified)
    }
}

extension HTTPResponse {
    /// True when `Cache-Control` says `no-store`: the answer must not be kept (RFC 9111 §5.2.2.5).
    public var forbidsStoring: Bool {
        headers.filter { $0.name.lowercased() == "cache-control" }
            .flatMap { $0.value.split(separator: ",") }
            .contains { $0.split(separator: "=", maxSplits: 1).first?.trimmingSpaces.lowercased() == "no-store" }
    }
}
