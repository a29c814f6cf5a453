import CCurl
import Glibc
import SystemFiles
import Synchronization

/// curl_global_init must run once, before any handle exists; a global `let`
/// is initialised lazily, exactly once and thread-safely.
private let curlGlobalInitFailure: String? = {
    let rc = db_curl_global_init_default()
    return rc == CURLE_OK ? nil : "curl_global_init failed (curl \(rc.rawValue))"
}()

/// libcurl-backed client. Each request runs curl's multi interface on its own
/// thread so blocking never happens on Swift's cooperative pool.
public struct CurlHTTPClient: HTTPFetching {
    public init() {}

    /// Follows redirects itself rather than letting curl do it, so headers (the API key)
    /// are never sent to another origin: a cross-origin redirect goes out without them.
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
        if let failure = curlGlobalInitFailure { throw .other(failure) }
        let signal = CancelSignal()
        let result: Result<HTTPResponse, HTTPFetchError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let started = DetachedThread.start {
                    continuation.resume(returning: CurlTransfer.run(request, signal: signal))
                }
                if !started {
                    continuation.resume(returning: .failure(.other("could not start transfer thread")))
                }
            }
        } onCancel: {
            signal.cancel()
        }
        return try result.get()
    }
}

/// Shared by the awaiting task (which may cancel) and the transfer thread.
final class CancelSignal: Sendable {
    private struct State {
        var cancelled = false
        /// Bit pattern of the multi handle (0 = none); an integer keeps the state Sendable.
        var multi: UInt = 0
    }

    private let state = Mutex(State())

    /// Sets the flag and wakes curl_multi_poll so the loop notices at once.
    func cancel() {
        state.withLock { s in
            s.cancelled = true
            if let multi = UnsafeMutableRawPointer(bitPattern: s.multi) { _ = curl_multi_wakeup(multi) }
        }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Publishes the multi handle for wakeups; must be detached before cleanup.
    func attach(_ multi: UnsafeMutableRawPointer) { 
        let bits = UInt(bitPattern: multi)
        state.withLock { $0.multi = bits }
    }

    func detach() { state.withLock { $0.multi = 0 } }
}

extension Duration {
    /// Whole milliseconds, clamped to a range curl's `long` options accept.
    var clampedMilliseconds: Int {
        let (seconds, attoseconds) = components
        if seconds >= 1_000_000_000 { return 1_000_000_000_000 }
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
