/// Talking to an HTTP proxy: reaching it, the CONNECT tunnel https goes through, and errors
/// that name the proxy (host:port, never its credentials).
enum ProxyTunnel {
    static func connect(
        to proxy: ProxyServer, _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) -> Connection {
        do {
            return try Transfer.open(proxy.host, port: proxy.port, &deadlines, cancel)
        } catch {
            throw unreachable(proxy, error)
        }
    }

    /// Every request goes out through the proxy, so one that cannot be reached (refused, no
    /// route, no DNS answer) leaves the board offline; a timeout stays a timeout.
    static func unreachable(_ proxy: ProxyServer, _ error: HTTPFetchError) -> HTTPFetchError {
        switch error {
        case .offline(let message), .connectionFailed(let message): .offline("proxy \(proxy) is unreachable: \(message)")
        case .timedOut(let message): .timedOut("proxy \(proxy): \(message)")
        default: error
        }
    }

    /// Asks the proxy for a tunnel to the URL's host and port; TLS then runs through it end to end.
    static func open(
        _ stream: inout ResponseStream, to url: HTTPURL, through proxy: ProxyServer,
        _ deadlines: inout Deadlines, _ cancel: CancelSignal
    ) throws(HTTPFetchError) {
        deadlines.phase = .tunnelling
        let head: ResponseHead
        do {
            try stream.send(RequestHead.connect(to: url, through: proxy), &deadlines, cancel)
            head = try stream.readHead(&deadlines, cancel)
        } catch {
            switch error {
            case .connectionFailed(let message): throw .connectionFailed("proxy \(proxy): \(message)")
            case .timedOut(let message): throw .timedOut("proxy \(proxy): \(message)")
            default: throw error
            }
        }
        // Any 2xx opens the tunnel (RFC 9110 §9.3.6); its answer has no body.
        guard (200..<300).contains(head.status) else { throw refusal(head, by: proxy, tunnelTo: url) }
    }

    /// A proxy that answered but will not carry the request: a setting to fix, not an outage.
    static func refusal(_ head: ResponseHead, by proxy: ProxyServer, tunnelTo url: HTTPURL?) -> HTTPFetchError {
        let answer = head.reason.isEmpty ? "\(head.status)" : "\(head.status) \(head.reason)"
        if head.status == 407 {
            let why =
                proxy.hasCredentials
                ? "refused the user name and password in its URL"
                : "wants a user name and password (http://user:password@host:port)"
            return .connectionFailed("proxy \(proxy) \(why): \(answer)")
        }
        let what = url.map { "a tunnel to \($0.hostAndPort)" } ?? "the request"
        return .connectionFailed("proxy \(proxy) refused \(what): \(answer)")
    }
}
