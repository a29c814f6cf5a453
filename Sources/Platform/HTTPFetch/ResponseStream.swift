/// The response as it arrives on a connection: the head, then the body in its framing (RFC 9112).
struct ResponseStream: ~Copyable {
    /// A whole head past this is refused; fields past `keptHeaderBytes` are dropped, never an error.
    static let maxHeadBytes = 256 * 1024
    static let keptHeaderBytes = 64 * 1024

    private var connection: Connection
    private var buffer: [UInt8] = []
    private var position = 0
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 16_384, alignment: 16)

    init(_ connection: consuming Connection) {
        self.connection = connection
    }

    deinit { chunk.deallocate() }

    private var available: Int { buffer.count - position }

    func send(_ bytes: [UInt8], _ deadlines: inout Deadlines, _ cancel: CancelSignal) throws(HTTPFetchError) {
        try connection.send(bytes, deadlines: &deadlines, cancel: cancel)
    }

    /// TLS from here on, as in a tunnel a proxy opened: anything already buffered would be
    /// bytes outside TLS, which a proxy must not send.
    mutating func startTLS(
        host: String, isAddress: Bool, trustStore: String?, _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) {
        guard available == 0 else { throw .connectionFailed("unexpected bytes before the TLS handshake") }
        try connection.startTLS(host: host, isAddress: isAddress, trustStore: trustStore, deadlines: &deadlines, cancel: cancel)
    }

    /// Reads more from the connection; false at the end of the stream.
    private mutating func fill(_ deadlines: inout Deadlines, _ cancel: CancelSignal) throws(HTTPFetchError) -> Bool {
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        } else if position >= 32_768 {
            buffer.removeFirst(position)
            position = 0
        }
        let count = try connection.receive(into: chunk, deadlines: &deadlines, cancel: cancel)
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        return count > 0
    }

    /// The next line without its CRLF (or bare LF), nil when the stream ends first.
    private mutating func line(
        limit: Int, _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) -> ArraySlice<UInt8>? {
        var searched = position
        while true {
            if let newline = buffer[searched...].firstIndex(of: 10) {
                let end = newline > position && buffer[newline - 1] == 13 ? newline - 1 : newline
                defer { position = newline + 1 }
                return buffer[position..<end]
            }
            guard available <= limit else { throw .connectionFailed("a response line is longer than \(limit) bytes") }
            searched = buffer.count
            let before = position
            guard try fill(&deadlines, cancel) else { return nil }
            searched -= before - position  // fill may have moved the unread bytes to the front
        }
    }

    /// The final response head: interim 1xx answers (100 Continue, 103 Early Hints) are skipped.
    mutating func readHead(_ deadlines: inout Deadlines, _ cancel: CancelSignal) throws(HTTPFetchError) -> ResponseHead {
        var headBytes = 0
        var sawAnything = false
        while true {
            guard let statusLine = try line(limit: Self.maxHeadBytes, &deadlines, cancel) else {
                throw .connectionFailed(
                    sawAnything || available > 0
                        ? "connection closed inside the response head"
                        : "the server closed the connection without answering")
            }
            sawAnything = true
            var head = try ResponseHead(statusLine: statusLine)
            var keptBytes = 0
            while true {
                guard let field = try line(limit: Self.maxHeadBytes, &deadlines, cancel) else {
                    throw .connectionFailed("connection closed inside the response head")
                }
                headBytes += field.count + 2
                guard headBytes <= Self.maxHeadBytes else {
                    throw .connectionFailed("response head larger than \(Self.maxHeadBytes / 1024) KiB")
                }
                if field.isEmpty { break }
                keptBytes += field.count
                if keptBytes <= Self.keptHeaderBytes { head.take(field: field) }
            }
            if head.status >= 200 || head.status == 101 { return head }
        }
    }

    /// Passes the body, as framed, to `writer`.
    mutating func readBody(
        _ framing: BodyFraming, into writer: inout BodyWriter, _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) {
        switch framing {
        case .none:
            return
        case .length(let length):
            var remaining = length
            while remaining > 0 {
                if available == 0, try !fill(&deadlines, cancel) {
                    throw .connectionFailed("connection closed after \(length - remaining) of \(length) body bytes")
                }
                remaining -= try pass(max: remaining, to: &writer)
            }
        case .untilClose:
            while true {
                if available == 0, try !fill(&deadlines, cancel) { return }
                _ = try pass(max: available, to: &writer)
            }
        case .chunked:
            try readChunks(into: &writer, &deadlines, cancel)
        }
    }

    private mutating func readChunks(
        into writer: inout BodyWriter, _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) {
        let closed = HTTPFetchError.connectionFailed("connection closed inside a chunked body")
        while true {
            guard let sizeLine = try line(limit: 4096, &deadlines, cancel) else { throw closed }
            let digits = sizeLine.prefix { $0 != UInt8(ascii: ";") }.trimmingSpaces
            guard !digits.isEmpty, digits.count <= 15, let size = Int(digits, radix: 16) else {
                throw .connectionFailed("bad chunk size line")
            }
            if size == 0 { break }
            var remaining = size
            while remaining > 0 {
                if available == 0, try !fill(&deadlines, cancel) { throw closed }
                remaining -= try pass(max: remaining, to: &writer)
            }
            guard let end = try line(limit: 4096, &deadlines, cancel) else { throw closed }
            guard end.isEmpty else { throw .connectionFailed("chunk data longer than its size") }
        }
        // Trailer fields, up to the blank line; a server that closes instead has still sent everything.
        var trailerBytes = 0
        while let trailer = try line(limit: 4096, &deadlines, cancel), !trailer.isEmpty {
            trailerBytes += trailer.count
            guard trailerBytes <= Self.keptHeaderBytes else { throw .connectionFailed("trailer fields too large") }
        }
    }

    /// Hands up to `max` buffered bytes to the writer; returns how many.
    private mutating func pass(max: Int, to writer: inout BodyWriter) throws(HTTPFetchError) -> Int {
        let count = min(max, available)
        let start = position
        position += count
        try buffer.withBytes { (raw) throws(HTTPFetchError) in
            try writer.write(UnsafeRawBufferPointer(rebasing: raw[start..<start + count]))
        }
        return count
    }
}

extension [UInt8] {
    /// withUnsafeBytes for a body that throws HTTPFetchError (withUnsafeBytes itself rethrows untyped).
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(HTTPFetchError) -> R) throws(HTTPFetchError) -> R {
        let result: Result<R, HTTPFetchError> = withUnsafeBytes { raw in
            do throws(HTTPFetchError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

extension ArraySlice<UInt8> {
    /// Without leading and trailing spaces and tabs, as text.
    var trimmingSpaces: String { String(decoding: self, as: UTF8.self).trimmingSpaces }
}
