import BoardRuntime
import DeparturesCore
import Logging

/// A board as a long-running service: starts it, answers stop, reload and refresh events
/// (from signals or any other front end), and keeps the running board when a reload fails.
@MainActor
public final class BoardService {
    public private(set) var board: RunningBoard
    private let path: String?
    private let output: OutputTarget
    private let clock: any BoardClock
    private let logger: Logger

    public init(path: String?, output: OutputTarget, clock: any BoardClock = SystemBoardClock(), logger: Logger) throws(AssemblyError) {
        self.path = path
        self.output = output
        self.clock = clock
        self.logger = logger
        board = try RunningBoard(path: path, output: output, clock: clock, logger: logger)
    }

    /// Runs until a stop event (SIGTERM, SIGINT) and returns once the panel is asleep.
    public func run(until events: some AsyncSequence<ProcessSignal, Never>) async throws(AssemblyError) {
        // Buttons are wired once per run: a reload keeps the lines it already holds.
        let buttons = try ScheduleAssembly.buttons(board.board)
        if let buttons {
            Task { @MainActor [weak self] in
                for await action in buttons.presses {
                    switch action {
                    case .refresh: self?.board.coordinator.refreshNow()
                    case .nextPage: self?.board.coordinator.nextPage()
                    }
                }
            }
        }
        defer { buttons?.stop() }
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
            replacement = try CheckedBoard(path: path)
        } catch {
            logger.error("reload failed, keeping the running board: \(error.description)")
            return
        }
        board.coordinator.stop()
        do {
            board = try RunningBoard(replacement, output: output, clock: clock, logger: logger)
            logger.info("board reloaded", metadata: ["board": "\(replacement.board.path)"])
        } catch {
            // The new board's devices would not open: go back to the old board.
            logger.error("reload failed, restarting the previous board: \(error.description)")
            board = (try? RunningBoard(board.checked, output: output, clock: clock, logger: logger)) ?? board
        }
        board.coordinator.start()
    }
}
