public import DeparturesCore
public import HTTPFetch

// What every departures source over HTTP does alike (`api`, `onebusaway`, `siri`, `json`):
// build its URL, send the request (conditional when an `AnswerMemory` holds the last answer),
// and say a failure in the board's two messages.

extension HTTPFetching {
    /// The answer to `request`; an unreachable network is "offline", any other failure "failed".
    ///
    /// With `memory`, a GET goes out with the validators of the last 2xx answer `source` gave
    /// (`If-None-Match`, `If-Modified-Since`), and a `304 Not Modified` returns that answer
    /// again: the caller reads it as it read it the first time, a fresh success. `source` is
    /// the URL without secrets, as errors name it.
    public func departuresResponse(_ request: HTTPRequest, memory: AnswerMemory? = nil,
                                   source: String = "") async throws(DeparturesError) -> HTTPResponse {
        guard let memory, request.postBody == nil, request.bodyFile == nil else { return try await plainResponse(request) }
        let kept = memory.validators(for: source)
        var conditional = request
        conditional.headers += kept?.conditionalHeaders ?? []
        let response = try await plainResponse(conditional)
        guard response.status == 304 else {
            memory.remember(response, for: source)
            return response
        }
        if let again = memory.revalidated(source, by: response) { return again }
        // A 304 with nothing kept to stand for it (forgotten, or a server that answers 304
        // unasked): ask once for the whole answer. A second 304 fails as any status would,
        // and the board keeps its rows.
        let whole = try await plainResponse(request)
        memory.remember(whole, for: source)
        return whole
    }

    private func plainResponse(_ request: HTTPRequest) async throws(DeparturesError) -> HTTPResponse {
        do {
            return try await get(request)
        } catch {
            switch error {
            case .offline(let detail): throw .offline(detail: detail)
            default: throw .failed(detail: error.description)
            }
        }
    }
}

extension HTTPResponse {
    /// A status other than 2xx, as every source says it; `source` is its URL without a key. An
    /// API's or gateway's own words in a JSON body follow (`HTTP 401 from …: Invalid API key`).
    public func statusFailure(from source: String) -> DeparturesError {
        .failed(detail: "HTTP \(status) from \(source)\(throughProxy)" + (statedError.map { ": " + $0 } ?? ""))
    }

    /// The message of a JSON error answer, in the shapes APIs and gateways use: GraphQL's
    /// `errors[].message`, `{"error": {"message"}}`, `{"error": "…"}`, `{"message": "…"}`,
    /// `{"Message": "…"}`; one line of at most 200 characters.
    public var statedError: String? {
        guard body.count <= 64 * 1024, AnswerStart.firstByte(of: body) == UInt8(ascii: "{"),
              let root = try? JSONValue.parse(body) else { return nil }
        return Self.statedError(in: root)
    }

    public static func statedError(in root: JSONValue, graphQLOnly: Bool = false) -> String? {
        var candidates = [root["errors"].flatMap { if case .array(let items) = $0 { items.first?["message"] } else { nil } }]
        if !graphQLOnly { candidates += [root["error"]?["message"], root["error"], root["message"], root["Message"]] }
        for case .string(let text)? in candidates {
            let line = String(text.filter { !$0.isNewline }.drop { $0 == " " })
            guard !line.isEmpty else { continue }
            return line.count > 200 ? String(line.prefix(200)) + "…" : line
        }
        return nil
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

extension APIKey {
    /// The key added to a request: as the query parameter `queryName` when there is one,
    /// else in its header.
    public func add(to url: inout String, headers: inout [HTTPHeader], queryName: String?) throws(DeparturesError) {
        if let queryName {
            url = SourceURL.appending([(queryName, try value())], to: url)
        } else {
            headers.append(HTTPHeader(name: header, value: try headerValue()))
        }
    }
}

/// Where an answer's content starts: after a UTF-8 byte order mark and blanks. Its first byte
/// tells XML (`<`) from JSON (`{`, `[`) whatever the Content-Type says.
public enum AnswerStart {
    public static func index(in bytes: [UInt8]) -> Int {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        return start
    }

    public static func firstByte(of bytes: [UInt8]) -> UInt8? {
        let start = index(in: bytes)
        return start < bytes.count ? bytes[start] : nil
    }
}

public enum SourceURL {
    /// `base` (trailing slashes dropped) followed by `path`.
    public static func joined(_ base: String, _ path: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// `url` with `name=value` pairs added to its query, each percent-encoded.
    public static func appending(_ parameters: [(String, String)], to url: String) -> String {
        let query = parameters.map { DeparturesPath.encode($0.0) + "=" + DeparturesPath.encode($0.1) }.joined(separator: "&")
        let separator = !url.contains("?") ? "?" : url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&"
        return url + separator + query
    }
}
