#if canImport(Glibc)
import Glibc
#endif

/// The proxy variables of a process environment, read once by the program and handed down,
/// spelled as curl reads them: `http_proxy` in lower case only (a web server sets HTTP_PROXY
/// from a request's `Proxy:` header, "httpoxy"), `https_proxy` and `no_proxy` in either case,
/// the lower-case spelling winning even when it is empty. `all_proxy` is not read: it often
/// names a SOCKS proxy, which this client does not speak.
public struct ProxyEnvironment: Sendable, Equatable {
    public var httpProxy: String?
    public var httpsProxy: String?
    public var noProxy: String?

    public init(httpProxy: String? = nil, httpsProxy: String? = nil, noProxy: String? = nil) {
        self.httpProxy = httpProxy
        self.httpsProxy = httpsProxy
        self.noProxy = noProxy
    }

    /// From a process environment's variables (`ProcessInfo.processInfo.environment`, say).
    public init(_ variables: [String: String]) {
        self.init { variables[$0] }
    }

    /// From a lookup of one variable (getenv, where Foundation is not linked).
    public init(lookup variable: (String) -> String?) {
        httpProxy = variable("http_proxy")
        httpsProxy = variable("https_proxy") ?? variable("HTTPS_PROXY")
        noProxy = variable("no_proxy") ?? variable("NO_PROXY")
    }

    /// This process's proxy variables, read when a program or command starts and handed down.
    public static var ofThisProcess: ProxyEnvironment {
        ProxyEnvironment { getenv($0).map { String(cString: $0) } }
    }
}

/// Which proxy each request takes: one per scheme, and the hosts always reached directly.
/// A proxy setting that is not a usable URL fails the requests it would carry, naming the
/// variable, rather than sending them around the proxy.
public struct ProxySettings: Sendable, Equatable {
    var http: Result<ProxyServer, HTTPFetchError>?
    var https: Result<ProxyServer, HTTPFetchError>?
    var bypass: NoProxyList

    /// Every request direct.
    public static let direct = ProxySettings(http: nil, https: nil, bypass: NoProxyList(nil))

    private init(
        http: Result<ProxyServer, HTTPFetchError>?, https: Result<ProxyServer, HTTPFetchError>?,
        bypass: NoProxyList
    ) {
        self.http = http
        self.https = https
        self.bypass = bypass
    }

    /// As curl takes the environment: http_proxy for http URLs, https_proxy for https ones
    /// (an empty value: direct), no_proxy's hosts direct.
    public init(environment: ProxyEnvironment) {
        self.init(
            http: Self.server(environment.httpProxy, name: "http_proxy"),
            https: Self.server(environment.httpsProxy, name: "https_proxy"),
            bypass: NoProxyList(environment.noProxy))
    }

    /// A board file's choice over the environment: `server` carries both schemes (no_proxy's
    /// hosts still go direct, as with curl's --proxy), `direct` ignores every variable.
    public init(choice: ProxyChoice?, environment: ProxyEnvironment) {
        switch choice {
        case nil: self.init(environment: environment)
        case .direct: self = .direct
        case .server(let server): self.init(http: .success(server), https: .success(server), bypass: NoProxyList(environment.noProxy))
        }
    }

    /// The proxy for `url`, nil to connect directly.
    func server(for url: HTTPURL) throws(HTTPFetchError) -> ProxyServer? {
        guard let chosen = url.isSecure ? https : http, !bypass.contains(url.host) else { return nil }
        return try chosen.get()
    }

    /// The proxy `url` would go through (host:port), nil when direct; for messages and `validate`.
    public func proxy(for url: String) throws(HTTPFetchError) -> ProxyServer? {
        try server(for: HTTPURL(url))
    }

    private static func server(_ value: String?, name: String) -> Result<ProxyServer, HTTPFetchError>? {
        guard let value, !value.trimmingSpaces.isEmpty else { return nil }
        do {
            return .success(try ProxyServer(url: value))
        } catch {
            guard case .invalidURL(let reason) = error else { return .failure(error) }
            return .failure(.invalidURL("\(name): \(reason)"))
        }
    }
}
