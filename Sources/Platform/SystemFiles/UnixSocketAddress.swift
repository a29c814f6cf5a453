#if canImport(Glibc)
public import Glibc
#endif

/// A Unix socket's name as the `sockaddr_un` that bind, connect and sendto take: the one
/// place that fills it (the HUB75 driver's socket, systemd's notify socket, bench's own).
public enum UnixSocketAddress {
    /// Calls `body` with the address and its exact length; nil when the name does not fit.
    /// A leading `@` names an abstract socket, as systemd writes them in `$NOTIFY_SOCKET`.
    public static func with<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        // A filesystem path needs room for its NUL; an abstract name is exactly as long as given.
        guard !bytes.isEmpty, bytes.count + (abstract ? 0 : 1) <= MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
