#if canImport(Glibc)
import Glibc
#endif
import SystemFiles

/// HTTP/1.1 GET over POSIX sockets, TLS through the system's OpenSSL 3 loaded on the first
/// https request. Each request runs on its own thread, so blocking never happens on Swift's
/// cooperative pool. No proxy: `http_proxy` and `https_proxy` are not read.
public struct HTTPFetchClient: HTTPFetching {
    /// A PEM file of trusted certificates used instead of the system's (tests); nil means the
    /// default verify paths, which honour SSL_CERT_FILE and SSL_CERT_DIR.
    public var trustStore: String?

    public init(trustStore: String? = nil) {
        self.trustStore = trustStore
    }

    /// Follows redirects itself, so headers (the API key) are never sent to another origin:
    /// a cross-origin redirect goes out without them.
    public func get(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
        var current = request
        for _ in 0...max(0, request.maxRedirects) {
            let response = try await transfer(current)
            guard (300..<400).contains(response.status), let location = response.redirectURL else { return response }
            let lower = location.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                throw .invalidURL("redirect to a non-HTTP location")
            }
            if !Self.sameOrigin(current.url, location) { current.headers = [] }
            current.url = location
        }
        throw .other("more than \(request.maxRedirects) redirects")
    }

    /// Scheme, host and port agree (default ports made explicit).
    static func sameOrigin(_ a: String, _ b: String) -> Bool {
        origin(a) != nil && origin(a) == origin(b)
    }

    static func origin(_ url: String) -> String? {
        let lower = url.lowercased()
        guard let schemeEnd = lower.firstRange(of: "://") else { return nil }
        let scheme = String(lower[..<schemeEnd.lowerBound])
        var authority = lower[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let hasPort = authority.last.map(\.isNumber) == true && authority.contains(":") && !authority.hasSuffix("]")
        let port = hasPort ? "" : (scheme == "https" ? ":443" : ":80")
        return scheme + "://" + authority + port
    }

    private func transfer(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
        let cancel = CancelSignal()
        let trustStore = trustStore
        let result: Result<HTTPResponse, HTTPFetchError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let started = DetachedThread.start {
                    blockSIGPIPE()
                    continuation.resume(returning: Transfer.run(request, trustStore: trustStore, cancel: cancel))
                }
                if !started {
                    continuation.resume(returning: .failure(.other("could not start transfer thread")))
                }
            }
        } onCancel: {
            cancel.cancel()
        }
        return try result.get()
    }
}

/// OpenSSL writes to the socket with write(), which raises SIGPIPE when the server has gone.
/// Blocked on this dedicated thread only, the signal stays pending here and ends with the thread.
private func blockSIGPIPE() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &set, nil)
}
