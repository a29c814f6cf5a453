import AmbientLight
import BoardRender
@testable import BoardRuntime
import DeparturesCore
import Foundation
import Framebuffer
import LogCapture
import Logging
import Locking
import StatusEndpoint
import WebMessages
import Testing
import ZoneInfo

/// A sensor whose light the test sets, that can vanish and come back.
final class LightScript: Sendable {
    let reading = Locked<Result<Double, LightSensorError>>(.success(1000))
    /// Opens and reads asked of the sensor, so a test knows a poll happened.
    let attempts = Locked(0)

    func set(_ value: Result<Double, LightSensorError>) { reading.withLock { $0 = value } }

    /// What `LightAssembly` passes the poller: fails while the sensor is gone, as opening a silent one does.
    var opener: @Sendable () throws(LightSensorError) -> any LightSensor {
        { [self] () throws(LightSensorError) in
            if case .failure(let error) = reading.withLock({ $0 }) {
                attempts.withLock { $0 += 1 }
                throw error
            }
            return ScriptedLightSensor(script: self)
        }
    }
}

final class ScriptedLightSensor: LightSensor {
    let script: LightScript
    init(script: LightScript) { self.script = script }
    func configure() throws(LightSensorError) {}
    func readLux() throws(LightSensorError) -> Double {
        script.attempts.withLock { $0 += 1 }
        return try script.reading.withLock { $0 }.get()
    }
}

/// The coordinator with a light sensor: readings become contrast through the one contrast
/// owner, a silent sensor falls back, and a dark panel may stop fetching.
@Suite(.timeLimit(.minutes(10)))
@MainActor
struct LightCoordinatorTests {
    static let range = LuxRange(lower: 1, upper: 10_000)
    static let settings = SensorBrightness.Settings(day: 200, night: 20, fixedRange: range, offBelow: 5, smoothing: 0.001)

    static func level(_ lux: Double) -> UInt8 { SensorBrightness.level(for: lux, in: range, day: 200, night: 20) }

    func makeBoard(
        _ script: LightScript, pauseFetching: Bool = false, log: LogLines = LogLines()
    )
        -> (BoardCoordinator, RecordingBackend, ManualBoardClock, ScheduledCoordinatorTests.CountingSource)
    {
        let clock = ManualBoardClock(now: CoordinatorTests.start)
        let backend = RecordingBackend()
        backend.clock = clock
        let source = ScheduledCoordinatorTests.CountingSource(clock: clock)
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: log) }
        let poller = LightSensorPoller(
            brightness: SensorBrightness(settings: Self.settings), file: nil, logger: logger,
            open: script.opener)
        let light = LightSensorSetup(
            poller: poller, interval: .seconds(1), pauseFetching: pauseFetching,
            fallbackName: "schedule.contrast", restingContrast: 255, name: "fake at 0x10")
        // schedule.contrast: 99 all day, the fallback.
        let schedule = BoardSchedule(contrast: ContrastSchedule(steps: [(LocalTime(hour: 0, minute: 0)!, 99)]))
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: CoordinatorTests.zone))
        let viewModel = BoardViewModel(
            boardName: "Test", useCase: LoadDeparturesUseCase(repository: source, rules: rules),
            clock: clock,
            policy: RefreshPolicy(
                interval: .seconds(30), maxBackoff: .seconds(300),
                staleLimit: .seconds(7200)))
        let options = LayoutOptions(
            width: 256, height: 64, format: .gray4, rows: 3, font: CoordinatorTests.font,
            pageInterval: .seconds(8))
        let coordinator = BoardCoordinator(
            viewModel: viewModel, renderer: BoardRenderer(options: options), backend: backend,
            clock: clock, schedule: schedule, light: light, logger: logger)
        return (coordinator, backend, clock, source)
    }

    /// Waits (real time) for the loops to act on what the test changed; a hang is caught by the time limit.
    func eventually(_ what: Comment, _ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        #expect(condition(), what)
    }

    /// One poll: time moves a second and the sensor is asked once more.
    func poll(_ clock: ManualBoardClock, _ script: LightScript) async {
        let before = script.attempts.withLock { $0 }
        // The draw loop, the source's loop and the sensor's loop all parked: a second moved
        // now wakes the sensor's loop, which a loop not yet parked would sleep through.
        await clock.waitForSleepers(3)
        clock.advance(by: .seconds(1))
        await eventually("the sensor was polled") { script.attempts.withLock { $0 } > before }
    }

    @Test func theContrastFollowsTheLightAndASilentSensorFallsBackLoggedOnce() async {
        let script = LightScript()
        let log = LogLines()
        let (coordinator, backend, clock, _) = makeBoard(script, log: log)
        let store = BoardHealthStore()
        coordinator.observers = [HealthPublisher(store: store)]
        let status = StatusHandler(store: store, version: "test")
        coordinator.start()
        await eventually("bright: day") { backend.contrasts.last == Self.level(1000) }
        #expect(coordinator.lux == 1000)
        await eventually("the status page has it") { store.current?.light?.lux == 1000 }
        #expect(Self.metrics(status)["departure_board_illuminance_lux"] == 1000)
        #expect(Self.metrics(status)["departure_board_light_sensor_up"] == 1)
        #expect(Self.metrics(status)["departure_board_contrast"] == Double(Self.level(1000)))
        script.set(.success(10))
        await poll(clock, script)
        await eventually("dim: lower") { backend.contrasts.last == Self.level(10) }
        #expect(Self.level(10) < Self.level(1000))
        script.set(.failure(LightSensorError(.noAnswer, "/dev/i2c-1: no answer from 0x10")))
        for _ in 0..<4 { await poll(clock, script) }
        await eventually("fallen back to schedule.contrast") { backend.contrasts.last == 99 }
        #expect(coordinator.lux == nil)
        await eventually("the status page says why") { store.current?.light?.lux == nil }
        #expect(Self.metrics(status)["departure_board_light_sensor_up"] == 0)
        #expect(Self.metrics(status)["departure_board_illuminance_lux"] == nil)
        #expect(Self.metrics(status)["departure_board_contrast"] == 99)
        #expect(Self.body(status, "/status.json").contains(#""light":{"lux":null,"error":"/dev/i2c-1: no answer from 0x10"}"#))
        #expect(Self.body(status, "/status.json").contains(#""contrast":99"#))
        script.set(.success(1000))
        await poll(clock, script)
        await eventually("back on the sensor") { backend.contrasts.last == Self.level(1000) }
        coordinator.stop()
        let lines = log.lines.withLock { $0 }.filter { $0.contains("light sensor") && !$0.contains("every") }
        #expect(
            lines == [
                "warning: light sensor: /dev/i2c-1: no answer from 0x10; brightness follows schedule.contrast until it answers",
                "notice: light sensor recovered: fake at 0x10",
            ])
        #expect(backend.blanks == 0)
    }

    static func metrics(_ handler: StatusHandler) -> [String: Double] {
        guard case .metrics(let samples) = handler.answer(WebRequest(method: "GET", path: "/metrics")) else { return [:] }
        return Dictionary(samples.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    static func body(_ handler: StatusHandler, _ path: String) -> String {
        guard case .response(let response) = handler.answer(WebRequest(method: "GET", path: path)) else { return "" }
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func inTheDarkThePanelBlanksFetchingPausesAndLightWakesBothAtOnce() async {
        let script = LightScript()
        let (coordinator, backend, clock, source) = makeBoard(script, pauseFetching: true)
        coordinator.start()
        await eventually("first fetch") { source.times.count == 1 }
        script.set(.success(0))
        await poll(clock, script)
        await eventually("blanked, not dimmed") { backend.blanks == 1 }
        let fetchesWhenDark = source.times.count
        for _ in 0..<120 { await poll(clock, script) }
        #expect(source.times.count == fetchesWhenDark, "two minutes dark: no fetch (the source polls every 30 s)")
        script.set(.success(300))
        await poll(clock, script)
        await eventually("fetched at the first bright poll") { source.times.count == fetchesWhenDark + 1 }
        #expect(source.times.last == clock.now, "within the same second")
        let woke = clock.now
        await eventually("drawn again") { backend.times.contains { $0 == woke } }
        coordinator.stop()
    }
}
