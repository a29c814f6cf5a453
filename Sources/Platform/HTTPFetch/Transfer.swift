#if canImport(Glibc)
import Glibc
#endif

/// One GET, start to end, on the calling (dedicated) thread: resolve, connect, TLS, request,
/// response. Blocking by design; every wait is bounded by the request's deadlines.
enum Transfer {
    static func run(_ request: HTTPRequest, trustStore: String?, cancel: CancelSignal) -> Result<HTTPResponse, HTTPFetchError> {
        do {
            return .success(try exchange(request, trustStore: trustStore, cancel: cancel))
        } catch {
            return .failure(error)
        }
    }

    private static func exchange(
        _ request: HTTPRequest, trustStore: String?, cancel: CancelSignal
    ) throws(HTTPFetchError) -> HTTPResponse {
        if cancel.isCancelled { throw .cancelled }
        try validate(request)
        let url = try RequestURL.parse(request.url)
        let sink = try BodySink(limit: request.maxResponseBytes, path: request.bodyFile)
        var deadlines = Deadlines(request)

        let addresses = try Resolver.resolve(url.host, port: url.port, deadlines: deadlines, cancel: cancel).get()
        deadlines.progressed()
        var connection = try Connection.open(addresses, port: url.port, deadlines: &deadlines, cancel: cancel)
        if url.isSecure {
            try connection.startTLS(host: url.host, isAddress: url.hostIsAddress, trustStore: trustStore,
                                    deadlines: &deadlines, cancel: cancel)
        }
        deadlines.phase = .awaitingHead
        try connection.send(RequestHead.bytes(for: url, headers: request.headers), deadlines: &deadlines, cancel: cancel)
        return try receive(connection, for: request, into: sink, &deadlines, cancel)
    }

    /// The answer to `request` as it arrives on `connection`: head, redirect, framing, decoding.
    static func receive(
        _ connection: consuming Connection, for request: HTTPRequest, into sink: consuming BodySink,
        _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) -> HTTPResponse {
        var stream = ResponseStream(connection)
        let head = try stream.readHead(&deadlines, cancel)
        deadlines.phase = .receivingBody
        var response = HTTPResponse(status: head.status, body: [], contentType: head.values("Content-Type").first,
                                    headers: head.headers)
        if (300..<400).contains(head.status), let location = head.values("Location").first {
            // The client follows it (or refuses it); this hop's body is never needed.
            response.redirectURL = Redirect.target(location, from: request.url)
            return response
        }
        let framing = try head.framing()
        if case .length(let length) = framing, length > sink.limit {
            throw .responseTooLarge(limit: request.maxResponseBytes)
        }
        var writer = BodyWriter(decoder: try ContentDecoder(contentEncoding: head.values("Content-Encoding").first), sink: sink)
        try stream.readBody(framing, into: &writer, &deadlines, cancel)
        try writer.decoder.finish()
        response.body = writer.sink.takeBody()
        return response
    }

    /// Refuses what would break the request head; names the header, never its value (a secret).
    private static func validate(_ request: HTTPRequest) throws(HTTPFetchError) {
        // Bytes, not Characters: "\r\n" is a single Character and would slip past a Character test.
        func breaksLine(_ byte: UInt8) -> Bool { byte == 13 || byte == 10 || byte == 0 }
        for header in request.headers
        where header.name.isEmpty || header.name.utf8.contains(where: { breaksLine($0) || $0 == UInt8(ascii: ":") })
            || header.value.utf8.contains(where: breaksLine) {
            throw .other("header \"\(header.name)\" is empty or contains a line break or colon")
        }
        if request.url.utf8.contains(0) { throw .invalidURL("URL contains a NUL byte") }
    }
}
