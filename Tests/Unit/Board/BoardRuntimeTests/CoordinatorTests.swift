import BoardRender
import BoardRuntime
import DeparturesCore
import DisplayBackends
import Foundation
import TestPaths
import Framebuffer
import Logging
import Locking
import Testing
import ZoneInfo

/// A backend that remembers what it was shown.
final class RecordingBackend: DisplayBackend {
    let name = "recording"
    var frames: [Framebuffer] = []
    var damages: [[Rect]] = []
    var shutdowns = 0
    var blanks = 0
    /// The instants frames were presented at (set by the test's clock).
    var times: [Date] = []
    var clock: ManualBoardClock?
    func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError) {
        frames.append(frame)
        damages.append(damage)
        if let clock { times.append(clock.now) }
    }
    func blank() { blanks += 1 }
    func shutdown() { shutdowns += 1 }
    /// Contrasts set, in order.
    var contrasts: [UInt8] = []
    func setContrast(_ value: UInt8) { contrasts.append(value) }
}

/// A source that answers once, then hangs until cancelled (a server that stopped answering).
final class HangingAfterFirstRepository: DeparturesRepository, @unchecked Sendable {
    let first: [Departure]
    private let calls = Locked(0)
    init(_ first: [Departure]) { self.first = first }
    var callCount: Int { calls.withLock { $0 } }
    func departures() async throws(DeparturesError) -> [Departure] {
        let call = calls.withLock { value -> Int in
            value += 1
            return value
        }
        if call == 1 { return first }
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        throw .failed(detail: "cancelled")
    }
}

/// Waits are event-driven (the clock says when loops park); the limit only catches a hang.
@Suite(.timeLimit(.minutes(10)))
@MainActor
struct CoordinatorTests {
    static let zone: TimeZoneRules = { try! TimeZoneRules.load("Australia/Sydney") }()
    static let start = Date(timeIntervalSince1970: 1_795_386_600)  // 2026-11-23T09:30:00+11:00
    static let font: BDFFont = {
        try! BDFFont.load(path: PackageRoot.path + "/Fonts/board-6x12.bdf")
    }()

    /// 09:35, 09:52:40 and 10:20 on 2026-11-23 (service-day seconds).
    nonisolated static let departures = [
        Departure(
            tripID: "a", routeShortName: "T1", headsign: "Emu Plains", scheduledTimeSecs: 34_500,
            realtimeTimeSecs: 34_500, delaySeconds: 0, isRealtime: true),
        Departure(
            tripID: "b", routeShortName: "T4", headsign: "Cronulla", scheduledTimeSecs: 35_500,
            realtimeTimeSecs: 35_560, delaySeconds: 60, isRealtime: true),
        Departure(
            tripID: "c", routeShortName: "T8", headsign: "Airport", scheduledTimeSecs: 37_200,
            realtimeTimeSecs: 37_200, delaySeconds: 0, isRealtime: false),
    ]

    func makeCoordinator(
        _ repository: any DeparturesRepository, clock: ManualBoardClock, backend: RecordingBackend,
        schedule: BoardSchedule? = nil, logger: Logger = Logger(label: "test")
    ) -> BoardCoordinator {
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Self.zone))
        let viewModel = BoardViewModel(
            boardName: "Test", useCase: LoadDeparturesUseCase(repository: repository, rules: rules),
            clock: clock,
            policy: RefreshPolicy(
                interval: .seconds(30), maxBackoff: .seconds(300),
                staleLimit: .seconds(7200)))
        let options = LayoutOptions(width: 256, height: 64, format: .gray4, rows: 3, font: Self.font, pageInterval: .seconds(8))
        return BoardCoordinator(
            viewModel: viewModel, renderer: BoardRenderer(options: options), backend: backend,
            clock: clock, schedule: schedule, logger: logger)
    }

    /// Waits (real time) until every task waiting on the clock is parked.
    /// Waits until `sleepers` loops are parked on the clock; a hang is caught by the suite's time limit.
    func settle(_ clock: ManualBoardClock, sleepers: Int) async {
        await clock.waitForSleepers(sleepers)
    }

    @Test func anHourRedrawsOnlyWhenSomethingVisibleChanges() async {
        let clock = ManualBoardClock(now: Self.start)
        let backend = RecordingBackend()
        let coordinator = makeCoordinator(ScriptedSource(Self.departures), clock: clock, backend: backend)
        coordinator.start()
        await settle(clock, sleepers: 2)
        for _ in 0..<3600 {
            clock.advance(by: .seconds(1))
            await settle(clock, sleepers: 2)
        }
        coordinator.stop()
        // The clock changes every minute, the delayed departure's countdown at :40 of each
        // minute, and departures leave: about a hundred visible changes in the hour.
        #expect(backend.frames.count >= 60, "the clock moved every minute")
        #expect(backend.frames.count <= 150, "\(backend.frames.count) frames")
        for index in 1..<backend.frames.count {
            #expect(backend.frames[index] != backend.frames[index - 1], "frame \(index) shows a change")
            #expect(!backend.damages[index].isEmpty)
        }
        // Wake-ups come from planned changes and the 120 refreshes' new data, not from polling
        // (a once-a-second poll would wake 3600 times).
        #expect(coordinator.wakeups <= backend.frames.count + 2 * 120 + 10, "\(coordinator.wakeups) wake-ups")
        #expect(backend.shutdowns == 1)
    }

    @Test func theNextPageButtonTurnsThePageAtOnce() async {
        let clock = ManualBoardClock(now: Self.start)
        let backend = RecordingBackend()
        // Eight departures on three rows a page: three pages.
        let many = (0..<8).map { index in
            Departure(
                tripID: "t\(index)", routeShortName: "T\(index)", headsign: "Stop \(index)",
                scheduledTimeSecs: 34_500 + index * 120, realtimeTimeSecs: 34_500 + index * 120,
                delaySeconds: 0, isRealtime: true)
        }
        let coordinator = makeCoordinator(ScriptedSource(many), clock: clock, backend: backend)
        coordinator.start()
        await settle(clock, sleepers: 2)
        let before = backend.frames.count
        coordinator.nextPage()
        let deadline = ContinuousClock.now + .seconds(30)
        while backend.frames.count == before && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        #expect(backend.frames.count == before + 1, "drawn without waiting for the page interval")
        #expect(backend.frames.last != backend.frames[before - 1])
        coordinator.stop()
    }

    @Test func aHangingServerNeverStopsTheCountdown() async {
        let clock = ManualBoardClock(now: Self.start)
        let backend = RecordingBackend()
        let repository = HangingAfterFirstRepository(Self.departures)
        let coordinator = makeCoordinator(repository, clock: clock, backend: backend)
        coordinator.start()
        await settle(clock, sleepers: 2)
        let afterFirstData = backend.frames.count
        // The next refresh hangs forever; only the draw loop is left sleeping on the clock.
        for _ in 0..<10 {
            clock.advance(by: .seconds(60))
            await settle(clock, sleepers: 1)
        }
        #expect(repository.callCount == 2, "the second fetch is still hanging")
        #expect(backend.frames.count >= afterFirstData + 10, "the countdown kept moving: \(backend.frames.count) frames")
        #expect(backend.frames.last != backend.frames[afterFirstData - 1])
        coordinator.stop()
    }
}

/// Waits are event-driven (the clock says when loops park); the limit only catches a hang.
@Suite(.timeLimit(.minutes(10)))
@MainActor
struct ScheduledCoordinatorTests {
    let base = CoordinatorTests()

    /// Counts fetches.
    final class CountingSource: DeparturesRepository, @unchecked Sendable {
        private let calls = Locked<[Date]>([])
        let clock: ManualBoardClock
        init(clock: ManualBoardClock) { self.clock = clock }
        var times: [Date] { calls.withLock { $0 } }
        func departures() async throws(DeparturesError) -> [Departure] {
            let now = clock.now
            calls.withLock { $0.append(now) }
            return CoordinatorTests.departures
        }
    }

    func run(from start: Date, minutes: Int, schedule: BoardSchedule) async -> (RecordingBackend, CountingSource) {
        let clock = ManualBoardClock(now: start)
        let backend = RecordingBackend()
        backend.clock = clock
        let source = CountingSource(clock: clock)
        let coordinator = base.makeCoordinator(source, clock: clock, backend: backend, schedule: schedule)
        coordinator.start()
        // Parked on the clock with no fetch in flight: a fetch must happen at the instant it
        // was decided, not after the test has moved the clock on.
        func idle() async {
            await base.settle(clock, sleepers: 1)
            let deadline = ContinuousClock.now + .seconds(60)
            while coordinator.viewModel.isRefreshing && ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(1))
            }
            await base.settle(clock, sleepers: 1)
        }
        await idle()
        for _ in 0..<minutes * 2 {
            clock.advance(by: .seconds(30))
            await idle()
        }
        coordinator.stop()
        return (backend, source)
    }

    @Test func screenOffHoursAcrossMidnightBlankThePanelAndDrawNothing() async {
        // 22:50 Sydney, screen off 23:00–05:00, run until 05:10.
        let start = CoordinatorTests.start.addingTimeInterval(13 * 3600 + 20 * 60)
        let schedule = BoardSchedule(screenOff: [DailyWindow(parsing: "23:00-05:00")!])
        let (backend, _) = await run(from: start, minutes: 380, schedule: schedule)
        #expect(backend.blanks == 1)
        let off = start.addingTimeInterval(10 * 60), on = start.addingTimeInterval(370 * 60)
        #expect(backend.times.contains { $0 < off }, "drawn before 23:00")
        #expect(!backend.times.contains { $0 >= off && $0 < on }, "nothing drawn between 23:00 and 05:00")
        #expect(backend.times.contains { $0 >= on }, "drawn again from 05:00")
        #expect(
            backend.damages[backend.times.firstIndex { $0 >= on }!] == [Rect(x: 0, y: 0, width: 256, height: 64)],
            "the first frame after screen-off is whole")
    }

    @Test func theSunDimsTheRunningBoardThroughDuskAndBlanksItAfter() async {
        // 23 November 2026 in Sydney: sunset ~19:45, civil dusk ~20:13; run 19:20 to 20:40.
        let start = CoordinatorTests.start.addingTimeInterval(9 * 3600 + 50 * 60)
        let sun = SunBrightness(
            position: SolarPosition(latitude: -33.87, longitude: 151.21),
            levels: .init(day: 240, night: 16), blankAtNight: true)
        let (backend, _) = await run(from: start, minutes: 80, schedule: BoardSchedule(sun: sun))
        #expect(backend.contrasts.first == 240, "day at 19:20")
        #expect(backend.contrasts.last == 16, "night by 20:40")
        #expect(backend.contrasts.count > 10, "many small steps through twilight: \(backend.contrasts)")
        #expect(zip(backend.contrasts, backend.contrasts.dropFirst()).allSatisfy { $0 > $1 }, "only ever dimmer")
        #expect(backend.blanks == 1)
        let dusk = start.addingTimeInterval(70 * 60)
        #expect(!backend.times.contains { $0 > dusk }, "nothing drawn once blanked after civil dusk")
    }

    @Test func outsideOperatingHoursNothingIsFetched() async {
        // 22:50 Sydney, operating 06:00–23:00, run until 06:10.
        let start = CoordinatorTests.start.addingTimeInterval(13 * 3600 + 20 * 60)
        let schedule = BoardSchedule(operatingHours: [DailyWindow(parsing: "06:00-23:00")!])
        let (_, source) = await run(from: start, minutes: 440, schedule: schedule)
        let closed = start.addingTimeInterval(10 * 60), open = start.addingTimeInterval(430 * 60)
        #expect(source.times.contains { $0 < closed })
        #expect(!source.times.contains { $0 > closed.addingTimeInterval(1) && $0 < open }, "no fetch between 23:00 and 06:00")
        #expect(source.times.contains { $0 >= open }, "fetching again from 06:00")
    }
}

/// Always answers with the same departures.
struct ScriptedSource: DeparturesRepository {
    let departures: [Departure]
    init(_ departures: [Departure]) { self.departures = departures }
    func departures() async throws(DeparturesError) -> [Departure] { departures }
}
