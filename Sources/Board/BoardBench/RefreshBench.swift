public import SourceAssembly
import BoardConfig
#if canImport(Glibc)
import Glibc
#endif
import BoardRuntime
import DeparturesCore
import DisplayBackends
import Logging
import PanelCatalog
import BoardAssembly

/// An e-paper board's refreshes over an hour, full and partial, and the panel time they took
/// by the panel table's figures.
public struct RefreshFigures: Sendable, Equatable {
    public var board: String
    public var full: Int
    public var partial: Int
    /// Seconds the panel spent refreshing in the hour (full × full time + partial × partial time).
    public var refreshingSeconds: Double

    public var text: String {
        let flashing = Int(refreshingSeconds.rounded())
        return "refreshes/hour \(board): \(full) full, \(partial) partial (\(flashing) s refreshing)\n"
    }
}

/// Runs an e-paper board as `run` does — its source, view model, layout, draw loop and its own
/// panel driver (on a counting bus) — over an hour of simulated time, and counts the refreshes
/// the driver sent. The driver's refresh rules read the same simulated clock.
public enum RefreshBench {
    /// The shipped e-paper boards that are here (bench runs from the repository's root).
    public static func shippedBoards() -> [String] {
        ["Boards/epaper-7in5.yaml", "Boards/epaper-7in5-bwr.yaml", "Boards/epaper-2in13.yaml"].filter { access($0, R_OK) == 0 }
    }

    /// The hour starts after the first frame (a sign's one full refresh at start-up).
    @MainActor
    public static func hour(of path: String, seconds: Int = 3600) async throws(AssemblyError) -> RefreshFigures {
        let start = Date.benchStart
        let checked = try CheckedBoard(path: path)
        let board = checked.board
        guard let times = SlowPanelRules.refreshTimes(of: board) else {
            throw AssemblyError(.usage, "\(path): output.driver: refreshes are counted for e-paper boards (uc8179, ssd1680)")
        }
        let clock = ManualBoardClock(now: start)
        let driver = try PanelAssembly.driver(
            for: board, io: CountingIO(),
            now: { [clock] in
                .milliseconds(Int64((clock.now.timeIntervalSince(start) * 1000).rounded()))
            })
        guard let paper = driver as? any EPaperDriver else {
            throw AssemblyError(.usage, "\(path): output.driver: \(board.output?.driver.rawValue ?? "none") is not an e-paper driver")
        }
        let coordinator = BoardCoordinator(
            viewModel: checked.setup.viewModel(clock: clock), renderer: checked.renderer,
            backend: PanelBackend(driver: driver, name: "count"), clock: clock,
            schedule: ScheduleAssembly.schedule(board), minimumFrameInterval: SlowPanelRules.minimumFrameInterval(for: board),
            logger: BoardSetup.quietLogger)
        // The draw loop and one refresh loop per source park on the clock between changes.
        let loops = 1 + board.sources.count
        coordinator.start()
        await clock.waitForSleepers(loops)
        let first = paper.refreshes
        for _ in 0..<seconds {
            clock.advance(by: .seconds(1))
            await clock.waitForSleepers(loops)
        }
        coordinator.stop()
        let full = paper.refreshes.full - first.full, partial = paper.refreshes.partial - first.partial
        let spent = Double(full) * times.full.timeInterval + Double(partial) * (times.partial ?? times.full).timeInterval
        return RefreshFigures(board: path, full: full, partial: partial, refreshingSeconds: spent)
    }
}
