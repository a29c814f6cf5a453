/// An http or https URL as the client uses it: requests, origins, redirects and proxies all
/// go through this one parser (and `resolving(_:)` for references).
struct HTTPURL: Hashable, Sendable, CustomStringConvertible {
    enum Scheme: String, Sendable {
        case http, https

        var defaultPort: UInt16 { self == .https ? 443 : 80 }
    }

    var scheme: Scheme
    /// "user:password" as written in the URL (still percent-encoded), for Basic auth.
    var userinfo: String?
    /// The host as written, without the brackets of an IPv6 literal.
    var host: String
    /// The port the URL names; nil when it names none (the scheme's default applies).
    var explicitPort: UInt16?
    /// Path and query: what goes on the request line. Starts with "/"; no fragment.
    var target: String

    init(scheme: Scheme, userinfo: String? = nil, host: String, port: UInt16? = nil, target: String = "/") {
        self.scheme = scheme
        self.userinfo = userinfo
        self.host = host
        self.explicitPort = port
        self.target = target
    }

    var isSecure: Bool { scheme == .https }
    var port: UInt16 { explicitPort ?? scheme.defaultPort }

    /// The host is an IPv4 or IPv6 literal (no DNS, no SNI, checked against the certificate as an address).
    var hostIsAddress: Bool { IPAddress(host) != nil }

    /// The Host header: brackets around an IPv6 literal, the port only when it is not the default.
    var authority: String {
        port == scheme.defaultPort ? bracketedHost : "\(bracketedHost):\(port)"
    }

    /// host:port, always with the port: a CONNECT target, a proxy's name in messages.
    var hostAndPort: String { "\(bracketedHost):\(port)" }

    private var bracketedHost: String { host.contains(":") ? "[\(host)]" : host }

    /// Scheme, host (case-insensitive) and port: what decides whether headers may follow a redirect.
    var origin: String { "\(scheme.rawValue)://\(host.lowercased()):\(port)" }

    /// The URL without its userinfo, so it can appear in messages.
    var description: String { "\(scheme.rawValue)://\(authority)\(target)" }

    init(_ text: String) throws(HTTPFetchError) {
        guard let schemeEnd = text.firstRange(of: "://") else {
            throw .invalidURL("not an absolute http:// or https:// URL")
        }
        let schemeText = text[..<schemeEnd.lowerBound].lowercased()
        guard let scheme = Scheme(rawValue: schemeText) else {
            throw .invalidURL("unsupported scheme \"\(schemeText.prefix(16))\" (only http and https)")
        }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var hostPort = rest[..<authorityEnd]
        var userinfo: String?
        if let at = hostPort.lastIndex(of: "@") {
            userinfo = String(hostPort[..<at])
            hostPort = hostPort[hostPort.index(after: at)...]
        }

        let host: Substring
        var portText: Substring = ""
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw .invalidURL("unclosed \"[\" in the host") }
            host = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
            let after = hostPort[hostPort.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidURL("unexpected text after the IPv6 address") }
                portText = after.dropFirst()
            }
            guard IPAddress(host)?.isIPv6 == true else { throw .invalidURL("bad IPv6 address") }
        } else if let colon = hostPort.firstIndex(of: ":") {
            host = hostPort[..<colon]
            portText = hostPort[hostPort.index(after: colon)...]
        } else {
            host = hostPort
        }
        guard !host.isEmpty else { throw .invalidURL("no host") }
        guard host.utf8.allSatisfy({ Self.isHostByte($0) }) else {
            throw .invalidURL("the host has a character a host name cannot have (non-ASCII names need their xn-- form)")
        }

        var port: UInt16?
        if !portText.isEmpty {
            guard portText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(portText.prefix(6)),
                (1...65_535).contains(value)
            else {
                throw .invalidURL("bad port")
            }
            port = UInt16(value)
        }
        let pathAndQuery = rest[authorityEnd...].prefix { $0 != "#" }
        var target = try Self.encodeTarget(pathAndQuery)
        if !target.hasPrefix("/") { target = "/" + target }
        self.init(scheme: scheme, userinfo: userinfo, host: String(host), port: port, target: target)
    }

    /// Letters, digits and the few marks of host names and IP literals; '%' for a zone id is not taken.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: ":"):
            true
        default:
            false
        }
    }

    /// Non-ASCII bytes are percent-encoded (as browsers and libcurl do); spaces and control
    /// characters would break the request line, so they are refused.
    static func encodeTarget(_ text: Substring) throws(HTTPFetchError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if byte <= 0x20 || byte == 0x7F { throw .invalidURL("the URL contains a space or control character") }
            if byte >= 0x80 {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
