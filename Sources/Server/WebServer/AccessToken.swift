import SystemFiles
public import WebMessages

/// The secret a non-loopback server asks for. Presented as `Authorization: Bearer <token>`
/// (Prometheus, curl, a sign's `api_key_*`), as the password of HTTP Basic auth (a phone's
/// browser asks once and resends it for the page's image), or in an `X-API-Key` header.
public struct AccessToken: Sendable {
    private let secret: [UInt8]

    /// nil for an empty secret: an empty token would let anyone in.
    public init?(_ text: String) {
        guard let trimmed = SecretText.trimmed(text) else { return nil }
        secret = Array(trimmed.utf8)
    }

    /// True when the request carries the secret in any accepted form.
    public func admits(_ request: WebRequest) -> Bool {
        var candidates: [[UInt8]] = []
        if let key = request.header("x-api-key") { candidates.append(Array(key.utf8)) }
        if let authorization = request.header("authorization") {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2 {
                let scheme = parts[0].lowercased(), value = parts[1].trimmingLeadingSpaces
                if scheme == "bearer" { candidates.append(Array(value.utf8)) }
                if scheme == "basic", let decoded = Base64.decode(value),
                    let colon = decoded.firstIndex(of: UInt8(ascii: ":"))
                {
                    candidates.append(Array(decoded[(colon + 1)...]))
                }
            }
        }
        // Every candidate is compared in full, so the time taken says nothing about the secret.
        var admitted = false
        for candidate in candidates where Self.constantTimeEqual(candidate, secret) { admitted = true }
        return admitted
    }

    /// Compares every byte of the longer input whatever the first difference.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        let length = max(a.count, b.count)
        for index in 0..<length {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}

extension Substring {
    fileprivate var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}

/// RFC 4648 base64 decoding, for HTTP Basic credentials only.
enum Base64 {
    static func decode(_ text: Substring) -> [UInt8]? {
        var bits: UInt32 = 0, count = 0
        var out: [UInt8] = []
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            bits = bits << 6 | value
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
            }
        }
        return out
    }
}
