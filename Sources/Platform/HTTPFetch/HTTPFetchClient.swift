#if canImport(Glibc)
import Glibc
#endif
import SystemFiles

/// HTTP/1.1 GET (and POST) over POSIX sockets, TLS through the system's OpenSSL 3 loaded on the first
/// https request. Each request runs on its own thread, so blocking never happens on Swift's
/// cooperative pool.
public struct HTTPFetchClient: HTTPFetching {
    /// A PEM file of trusted certificates used instead of the system's (tests); nil means the
    /// default verify paths, which honour SSL_CERT_FILE and SSL_CERT_DIR.
    public var trustStore: String?
    /// Which requests go through a proxy. Given, never read here: the program reads its
    /// environment once (`ProxySettings(environment:)`) and a board file may override it.
    public var proxy: ProxySettings

    public init(trustStore: String? = nil, proxy: ProxySettings = .direct) {
        self.trustStore = trustStore
        self.proxy = proxy
    }

    /// Follows redirects itself, so headers (the API key) are never sent to another origin:
    /// a cross-origin redirect goes out without them.
    public func get(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
        var url = try HTTPURL(request.url)
        try Transfer.validate(request)
        var current = request
        for _ in 0...max(0, request.maxRedirects) {
            // Chosen per hop: a redirect may lead to a host no_proxy names.
            let outcome = try await transfer(current, url: url, proxy: proxy.server(for: url))
            guard let location = outcome.location else { return outcome.response }
            let next = try Self.redirect(from: url, to: location)
            if next.origin != url.origin { current.headers = [] }
            // Only 307 and 308 repeat a POST as it was; after 301, 302 and 303 clients GET
            // the new place (RFC 9110 §15.4).
            if ![307, 308].contains(outcome.response.status) { current.postBody = nil }
            url = next
        }
        throw .other("more than \(request.maxRedirects) redirects")
    }

    /// The Location resolved against the URL that answered; only http and https are followed.
    static func redirect(from url: HTTPURL, to location: String) throws(HTTPFetchError) -> HTTPURL {
        let scheme = URLReference(location.trimmingSpaces).scheme?.lowercased()
        if let scheme, HTTPURL.Scheme(rawValue: scheme) == nil { throw .invalidURL("redirect to a non-HTTP location") }
        do {
            return try url.resolving(location)
        } catch {
            guard case .invalidURL(let reason) = error else { throw error }
            throw .invalidURL("redirect to a bad URL: \(reason)")
        }
    }

    private func transfer(
        _ request: HTTPRequest, url: HTTPURL, proxy: ProxyServer?
    ) async throws(HTTPFetchError) -> Transfer.Outcome {
        let cancel = CancelSignal()
        let trustStore = trustStore
        let result: Result<Transfer.Outcome, HTTPFetchError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let started = DetachedThread.start {
                    blockSIGPIPE()
                    continuation.resume(returning: Transfer.run(request, url: url, proxy: proxy, trustStore: trustStore, cancel: cancel))
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
