/// One request header. Values may carry secrets (API keys), so `description` redacts them.
public struct HTTPHeader: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Redacted so that logging a request never prints a key.
    public var description: String { "\(name): <redacted>" }
}

/// How long a GET may wait and how much it may bring back. Each source holds one; the
/// defaults are the departures API's (the seed app's): a 30 s polling loop on a small device.
public struct FetchLimits: Sendable, Equatable {
    /// Longest silence allowed, in each step: the DNS lookup, connecting, the TLS handshake,
    /// waiting for the first byte, and between reads of the body.
    public var requestTimeout: Duration
    /// Longest the whole exchange may take.
    public var resourceTimeout: Duration
    /// A body larger than this fails with `.responseTooLarge` instead of growing memory.
    public var maxResponseBytes: Int

    public init(
        requestTimeout: Duration = .seconds(8), resourceTimeout: Duration = .seconds(15),
        maxResponseBytes: Int = 1 << 20
    ) {
        self.requestTimeout = requestTimeout
        self.resourceTimeout = resourceTimeout
        self.maxResponseBytes = maxResponseBytes
    }
}

/// A GET request with its limits, or a POST when it carries a body.
public struct HTTPRequest: Sendable, Equatable {
    /// What a POST sends: bytes of one media type (a SIRI `ServiceRequest` as `text/xml`).
    public struct Body: Sendable, Equatable {
        public var contentType: String
        public var bytes: [UInt8]

        public init(contentType: String, bytes: [UInt8]) {
            self.contentType = contentType
            self.bytes = bytes
        }
    }

    public var url: String
    public var headers: [HTTPHeader]
    /// Sent with POST; nil sends a GET.
    public var postBody: Body?
    public var limits: FetchLimits
    /// Redirects followed before giving up.
    public var maxRedirects: Int
    /// When set, the body streams into this file (created or truncated) instead of memory,
    /// for downloads far larger than anything a board keeps; the response body is then empty.
    public var bodyFile: String?

    public init(
        url: String, headers: [HTTPHeader] = [], limits: FetchLimits = FetchLimits(),
        maxRedirects: Int = 3, bodyFile: String? = nil, postBody: Body? = nil
    ) {
        self.url = url
        self.headers = headers
        self.postBody = postBody
        self.limits = limits
        self.maxRedirects = maxRedirects
        self.bodyFile = bodyFile
    }
}

/// A completed exchange. Any status, including 4xx/5xx, arrives here.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]
    public var contentType: String?
    /// The final response's header fields in arrival order (after a redirect: the last hop's).
    public var headers: [HTTPHeader]
    /// The proxy (host:port) the final request went through; nil when it went direct.
    public var proxy: String?

    public init(status: Int, body: [UInt8], contentType: String? = nil, headers: [HTTPHeader] = []) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.headers = headers
    }

    /// " through proxy host:port" when a proxy carried the request, else "": a 403 or 407
    /// from the proxy itself then does not read as the server's answer.
    public var throughProxy: String { proxy.map { " through proxy \($0)" } ?? "" }

    /// The first header field named `name`, compared case-insensitively (ASCII), as RFC 9110 asks.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}

/// Why a request produced no response. Grouped by what the app does about it
/// (show "offline", retry later, report a misconfiguration...).
public enum HTTPFetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No DNS answer, network or host unreachable, no route.
    case offline(String)
    /// The DNS answered that the name does not exist: a typo in the board, not the network.
    case hostNotFound(String)
    /// Which timeout fired, and after how long.
    case timedOut(String)
    /// Refused, reset, closed before a complete response, empty reply.
    case connectionFailed(String)
    case responseTooLarge(limit: Int)
    /// Certificate or handshake problems.
    case tls(String)
    case cancelled
    case invalidURL(String)
    case other(String)

    public var description: String {
        switch self {
        case .offline(let m): "offline: \(m)"
        case .hostNotFound(let m): "host not found: \(m)"
        case .timedOut(let m): "timed out: \(m)"
        case .connectionFailed(let m): "connection failed: \(m)"
        case .responseTooLarge(let limit): "response larger than \(limit) bytes"
        case .tls(let m): "TLS error: \(m)"
        case .cancelled: "cancelled"
        case .invalidURL(let m): "invalid URL: \(m)"
        case .other(let m): "HTTP error: \(m)"
        }
    }
}

/// Seam for tests and alternative transports.
public protocol HTTPFetching: Sendable {
    /// A GET, or a POST when the request has a `postBody` (named for the GET nearly every
    /// source sends). Non-2xx statuses are not errors here: they are returned with their status.
    func get(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse
}
