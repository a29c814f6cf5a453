/// A request as the server saw it, for assertions.
public struct RecordedRequest: Sendable {
    public var method: String
    public var path: String
    public var headers: [(name: String, value: String)]
    /// What a POST sent (its Content-Length's worth); empty for a GET.
    public var body: [UInt8] = []

    /// Case-insensitive header lookup (first match).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}

/// What the server does with a request. Every reply closes the connection afterwards,
/// so each request from the client arrives on a fresh connection.
public indirect enum Reply: Sendable {
    /// A normal response with Content-Length.
    case respond(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [])
    /// Chunked transfer encoding: no length known up front.
    case chunked(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8], chunkSize: Int = 1024)
    /// Waits (interruptibly) before acting; used to trigger timeouts.
    case delayed(Duration, Reply)
    /// Sends the status line and headers (Content-Length 100), then goes silent.
    case headersThenStall(status: Int, stall: Duration)
    /// Declares a Content-Length larger than the body, sends the body, closes.
    case truncated(status: Int, declaredLength: Int, body: [UInt8])
    /// Sends the head and all of the body but its last byte, then waits until `release` says
    /// so (at most `limit`) before the last byte: a download that lasts as long as a test needs.
    case heldBody(
        status: Int, headers: [(name: String, value: String)] = [], body: [UInt8],
        release: @Sendable () -> Bool, limit: Duration = .seconds(60))
    /// Sends one byte per interval; keeps every gap short but the whole exchange long.
    case trickle(status: Int, bytes: Int, interval: Duration)
    /// Reads the request and closes without a byte of response.
    case closeWithoutAnswer
    /// A redirect to `location` (absolute or relative).
    case redirect(to: String, status: Int = 302)
    /// Exactly these bytes (status line and all), then close: for framings and malformed answers.
    case raw([UInt8])
    /// These bytes, then silence for `stall` (a head cut short, a body that stops).
    case rawThenStall([UInt8], stall: Duration)

    /// Text body with a content type.
    public static func text(_ body: String, status: Int = 200, contentType: String = "text/plain") -> Reply {
        .respond(status: status, headers: [("Content-Type", contentType)], body: Array(body.utf8))
    }
}

func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 404: "Not Found"
    case 500: "Internal Server Error"
    default: "Status"
    }
}
