import BoardRender
import BoardRuntime
import DeparturesCore
import DisplayBackends
import Foundation
import Framebuffer
import Logging
import Testing

/// A slow panel's board: frames only when the rows change, never closer than the panel's
/// `min_refresh_interval`, and a change that comes too soon is drawn late, not dropped.
@Suite(.timeLimit(.minutes(10)))
@MainActor
struct CoordinatorFrameIntervalTests {
    /// 09:35:00 and 09:35:20 leave the board a grace minute later, 20 s apart; 09:52:40 and 10:20 stay.
    static let departures =
        CoordinatorTests.departures + [
            Departure(
                tripID: "d", routeShortName: "T2", headsign: "Leppington", scheduledTimeSecs: 34_520,
                realtimeTimeSecs: 34_520, delaySeconds: 0, isRealtime: true)
        ]

    /// Runs `minutes` of simulated time in 1 s steps; returns the seconds after 09:30 of each frame.
    func run(minutes: Int, interval: Duration, columns: Set<LayoutOptions.Column>, clock showsClock: Bool) async -> [Int] {
        let clock = ManualBoardClock(now: CoordinatorTests.start)
        let backend = RecordingBackend()
        backend.clock = clock
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: CoordinatorTests.zone))
        let viewModel = BoardViewModel(
            boardName: "Test", useCase: LoadDeparturesUseCase(repository: ScriptedSource(Self.departures), rules: rules),
            clock: clock,
            policy: RefreshPolicy(
                interval: .seconds(60), maxBackoff: .seconds(300),
                staleLimit: .seconds(7200)))
        let options = LayoutOptions(
            width: 256, height: 64, format: .gray4, rows: 3, font: CoordinatorTests.font,
            clock: showsClock, columns: columns, pageInterval: .seconds(3600))
        let coordinator = BoardCoordinator(
            viewModel: viewModel, renderer: BoardRenderer(options: options), backend: backend,
            clock: clock, minimumFrameInterval: interval, logger: Logger(label: "test"))
        coordinator.start()
        await clock.waitForSleepers(2)
        for _ in 0..<(minutes * 60) {
            clock.advance(by: .seconds(1))
            await clock.waitForSleepers(2)
        }
        coordinator.stop()
        return backend.times.map { Int($0.timeIntervalSince(CoordinatorTests.start)) }
    }

    static let times: Set<LayoutOptions.Column> = [.route, .headsign, .delay, .time]

    @Test func departureTimesRedrawOnlyWhenADepartureLeaves() async {
        let frames = await run(minutes: 60, interval: .zero, columns: Self.times, clock: false)
        // Loading, then the rows; then only departures leaving, a grace minute after their
        // time: 09:35:00, 09:35:20, 09:52:40 and 10:20. Nothing else on the board changes.
        #expect(frames == [0, 0, 361, 381, 1421, 3061])
        let counting = await run(minutes: 60, interval: .zero, columns: Self.times.union([.countdown]), clock: true)
        #expect(counting.count >= 60, "countdowns and a clock change every minute: \(counting.count)")
    }

    @Test func framesKeepTheirIntervalAndALateChangeIsDrawnWhenItEnds() async {
        let free = await run(minutes: 10, interval: .zero, columns: Self.times, clock: false)
        #expect(free == [0, 0, 361, 381], "two departures leave 20 s apart")
        let held = await run(minutes: 10, interval: .seconds(30), columns: Self.times, clock: false)
        for (earlier, later) in zip(held, held.dropFirst()) {
            #expect(later - earlier >= 30, "\(held)")
        }
        // The rows wait for the loading frame's interval; the second departure's leaving is
        // drawn when the interval after the first ends, not lost until the next change.
        #expect(held == [0, 30, 361, 391])
    }
}
