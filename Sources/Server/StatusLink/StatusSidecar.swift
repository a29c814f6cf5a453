public import CKernel
#if canImport(Glibc)
import Glibc
#endif
public import Logging
import Locking
public import Retry
import SystemFiles
public import WebMessages

/// The sign's side of its status page: runs the status server as a child process
/// (`departure-board-web status`, which links the HTTP stack the sign itself does not),
/// answers the requests it forwards, and restarts it with backoff if it exits. Everything
/// runs on one thread of its own, so neither the server nor its death can stall the draw loop.
public final class StatusSidecar: Sendable {
    public struct Settings: Sendable {
        public var executable: String
        public var config: StatusServerConfig
        public var logLevel: String
        /// How the log names the address for a bound port (the board's own notation).
        public var address: @Sendable (_ port: Int) -> String
        /// Restart delays double from 1 s to a minute; a run of a minute resets them.
        public var backoff = Backoff(first: .seconds(1), cap: .seconds(60), resetAfter: .seconds(60))

        public init(
            executable: String, config: StatusServerConfig, logLevel: String,
            address: @escaping @Sendable (_ port: Int) -> String
        ) {
            self.executable = executable
            self.address = address
            self.config = config
            self.logLevel = logLevel
        }
    }

    private struct State {
        var stopped = false
        var child: pid_t?
        var link: LinkChannel?
        var port: Int?
        var starts = 0
        /// The supervisor's thread runs; stop() waits for it to end.
        var supervising = false
        var waitingForStop: [CheckedContinuation<Void, Never>] = []
    }

    private let settings: Settings
    private let answer: @Sendable (WebRequest) -> WebAnswer
    private let logger: Logger
    private let state = Locked(State())
    /// An eventfd that stop() signals, so a restart's backoff ends at once.
    private let wake: Int32

    /// `answer` runs on the sidecar's thread for every request the server admitted.
    public init(_ settings: Settings, logger: Logger, answer: @escaping @Sendable (WebRequest) -> WebAnswer) {
        self.settings = settings
        self.answer = answer
        self.logger = logger
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit { close(wake) }

    /// The port the server listens on, once it said so (tests ask for port 0).
    public var port: Int? { state.withLock { $0.port } }
    /// How many times the server process was started.
    public var starts: Int { state.withLock { $0.starts } }
    /// The running server's process id.
    public var serverProcess: pid_t? { state.withLock { $0.child } }

    public func start() {
        state.withLock { $0.supervising = true }
        if !DetachedThread.start({ [self] in supervise() }) {
            state.withLock { $0.supervising = false }
            logger.error("status page unavailable: no thread for its server")
        }
    }

    /// Stops the server (SIGTERM, SIGKILL after 2 s) and returns once it has been reaped.
    /// Waits without holding a thread: the supervisor's thread resumes it.
    public func stop() async {
        let (child, link) = state.withLock { state in
            state.stopped = true
            return (state.child, state.link)
        }
        if let child { kill(child, SIGTERM) }
        link?.shutDown()
        _ = eventfd_write(wake, 1)
        let escalation = Task {
            try? await Task.sleep(for: .seconds(2))
            if !Task.isCancelled, let child = state.withLock({ $0.child }) { kill(child, SIGKILL) }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                guard state.supervising else { return true }
                state.waitingForStop.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        escalation.cancel()
    }

    private var stopped: Bool { state.withLock { $0.stopped } }

    private func supervise() {
        defer {
            let waiting = state.withLock { state in
                state.supervising = false
                defer { state.waitingForStop = [] }
                return state.waitingForStop
            }
            waiting.forEach { $0.resume() }
        }
        var restarts = settings.backoff.counter()
        while !stopped {
            let began = ContinuousClock.now
            if let failure = runOnce() {
                logger.error("status page unavailable: \(failure)")
            }
            guard !stopped else { return }
            let delay = restarts.failed(afterRunning: ContinuousClock.now - began)
            logger.notice("restarting the status server in \(delay)")
            if sleepUnlessStopped(delay) { return }
        }
    }

    /// One life of the server process: start, serve its requests until the link ends, reap.
    /// Returns why it could not start, or nil once it has run and exited.
    private func runOnce() -> String? {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return "socketpair: \(String(cString: strerror(errno)))"
        }
        let link = LinkChannel(fd: pair[0])
        let spawned = HelperProcess.spawn(
            settings.executable, ["status", "--link-fd", "3", "--log-level", settings.logLevel],
            passing: pair[1], as: 3)
        close(pair[1])
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let why): return "cannot start \(settings.executable): \(why)"
        }
        let stopNow = state.withLock { state in
            state.child = pid
            state.link = link
            state.starts += 1
            return state.stopped
        }
        if stopNow { kill(pid, SIGTERM) }
        serve(link)
        link.shutDown()
        let status = HelperProcess.reap(pid)
        state.withLock { state in
            state.child = nil
            state.link = nil
            state.port = nil
        }
        if !stopped {
            logger.error("status server \(settings.executable) (pid \(pid)) \(status)")
        }
        return nil
    }

    private func serve(_ link: LinkChannel) {
        do throws(LinkError) {
            try link.send(.configure(settings.config))
            while let message = try link.receive() {
                switch message {
                case .listening(let port):
                    state.withLock { $0.port = port }
                    logger.info(
                        "status page at http://\(settings.address(port))/",
                        metadata: ["token": "\(settings.config.token == nil ? "none (loopback)" : "required")"])
                case .request(let id, let request):
                    try link.send(.answer(id: id, answer(request)))
                case .configure, .answer:
                    throw LinkError("unexpected message from the status server")
                }
            }
        } catch {
            // A broken or misbehaving server: end its link, reap it, start a fresh one.
            if !stopped { logger.error("status server link: \(error)") }
            if let child = state.withLock({ $0.child }) { kill(child, SIGTERM) }
        }
    }

    /// True when stop() came first.
    private func sleepUnlessStopped(_ delay: Duration) -> Bool {
        var poller = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
        _ = poll(&poller, 1, Int32(clamping: delay.wholeMilliseconds))
        return stopped
    }
}
