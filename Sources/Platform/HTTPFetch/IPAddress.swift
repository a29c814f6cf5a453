#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address literal as its bytes (`inet_pton`): the one reader of address
/// literals, for URLs, the resolver and `no_proxy`. No brackets.
struct IPAddress: Sendable, Equatable {
    let bytes: [UInt8]

    init?(_ text: some StringProtocol) {
        let text = String(text)
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    var isIPv6: Bool { bytes.count == 16 }
}
