public import ProgramSupport
public import SourceAssembly
public import BoardRuntime
public import DeparturesCore
public import Logging
public import StatusLink
import BoardConfig
import HTTPFetch

/// A board as a long-running service: starts it, answers stop, reload and refresh events
/// (from signals or any other front end), and keeps the running board when a reload fails.
@MainActor
public final class BoardService {
    public private(set) var board: RunningBoard
    private let path: String?
    private let output: OutputTarget
    private let clock: any BoardClock
    private let logger: Logger
    private let environment: [String: String]
    private let proxyEnvironment: ProxyEnvironment
    /// The systemd watchdog and the status page's feed: kept across reloads.
    private var observers: [any DrawLoopObserver] = []
    private var watchdog: ServiceWatchdog?
    /// The latest health, for the status page; written by the draw loop.
    public let health = BoardHealthStore()
    private var statusSidecar: StatusSidecar?
    /// The status server program (departure-board-web); nil when it is not installed.
    private let webServerExecutable: String?

    /// `environment` is the process's (NOTIFY_SOCKET, WATCHDOG_USEC, the status token's variable,
    /// the proxy variables); injected so tests need not change the process environment.
    public init(
        path: String?, output: OutputTarget, clock: any BoardClock = SystemBoardClock(), logger: Logger,
        environment: [String: String] = [:],
        webServerExecutable: String? = HelperExecutable.find(HelperExecutable.webServerName)
    ) throws(AssemblyError) {
        self.path = path
        self.webServerExecutable = webServerExecutable
        self.output = output
        self.clock = clock
        self.logger = logger
        self.environment = environment
        proxyEnvironment = ProxyEnvironment(environment)
        board = try RunningBoard(
            path: path, output: output, clock: clock, logger: logger,
            proxyEnvironment: proxyEnvironment)
        if let notifier = SystemdNotifier(environment: environment) {
            let interval = SystemdNotifier.watchdogInterval(environment: environment)
            let watchdog = ServiceWatchdog(notifier: notifier, watchdogInterval: interval)
            self.watchdog = watchdog
            observers.append(watchdog)
            logger.debug("systemd notify socket", metadata: ["watchdog": "\(interval.map { "\($0)" } ?? "off")"])
        }
        if board.board.status != nil {
            observers.append(HealthPublisher(store: health))
        }
    }

    /// The status page's port once it listens (tests ask for port 0).
    public var statusPort: Int? { statusSidecar?.port }
    /// The status server's process, while one runs.
    public var statusServerProcess: Int32? { statusSidecar?.serverProcess }

    /// Runs until a stop event (SIGTERM, SIGINT) and returns once the panel is asleep.
    public func run(until events: some AsyncSequence<ProcessSignal, Never>) async throws(AssemblyError) {
        try startStatusPage()
        try await drive(until: events)
        await statusSidecar?.stop()
        watchdog?.stopping()
    }

    private func drive(until events: some AsyncSequence<ProcessSignal, Never>) async throws(AssemblyError) {
        // Buttons are wired once per run: a reload keeps the lines it already holds.
        let buttons = try ScheduleAssembly.buttons(board.board)
        if let buttons {
            Task { @MainActor [weak self] in
                for await action in buttons.presses {
                    switch action {
                    case .refresh: self?.board.coordinator.refreshNow()
                    case .nextPage: self?.board.coordinator.nextPage()
                    case .speak: self?.board.coordinator.speakNow()
                    }
                }
            }
        }
        defer { buttons?.stop() }
        board.coordinator.observers = observers
        board.coordinator.start()
        for await signal in events {
            switch signal {
            case .terminate, .interrupt:
                logger.info("stopping", metadata: ["signal": "\(signal)"])
                board.coordinator.stop()
                return
            case .hangup:
                reload()
            case .user1:
                board.coordinator.refreshNow()
            }
        }
        board.coordinator.stop()
    }

    /// Checks the file first: a broken one leaves the running board untouched.
    public func reload() {
        let replacement: CheckedBoard
        do {
            replacement = try CheckedBoard(path: path, proxyEnvironment: proxyEnvironment)
        } catch {
            logger.error("reload failed, keeping the running board: \(error.description)")
            return
        }
        board.coordinator.stop()
        let statusBefore = board.board.status
        do {
            board = try RunningBoard(replacement, output: output, clock: clock, logger: logger)
            logger.info("board reloaded", metadata: ["board": "\(replacement.board.path)"])
            if replacement.board.status != statusBefore {
                logger.warning("status: changes to the status section take effect at the next start")
            }
        } catch {
            // The new board's devices would not open: go back to the old board.
            logger.error("reload failed, restarting the previous board: \(error.description)")
            board = (try? RunningBoard(board.checked, output: output, clock: clock, logger: logger)) ?? board
        }
        board.coordinator.observers = observers
        board.coordinator.start()
    }

    /// A token that cannot be read stops the start (the board file names it); a missing
    /// server program or a port that cannot be bound does not: the sign matters more than its
    /// page, whose server is restarted with backoff.
    private func startStatusPage() throws(AssemblyError) {
        guard let status = board.board.status else { return }
        let token = try ConfiguredToken.read(status.token, file: board.board.path, keyPath: "status", environment: environment)
        guard let webServerExecutable else {
            let places = HelperExecutable.candidates(HelperExecutable.webServerName).joined(separator: " or ")
            logger.error(
                "status page unavailable: its server program \(HelperExecutable.webServerName) is not installed (looked for \(places))")
            return
        }
        let sidecar = StatusAssembly.sidecar(
            status, token: token, executable: webServerExecutable, store: health,
            clock: clock, logger: logger)
        sidecar.start()
        statusSidecar = sidecar
    }
}
