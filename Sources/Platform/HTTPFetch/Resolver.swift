#if canImport(Glibc)
import Glibc
#endif
import CKernel
import Locking
import SystemFiles

/// One address to connect to, kept as the bytes of its sockaddr so it can cross threads.
struct SocketAddress: Sendable, Equatable {
    var family: Int32
    var bytes: [UInt8]

    /// The address as text ("127.0.0.1", "::1"), for messages.
    var text: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let offset = family == AF_INET6 ? 8 : 4  // sin6_addr / sin_addr within the sockaddr
        let ok = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress! + offset, &buffer, socklen_t(buffer.count)) != nil }
        return ok ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }
}

/// Name to addresses. getaddrinfo has no timeout of its own, so a name is looked up on a
/// helper thread and the transfer stops waiting at its deadline (the helper finishes alone).
enum Resolver {
    typealias Lookup = @Sendable (_ host: String, _ port: UInt16) -> Result<[SocketAddress], HTTPFetchError>

    static func resolve(
        _ host: String, port: UInt16, deadlines: Deadlines, cancel: CancelSignal, lookup: @escaping Lookup = systemLookup
    ) -> Result<[SocketAddress], HTTPFetchError> {
        if IPAddress(host) != nil { return lookup(host, port) }  // numeric: no DNS, no wait
        let pending = PendingLookup()
        guard pending.fd >= 0 else { return .failure(.other("cannot create an eventfd for the DNS lookup")) }
        let started = DetachedThread.start { pending.finish(lookup(host, port)) }
        guard started else { return .failure(.other("could not start the DNS lookup thread")) }
        while true {
            switch wait(for: pending.fd, Int16(POLLIN), until: deadlines.next, cancel: cancel) {
            case .cancelled:
                return .failure(.cancelled)
            case .ready, .timedOut:
                if let result = pending.result { return result }
                if let expired = deadlines.expired() { return .failure(expired) }
            }
        }
    }

    /// getaddrinfo for TCP; every address it returns, IPv6 and IPv4 interleaved (RFC 8305's
    /// order) so that one unreachable family does not use up every attempt.
    @Sendable static func systemLookup(_ host: String, _ port: UInt16) -> Result<[SocketAddress], HTTPFetchError> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_protocol = Int32(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, nil, &hints, &list)
        guard code == 0 else {
            return .failure(Classification.resolveFailure(code: code, errno: errno, host: host))
        }
        defer { freeaddrinfo(list) }
        var v6: [SocketAddress] = []
        var v4: [SocketAddress] = []
        var node = list
        while let entry = node?.pointee {
            node = entry.ai_next
            guard let address = entry.ai_addr else { continue }
            var bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(entry.ai_addrlen)))
            // sin_port and sin6_port sit at the same offset, in network order.
            bytes[2] = UInt8(port >> 8)
            bytes[3] = UInt8(port & 0xFF)
            let item = SocketAddress(family: entry.ai_family, bytes: bytes)
            if entry.ai_family == AF_INET6, !v6.contains(item) { v6.append(item) }
            if entry.ai_family == AF_INET, !v4.contains(item) { v4.append(item) }
        }
        var ordered: [SocketAddress] = []
        let firstIsV6 = list?.pointee.ai_family != AF_INET
        let (first, second) = firstIsV6 ? (v6, v4) : (v4, v6)
        for index in 0..<max(first.count, second.count) {
            if index < first.count { ordered.append(first[index]) }
            if index < second.count { ordered.append(second[index]) }
        }
        guard !ordered.isEmpty else { return .failure(.offline("\(host) has no IPv4 or IPv6 address")) }
        return .success(ordered)
    }
}

/// The helper thread's answer, and an eventfd that wakes the waiting transfer.
private final class PendingLookup: Sendable {
    let fd = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
    private let answer = Locked<Result<[SocketAddress], HTTPFetchError>?>(nil)

    deinit {
        if fd >= 0 { close(fd) }
    }

    var result: Result<[SocketAddress], HTTPFetchError>? { answer.withLock { $0 } }

    func finish(_ result: Result<[SocketAddress], HTTPFetchError>) {
        answer.withLock { $0 = result }
        var one: UInt64 = 1
        _ = write(fd, &one, MemoryLayout<UInt64>.size)
    }
}
