import SystemFiles

/// A request as the handlers see it: Hummingbird stays inside WebServer, so the status page
/// and the hub are plain functions from a request to a response, testable without a socket,
/// and the sign answers its status page without linking a server (see StatusLink).
public struct WebRequest: Sendable {
    public var method: String
    /// The path without its query, percent-decoding left to the handler.
    public var path: String
    public var query: [String: String]
    /// Header names in lower case.
    public var headers: [String: String]

    public init(method: String = "GET", path: String, query: [String: String] = [:], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A whole response, body included: every page here is small and built before it is sent.
public struct WebResponse: Sendable, Equatable {
    public var status: Int
    /// In order; names as they are sent.
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    public static func == (lhs: WebResponse, rhs: WebResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { "\($0.0): \($0.1)" } == rhs.headers.map { "\($0.0): \($0.1)" }
    }

    public static func bytes(_ body: [UInt8], type: String, status: Int = 200, headers: [(String, String)] = []) -> WebResponse {
        WebResponse(status: status, headers: [("Content-Type", type)] + headers, body: body)
    }

    public static func text(_ text: String, status: Int = 200) -> WebResponse {
        bytes(Array(text.utf8), type: "text/plain; charset=utf-8", status: status, headers: [("Cache-Control", "no-store")])
    }

    /// `{"error": "…"}`: errors a program can read as well as a person.
    public static func jsonError(_ message: String, status: Int) -> WebResponse {
        bytes(
            Array(("{\"error\":" + JSONString.quoted(message) + "}").utf8), type: "application/json",
            status: status, headers: [("Cache-Control", "no-store")])
    }
}

/// Answers requests; one per server. Never blocks: anything slow belongs to a background task
/// whose latest result the handler reads.
public protocol WebHandler: Sendable {
    func respond(to request: WebRequest) async -> WebResponse
}

/// What a page answers when the process serving it is not the one that knows its facts:
/// a whole response, or metric samples that the server turns into Prometheus' text format.
public enum WebAnswer: Sendable {
    case response(WebResponse)
    case metrics([MetricSample])
}
