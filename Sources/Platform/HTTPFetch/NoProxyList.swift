/// `no_proxy` as curl matches it: a comma list of host names, each matching itself and every
/// name under it (a leading dot changes nothing: `.example.org` and `example.org` both match
/// `example.org` and `www.example.org`), IP addresses matched exactly or by CIDR prefix
/// (`10.0.0.0/8`, `fd00::/8`; IPv6 without brackets), and `*` alone for every host.
struct NoProxyList: Sendable, Equatable {
    private let everything: Bool
    /// Name entries without their leading and trailing dots (every entry, addresses too, as curl).
    private let names: [String]
    /// The entries that are addresses or networks.
    private let networks: [CIDR]

    init(_ text: String?) {
        let value = (text ?? "").trimmingSpaces
        everything = value == "*"
        let entries = value.split(separator: ",").map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
        names = entries.compactMap { entry in
            var suffix = Substring(entry)
            if suffix.hasSuffix(".") { suffix = suffix.dropLast() }
            if suffix.hasPrefix(".") { suffix = suffix.dropFirst() }
            return suffix.isEmpty ? nil : String(suffix)
        }
        networks = entries.compactMap(CIDR.init)
    }

    /// `host` as a URL holds it: an IPv6 address without brackets.
    func contains(_ host: String) -> Bool {
        if everything { return true }
        if let address = IPAddress(host) {
            return networks.contains { $0.contains(address) }
        }
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return names.contains { suffix in name == suffix || name.hasSuffix("." + suffix) }
    }
}

/// An address and how many leading bits must agree (all of them without "/bits").
private struct CIDR: Sendable, Equatable {
    let network: IPAddress
    let bits: Int

    init?(_ entry: String) {
        let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        var address = parts[0]
        if address.hasPrefix("["), address.hasSuffix("]") { address = address.dropFirst().dropLast() }
        guard let network = IPAddress(address) else { return nil }
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
