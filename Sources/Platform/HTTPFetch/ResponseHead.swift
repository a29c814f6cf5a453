/// A response's status and header fields, as received.
struct ResponseHead {
    var status: Int
    /// The reason phrase ("Not Found"), printable ASCII only and short: it may end up in a message.
    var reason = ""
    var headers: [HTTPHeader] = []

    /// "HTTP/1.1 200 OK": the version must be HTTP/1.x and the status three digits.
    init(statusLine: ArraySlice<UInt8>) throws(HTTPFetchError) {
        let bytes = Array(statusLine)
        guard bytes.count >= 12, bytes.starts(with: Array("HTTP/1.".utf8)), bytes[8] == 32,
            bytes[9...11].allSatisfy({ $0 >= 48 && $0 <= 57 }), bytes.count == 12 || bytes[12] == 32,
            let status = Int(String(decoding: bytes[9...11], as: UTF8.self)), status >= 100
        else {
            throw .connectionFailed("not an HTTP/1.x response")
        }
        self.status = status
        reason = String(decoding: bytes.dropFirst(13).prefix(64).filter { $0 >= 32 && $0 < 127 }, as: UTF8.self)
    }

    /// One field line. Obsolete line folding (a line starting with a space or tab) continues
    /// the previous field; lines without a colon are ignored.
    mutating func take(field line: ArraySlice<UInt8>) {
        guard let first = line.first else { return }
        if first == 32 || first == 9 {
            // The fold becomes one space inside the value, never at its ends (RFC 9112 §5.2, RFC 9110 §5.5).
            let more = line.trimmingSpaces
            guard let last = headers.indices.last, !more.isEmpty else { return }
            headers[last].value += headers[last].value.isEmpty ? more : " " + more
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = line[..<colon].trimmingSpaces
        guard !name.isEmpty else { return }
        headers.append(HTTPHeader(name: name, value: line[(colon + 1)...].trimmingSpaces))
    }

    func values(_ name: String) -> [String] {
        let wanted = name.lowercased()
        return headers.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// How the body is delimited (RFC 9112 §6.3).
    func framing() throws(HTTPFetchError) -> BodyFraming {
        if status < 200 || status == 204 || status == 304 { return .none }
        let transferCodings = values("Transfer-Encoding").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
        if !transferCodings.isEmpty {
            // We send no TE header, so chunked is the only coding a server may use.
            guard transferCodings == ["chunked"] else {
                throw .connectionFailed("unsupported Transfer-Encoding \"\(transferCodings.joined(separator: ", "))\"")
            }
            return .chunked
        }
        let lengths = Set(values("Content-Length").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces })
        guard let text = lengths.first else { return .untilClose }
        guard lengths.count == 1, !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let length = Int(text)
        else {
            throw .connectionFailed("bad Content-Length")
        }
        return .length(length)
    }
}

enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked
    /// HTTP/1.0 style: the body is everything until the server closes.
    case untilClose
}

/// Body bytes through the content decoder into the sink.
struct BodyWriter: ~Copyable {
    var decoder: ContentDecoder
    var sink: BodySink

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(HTTPFetchError) {
        try decoder.decode(bytes, into: &sink)
    }
}
