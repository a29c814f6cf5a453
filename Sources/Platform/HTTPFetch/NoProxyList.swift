#if canImport(Glibc)
import Glibc
#endif

/// `no_proxy` as curl matches it: a comma list of host names, each matching itself and every
/// name under it (a leading dot changes nothing: `.example.org` and `example.org` both match
/// `example.org` and `www.example.org`), IP addresses matched exactly or by CIDR prefix
/// (`10.0.0.0/8`, `fd00::/8`; IPv6 without brackets), and `*` alone for every host.
struct NoProxyList: Sendable, Equatable {
    private let everything: Bool
    private let entries: [String]

    init(_ text: String?) {
        let value = (text ?? "").trimmingSpaces
        everything = value == "*"
        entries = value.split(separator: ",").map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
    }

    func contains(_ host: String) -> Bool {
        if everything { return true }
        if let address = IPAddress(host) {
            return entries.contains { entry in CIDR(entry).map { $0.contains(address) } ?? false }
        }
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return entries.contains { entry in
            var suffix = Substring(entry)
            if suffix.hasSuffix(".") { suffix = suffix.dropLast() }
            if suffix.hasPrefix(".") { suffix = suffix.dropFirst() }
            guard !suffix.isEmpty else { return false }
            return name == suffix || name.hasSuffix("." + suffix)
        }
    }
}

/// An IPv4 or IPv6 address as its bytes.
private struct IPAddress: Equatable {
    let bytes: [UInt8]

    init?(_ text: some StringProtocol) {
        var text = String(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
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
}

/// An address and how many leading bits must agree (all of them without "/bits").
private struct CIDR {
    let network: IPAddress
    let bits: Int

    init?(_ entry: String) {
        let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let network = IPAddress(parts[0]) else { return nil }
        let width = network.bytes.count * 8
        if parts.count == 2 {
            guard let bits = Int(parts[1]), (0...width).contains(bits) else { return nil }
            self.bits = bits
        } else {
            bits = width
        }
        self.network = network
    }

    func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        for index in 0..<(bits + 7) / 8 {
            let kept = min(8, bits - index * 8)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
            if (address.bytes[index] ^ network.bytes[index]) & mask != 0 { return false }
        }
        return true
    }
}
