import BoardRender
import BoardRuntime
import DeparturesCore
import DisplayBackends
import Foundation
import Framebuffer
import LogCapture
import Logging
import PanelTestSupport
import Locking
import Testing

/// Waits are event-driven (the clock says when loops park); the limit only catches a hang.
@Suite(.timeLimit(.minutes(10)))
@MainActor
struct CoordinatorBusFaultTests {
    let base = CoordinatorTests()

    /// The running board with its real SSD1322 driver on a bus that goes away for ten
    /// minutes: every redraw in that time fails, the loops keep running, and the first frame
    /// after the bus returns re-initialises the (power-cycled) panel and shows the board.
    @Test func aBoardWhosePanelFailsForAWhileKeepsRunningAndRecovers() async throws {
        let clock = ManualBoardClock(now: CoordinatorTests.start)
        let trace = TraceRecorder()
        let fault = FaultInjectingIO(wrapping: trace.io, device: "/dev/spidev0.0")
        // No pauses: the backoff would only slow the test, the retries still happen.
        let backend = PanelBackend(driver: SSD1322Driver(io: fault), name: "ssd1322", pause: { _ in })
        let lines = LogLines()
        let logger = Logger(label: "test", factory: { _ in CapturingLogHandler(lines: lines) })

        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: CoordinatorTests.zone))
        let viewModel = BoardViewModel(
            boardName: "Test",
            useCase: LoadDeparturesUseCase(repository: ScriptedSource(CoordinatorTests.departures), rules: rules),
            clock: clock,
            policy: RefreshPolicy(
                interval: .seconds(30), maxBackoff: .seconds(300),
                staleLimit: .seconds(7200)))
        let options = LayoutOptions(
            width: 256, height: 64, format: .gray4, rows: 3, font: CoordinatorTests.font,
            pageInterval: .seconds(8))
        let coordinator = BoardCoordinator(
            viewModel: viewModel, renderer: BoardRenderer(options: options), backend: backend,
            clock: clock, logger: logger)

        /// What the panel shows after replaying the trace since the last call into `emulator`.
        func shows(_ emulator: inout SSD1322Emulator) throws -> Framebuffer {
            try emulator.replay(trace.take())
            return emulator.image()
        }
        func expected() -> Framebuffer { coordinator.renderer.render(viewModel.state(at: clock.now)) }

        coordinator.start()
        await base.settle(clock, sleepers: 2)
        var panel = SSD1322Emulator()
        #expect(try shows(&panel) == expected(), "the board is up")
        let framesBefore = coordinator.framesPresented
        #expect(framesBefore >= 1)

        fault.disconnect()
        let wakeupsBefore = coordinator.wakeups
        for _ in 0..<10 {
            clock.advance(by: .seconds(60))
            await base.settle(clock, sleepers: 2)
        }
        #expect(coordinator.framesPresented == framesBefore, "no frame got through")
        #expect(coordinator.wakeups >= wakeupsBefore + 10, "it kept trying every minute")
        #expect(fault.faultsInjected >= 10 * 4, "four attempts a frame")
        #expect(viewModel.isRunning)

        // The panel lost power while it was gone: nothing sent before counts.
        fault.reconnect()
        _ = try trace.take()
        panel = SSD1322Emulator()
        clock.advance(by: .seconds(60))
        await base.settle(clock, sleepers: 2)
        #expect(coordinator.framesPresented > framesBefore, "frames resumed")
        #expect(try shows(&panel) == expected(), "the re-initialised panel shows the board")
        #expect(panel.displayOn)

        // Later minutes go on as usual.
        clock.advance(by: .seconds(60))
        await base.settle(clock, sleepers: 2)
        #expect(try shows(&panel) == expected())
        coordinator.stop()

        let log = lines.lines.withLock { $0 }
        let errors = log.filter { $0.hasPrefix("error: display:") }
        #expect(errors.count == 1, "logged once, not every minute: \(log)")
        #expect(errors.first?.contains("/dev/spidev0.0") == true, "\(errors)")
        #expect(log.contains("notice: display recovered"), "\(log)")
    }
}
