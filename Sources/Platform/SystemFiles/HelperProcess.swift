public import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// Starting and reaping a helper process of the sign's own (its status server, a HUB75 driver).
public enum HelperProcess {
    /// Starts `executable` with `arguments`, the descriptor `fd` as the child's `target`, no
    /// other descriptors beyond stdin/stdout/stderr, default signal handling (the sign blocks
    /// the signals it waits for) and an empty environment: the sign's holds API keys and
    /// systemd's notify socket, and the child needs neither.
    public static func spawn(
        _ executable: String, _ arguments: [String], passing fd: Int32, as target: Int32
    ) -> Result<pid_t, HelperProcessError> {
        // dup2 onto itself would keep close-on-exec: start from a descriptor above the target.
        let source = fcntl(fd, F_DUPFD_CLOEXEC, target + 1)
        guard source >= 0 else { return .failure(HelperProcessError(errno)) }
        defer { close(source) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, source, target)
        ck_spawn_close_from(&actions, target + 1)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, &environment)
        return rc == 0 ? .success(pid) : .failure(HelperProcessError(rc))
    }

    /// Waits for the child and says how it ended, in words for the log.
    public static func reap(_ pid: pid_t) -> String {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return "could not be waited for: \(String(cString: strerror(errno)))" }
        }
        return describe(status)
    }

    /// How a process ended, from its wait status, in words for the log.
    public static func describe(_ status: Int32) -> String {
        if status & 0x7f == 0 { return "exited with status \((status >> 8) & 0xff)" }
        let signal = status & 0x7f
        return "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
    }
}

public struct HelperProcessError: Error, CustomStringConvertible {
    public let code: Int32
    init(_ code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}
