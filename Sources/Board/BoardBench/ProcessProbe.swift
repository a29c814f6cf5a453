#if canImport(Glibc)
import Glibc
#endif
import CKernel
public import SourceAssembly
import SystemFiles

/// Start-up and memory of the program as users run it: this same binary as a child process,
/// measured from outside. Peak memory is the child's own VmHWM as it exits (see `wait`); the first frame is the `READY=1` that `run` sends systemd once a frame
/// reached its output, caught on a notify socket of our own.
public struct ProcessProbe: Sendable {
    public struct Figures: Sendable {
        public var label: String
        public var peakKiB: Int
        /// From spawn to READY=1 (`run`), or to exit (`render`).
        public var firstFrame: Duration?
        public var exitStatus: Int32
        /// User + system CPU of the child over its life, and that life (`run` only).
        public var cpu: (used: Duration, over: Duration)?
        /// Lines of the child's own log worth showing (a HUB75 board's delivery figures).
        public var notes: [String] = []

        public var text: String {
            let frame = firstFrame.map { "\(formatted(BenchMeasurement.microseconds($0) / 1000)) ms" } ?? "none"
            let load =
                cpu.map { used, over in
                    ", CPU \(formatted(BenchMeasurement.microseconds(used) / 1000)) ms in \(formatted(BenchMeasurement.microseconds(over) / 1_000_000)) s "
                        + "(\(formatted(100 * BenchMeasurement.microseconds(used) / max(1, BenchMeasurement.microseconds(over)))) % of a core)"
                } ?? ""
            return "\(label): peak RSS \(formatted(Double(peakKiB) / 1024)) MiB, "
                + "start-up to first frame \(frame)\(load)\(exitStatus == 0 ? "" : ", exit \(exitStatus)")\n"
                + notes.map { "  \($0)\n" }.joined()
        }
    }

    public let executable: String
    public let scratch: String

    /// This program, with a new scratch folder under TMPDIR (the caller removes it).
    public static func inScratchFolder() throws(AssemblyError) -> ProcessProbe {
        guard let executable = OwnExecutable.path() else { throw AssemblyError(.io, "/proc/self/exe: cannot find this program") }
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(temporary)/departure-board-bench-XXXXXX".utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw AssemblyError(.io, "cannot make a scratch folder for bench")
        }
        return ProcessProbe(executable: executable, scratch: folder)
    }

    public init(executable: String, scratch: String) {
        self.executable = executable
        self.scratch = scratch
    }

    /// `render --board B --output scratch/probe.png`: one frame, then exit.
    public func render(board: String) -> Figures {
        let clock = ContinuousClock()
        let began = clock.now
        let ending = spawnAndWait(["render", "--board", board, "--output", scratch + "/probe.png"], environment: [])
        return Figures(label: "render \(board)", peakKiB: ending.peakKiB, firstFrame: clock.now - began, exitStatus: ending.status)
    }

    /// Any command of this program, its stderr kept in `stderrPath` (and its stdout in
    /// `stdoutPath`): for tests that bound what a run may cost (a hostile zip, say), and
    /// `bench --gtfs-zip`.
    public func measure(_ arguments: [String], stderrPath: String, stdoutPath: String = "/dev/null") -> Figures {
        let clock = ContinuousClock()
        let began = clock.now
        guard let pid = spawn(arguments, environment: [], stdoutPath: stdoutPath, stderrPath: stderrPath) else {
            return Figures(label: arguments.joined(separator: " "), peakKiB: 0, firstFrame: nil, exitStatus: -1)
        }
        let ending = wait(pid, traced: ck_ptrace_seize_exit(pid) == 0)
        return Figures(
            label: arguments.joined(separator: " "), peakKiB: ending.peakKiB, firstFrame: clock.now - began, exitStatus: ending.status)
    }

    /// `run --board B` on a trace bus (`--output` for boards without a panel) for `seconds`,
    /// then SIGTERM, as systemd stops it.
    /// `output` replaces the trace or image (a HUB75 board copy that names its driver needs none);
    /// lines of its log that contain one of `keep` become the figures' notes.
    public func run(board: String, panel: Bool, seconds: Int, output custom: [String]? = nil, keep: [String] = []) -> Figures {
        let socketPath = scratch + "/notify.sock"
        unlink(socketPath)
        let socketFD = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(socketFD); unlink(socketPath) }
        guard socketFD >= 0, bind(socketFD, path: socketPath) else {
            return Figures(label: "run \(board)", peakKiB: 0, firstFrame: nil, exitStatus: -1)
        }
        let output = custom ?? (panel ? ["--trace", scratch + "/probe.trace"] : ["--output", scratch + "/probe.png"])
        let logPath = scratch + "/probe.log"
        defer { unlink(logPath) }
        let clock = ContinuousClock()
        let began = clock.now
        guard
            let pid = spawn(
                ["run", "--board", board, "--log-level", keep.isEmpty ? "error" : "info"] + output,
                environment: ["NOTIFY_SOCKET=" + socketPath], stderrPath: keep.isEmpty ? "/dev/null" : logPath)
        else {
            return Figures(label: "run \(board)", peakKiB: 0, firstFrame: nil, exitStatus: -1)
        }
        let deadline = began + .seconds(seconds)
        var ready: Duration?
        while clock.now < deadline {
            let left = deadline - clock.now
            var entry = pollfd(fd: socketFD, events: Int16(POLLIN), revents: 0)
            let waitMs = Int32(min(max(left.wholeMilliseconds, 1), 1000))
            guard poll(&entry, 1, waitMs) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(socketFD, &buffer, buffer.count, 0)
            if count > 0, ready == nil, String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").contains("READY=1") {
                ready = clock.now - began
            }
        }
        // Attached before SIGTERM: a child that exits before the attach has no exit stop to read.
        let traced = ck_ptrace_seize_exit(pid) == 0
        kill(pid, SIGTERM)
        let ending = wait(pid, traced: traced)
        var figures = Figures(label: "run \(board)", peakKiB: ending.peakKiB, firstFrame: ready, exitStatus: ending.status)
        let ticksPerSecond = max(1, sysconf(Int32(_SC_CLK_TCK)))
        figures.cpu = (.milliseconds(ending.cpuTicks * 1000 / ticksPerSecond), clock.now - began)
        if !keep.isEmpty, let log = try? BoundedFile.read(logPath, maxBytes: 1 << 20) {
            figures.notes = String(decoding: log, as: UTF8.self).split(separator: "\n").map(String.init)
                .filter { line in keep.contains { line.contains($0) } }
        }
        return figures
    }

    private func bind(_ fd: Int32, path: String) -> Bool {
        UnixSocketAddress.with(path) { Glibc.bind(fd, $0, $1) == 0 } ?? false
    }

    private func spawnAndWait(_ arguments: [String], environment: [String]) -> Ending {
        guard let pid = spawn(arguments, environment: environment) else { return Ending(status: -1) }
        return wait(pid, traced: ck_ptrace_seize_exit(pid) == 0)
    }

    /// The child's own stdout and stderr go to /dev/null (or to the paths given): only its figures matter here.
    private func spawn(
        _ arguments: [String], environment extra: [String], stdoutPath: String = "/dev/null",
        stderrPath: String = "/dev/null"
    ) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var environment: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if !text.hasPrefix("NOTIFY_SOCKET=") && !text.hasPrefix("WATCHDOG_") { environment.append(text) }
            entry += 1
        }
        environment += extra
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 ? pid : nil
    }

    /// How a child ended: its exit status (or 128 + signal), its own peak resident KiB (VmHWM)
    /// and its user + system CPU in clock ticks (/proc/PID/stat).
    private struct Ending {
        var status: Int32
        var peakKiB = 0
        var cpuTicks = 0
    }

    /// Waits for the child; peak and CPU are read when it stops at its exit under ptrace.
    /// wait4's ru_maxrss cannot serve: for a child started by posix_spawn it also counts the
    /// parent's pages at exec time. `traced`: attached with ck_ptrace_seize_exit (without it
    /// peak and CPU stay 0).
    private func wait(_ pid: pid_t, traced: Bool) -> Ending {
        var ending = Ending(status: -1)
        var status: Int32 = 0
        while true {
            if waitpid(pid, &status, traced ? Int32(__WALL) : 0) < 0 {
                if errno == EINTR { continue }
                return ending
            }
            if status & 0xff == 0x7f {  // stopped under ptrace
                if ck_is_exit_stop(status) != 0 {
                    ending.peakKiB = ProcessStatus.of(process: String(pid))?["VmHWM"] ?? ending.peakKiB
                    ending.cpuTicks = Self.cpuTicks(of: pid) ?? ending.cpuTicks
                    _ = ck_ptrace_continue(pid, 0)
                } else {
                    // Another signal (SIGTERM from us, say): deliver it as if no one watched.
                    _ = ck_ptrace_continue(pid, status >> 16 == 0 ? (status >> 8) & 0xff : 0)
                }
                continue
            }
            let exited = status & 0x7f == 0
            ending.status = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            return ending
        }
    }

    /// utime + stime of a process, fields 14 and 15 of /proc/PID/stat (after the command's parentheses).
    static func cpuTicks(of pid: pid_t) -> Int? {
        guard let bytes = try? BoundedFile.read("/proc/\(pid)/stat", maxBytes: 4096),
            let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = String(decoding: bytes[(close + 1)...], as: UTF8.self).split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
