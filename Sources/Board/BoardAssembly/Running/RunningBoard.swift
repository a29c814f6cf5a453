public import SourceAssembly
public import BoardConfig
import BoardRender
public import BoardRuntime
public import DeparturesCore
public import DisplayBackends
public import Logging
public import HTTPFetch

/// One board running: source, view model, renderer and backend wired into a coordinator.
/// Any front end (the command line, a status server, a test) assembles a board with one call.
@MainActor
public final class RunningBoard {
    public let checked: CheckedBoard
    public let coordinator: BoardCoordinator

    public var board: BoardFile { checked.board }
    public var viewModel: BoardViewModel { coordinator.viewModel }

    /// Assembles the board; nothing runs until `coordinator.start()`.
    public init(
        _ checked: CheckedBoard, output: OutputTarget, clock: any BoardClock, logger: Logger,
        hardware: (BoardFile) throws(AssemblyError) -> any PanelIO = PanelAssembly.hardwareBus
    ) throws(AssemblyError) {
        self.checked = checked
        let backend = try output.backend(for: checked.board, hardware: hardware, logger: logger)
        coordinator = BoardCoordinator(
            viewModel: checked.setup.viewModel(clock: clock, logger: logger), renderer: checked.renderer,
            backend: backend, clock: clock, schedule: ScheduleAssembly.schedule(checked.board),
            light: LightAssembly.setup(checked.board, logger: logger),
            minimumFrameInterval: output.drivesPanel ? SlowPanelRules.minimumFrameInterval(for: checked.board) : .zero,
            logger: logger)
        coordinator.speaker = SpeechAssembly.speaker(for: checked.board, logger: logger)
        coordinator.announcements = ScheduleAssembly.announcements(checked.board)
        for warning in checked.warnings { logger.warning("\(warning)") }
    }

    /// Reads, checks and assembles the board file at `path` in one call.
    public convenience init(
        path: String?, output: OutputTarget, clock: any BoardClock = SystemBoardClock(),
        logger: Logger, proxyEnvironment: ProxyEnvironment = ProxyEnvironment()
    ) throws(AssemblyError) {
        try self.init(CheckedBoard(path: path, proxyEnvironment: proxyEnvironment), output: output, clock: clock, logger: logger)
    }
}
