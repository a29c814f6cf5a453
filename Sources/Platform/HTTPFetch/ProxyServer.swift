/// One HTTP proxy: where to connect, and the Basic credentials its URL carried. It prints as
/// host:port only, so it can sit in messages and logs without its credentials.
public struct ProxyServer: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The port of a proxy URL that names none: curl's.
    static let defaultPort: UInt16 = 1080

    /// The proxy's own address (http, no userinfo, no path).
    let address: HTTPURL
    /// The Proxy-Authorization value, when the URL had a user name.
    let authorization: Redacted?

    var host: String { address.host }
    var port: UInt16 { address.port }
    public var hasCredentials: Bool { authorization != nil }

    /// `http://[user:password@]host[:port][/]`, or `host[:port]` (http is assumed, as curl does).
    /// TLS to the proxy (https://) and SOCKS are not spoken. Errors never repeat the text:
    /// it may hold a password.
    public init(url text: String) throws(HTTPFetchError) {
        let trimmed = text.trimmingSpaces
        let written = trimmed.contains("://") ? trimmed : "http://" + trimmed
        let scheme = written.prefix { $0 != ":" }.lowercased()
        guard scheme == "http" else {
            let hint = scheme == "https" ? " (TLS to the proxy is not supported; most proxies take http://)" : ""
            throw .invalidURL("unsupported proxy scheme \"\(scheme.prefix(16))\": only http:// proxies\(hint)")
        }
        var url: HTTPURL
        do {
            url = try HTTPURL(written)
        } catch {
            guard case .invalidURL(let reason) = error else { throw error }
            throw .invalidURL("not a proxy URL: \(reason)")
        }
        guard url.target == "/" else { throw .invalidURL("a proxy URL has no path or query") }
        authorization = url.userinfo.map { Redacted("Basic " + RequestHead.base64(RequestHead.percentDecoded($0))) }
        url.userinfo = nil
        url.explicitPort = url.explicitPort ?? Self.defaultPort
        address = url
    }

    public var description: String { address.hostAndPort }
    public var debugDescription: String { "proxy \(address.hostAndPort)" }
}

/// A value that must never be printed (a password in a header): every rendering is redacted.
struct Redacted: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: String

    init(_ value: String) { self.value = value }

    var description: String { "<redacted>" }
    var debugDescription: String { "<redacted>" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Whether a board's requests go through a proxy, as a board file says it: absent (nil), the
/// environment decides; `direct` ignores the environment; `server` names the proxy.
public enum ProxyChoice: Sendable, Equatable {
    case direct
    case server(ProxyServer)
}
