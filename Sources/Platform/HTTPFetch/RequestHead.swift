/// The bytes of a GET request head (RFC 9112 §3), or of a POST with its body.
enum RequestHead {
    static let userAgent = "departure-board"

    /// The caller's headers go out as given, and replace ours of the same name (Host,
    /// User-Agent, Accept-Encoding, Authorization, a body's Content-Type). "Connection: close"
    /// is always ours: one request per connection, and a body without a length ends when the
    /// server closes; so is a body's Content-Length.
    /// Through a proxy (plain http only: https goes through a tunnel) the request line carries
    /// the whole URL (absolute-form, RFC 9112 §3.2.2) and the proxy's credentials go with it.
    static func bytes(for url: HTTPURL, headers: [HTTPHeader], body: HTTPRequest.Body? = nil, proxy: ProxyServer? = nil) -> [UInt8] {
        let given = Set(headers.map { $0.name.lowercased() })
        var lines = ["\(body == nil ? "GET" : "POST") \(proxy == nil ? url.target : url.description) HTTP/1.1"]
        if !given.contains("host") { lines.append("Host: \(url.authority)") }
        if !given.contains("user-agent") { lines.append("User-Agent: \(userAgent)") }
        if !given.contains("accept-encoding") { lines.append("Accept-Encoding: gzip, deflate") }
        if let userinfo = url.userinfo, !given.contains("authorization") {
            lines.append("Authorization: Basic \(base64(percentDecoded(userinfo)))")
        }
        if let authorization = proxy?.authorization { lines.append("Proxy-Authorization: \(authorization.value)") }
        if let body {
            if !given.contains("content-type") { lines.append("Content-Type: \(body.contentType)") }
            lines.append("Content-Length: \(body.bytes.count)")
        }
        for header in headers where !["connection", "content-length"].contains(header.name.lowercased()) {
            lines.append(header.value.isEmpty ? "\(header.name):" : "\(header.name): \(header.value)")
        }
        lines.append("Connection: close")
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + (body?.bytes ?? [])
    }

    /// A CONNECT request (RFC 9110 §9.3.6): a tunnel to the URL's host and port, for TLS end to end.
    static func connect(to url: HTTPURL, through proxy: ProxyServer) -> [UInt8] {
        var lines = ["CONNECT \(url.hostAndPort) HTTP/1.1", "Host: \(url.hostAndPort)", "User-Agent: \(userAgent)"]
        if let authorization = proxy.authorization { lines.append("Proxy-Authorization: \(authorization.value)") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// "%41" → "A"; a '%' not followed by two hex digits stays as it is.
    static func percentDecoded(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for slot in 0..<4 {
                out.append(slot <= count ? alphabet[Int(group >> UInt32(18 - 6 * slot) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
