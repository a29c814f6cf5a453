#if canImport(Glibc)
public import Glibc
#endif
import SystemFiles

/// systemd's readiness and watchdog protocol (sd_notify(3)): `KEY=VALUE` lines in one
/// datagram to the Unix socket named by `$NOTIFY_SOCKET` (`@name` is the abstract namespace).
/// Spoken directly rather than through libsystemd, so the sign needs no extra library.
public final class SystemdNotifier: Sendable {
    public let socketPath: String
    private let fd: Int32

    /// nil when the service manager asked for nothing (no `$NOTIFY_SOCKET`, or not a Unix path).
    public init?(environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], path.hasPrefix("/") || path.hasPrefix("@"),
            path.utf8.count < MemoryLayout<sockaddr_un>.size - MemoryLayout<sa_family_t>.size
        else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        socketPath = path
    }

    deinit { close(fd) }

    /// Sends the lines as one datagram; false when the manager could not be reached.
    @discardableResult
    public func notify(_ lines: [String]) -> Bool {
        let message = Array(lines.joined(separator: "\n").utf8)
        let sent = UnixSocketAddress.with(socketPath) { address, length in
            message.withUnsafeBytes { bytes in
                sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), address, length)
            }
        }
        return sent == message.count
    }

    /// How often the manager wants `WATCHDOG=1`, from `$WATCHDOG_USEC`; nil when the
    /// watchdog is off or meant for another process (`$WATCHDOG_PID`).
    public static func watchdogInterval(environment: [String: String], pid: Int32 = getpid()) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let micros = Int64(text), micros > 0 else { return nil }
        if let owner = environment["WATCHDOG_PID"], Int32(owner) != pid { return nil }
        return .microseconds(micros)
    }
}
