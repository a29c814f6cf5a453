#if canImport(Glibc)
import Glibc
#endif

/// Maps what the system reported (a getaddrinfo code, a socket errno) to an `HTTPFetchError`
/// group. Pure, so the offline and unreachable cases are tested without any network.
enum Classification {
    /// A name the DNS says does not exist (EAI_NONAME: NXDOMAIN) is the board's mistake and
    /// named as such; every other DNS failure (no answer, no server, no network: EAI_AGAIN,
    /// EAI_FAIL, a system error) means "cannot reach the service from here": offline.
    static func resolveFailure(code: Int32, errno systemErrno: Int32, host: String) -> HTTPFetchError {
        if code == EAI_MEMORY { return .other("cannot resolve \(host): out of memory") }
        let reason = code == EAI_SYSTEM ? errorText(systemErrno) : String(cString: gai_strerror(code)).lowercased()
        if code == EAI_NONAME { return .hostNotFound("no such host \(host) (\(reason)): check the URL's spelling") }
        return .offline("cannot resolve \(host): \(reason)")
    }

    /// A failed connect() to one address. Refused means a host answered; no route means we are offline.
    static func connectFailure(errno code: Int32, address: String, port: UInt16) -> HTTPFetchError {
        let message = "\(address) port \(port): \(errorText(code))"
        switch code {
        case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN, EADDRNOTAVAIL, EAFNOSUPPORT:
            return .offline(message)
        case ETIMEDOUT:
            return .timedOut(message)
        default:
            return .connectionFailed(message)
        }
    }

    /// A failed send() or recv() on an established connection.
    static func transferFailure(errno code: Int32) -> HTTPFetchError {
        switch code {
        case ETIMEDOUT: .timedOut(errorText(code))
        case ENETUNREACH, EHOSTUNREACH, ENETDOWN: .offline(errorText(code))
        default: .connectionFailed(errorText(code))
        }
    }

    /// strerror's text, lower-cased at the start to sit inside a sentence ("connection refused").
    static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
