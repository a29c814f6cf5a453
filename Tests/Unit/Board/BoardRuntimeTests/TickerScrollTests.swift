import BoardRender
@testable import BoardRuntime
import DeparturesCore
import Foundation
import Logging
import Testing
import Framebuffer

/// A ticker scrolls without stopping: the draw loop plans a wake for every pixel of
/// movement. It once compared the next step's picture with this one, and stood still until
/// the next minute whenever the window showed only the blank gap between repeats.
@MainActor
struct TickerScrollTests {
    @Test func aTickerPlansAWakeForEveryPixelForAMinute() async {
        let clock = ManualBoardClock(now: CoordinatorTests.start)
        let backend = RecordingBackend()
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: CoordinatorTests.zone))
        let viewModel = BoardViewModel(
            boardName: "Ticker",
            useCase: LoadDeparturesUseCase(repository: ScriptedSource(CoordinatorTests.departures), rules: rules),
            clock: clock)
        let options = LayoutOptions(
            width: 32, height: 8, format: .mono, style: .ticker, font: CoordinatorTests.font,
            pageInterval: .seconds(8))
        let coordinator = BoardCoordinator(
            viewModel: viewModel, renderer: BoardRenderer(options: options), backend: backend,
            clock: clock, logger: Logger(label: "test"))
        await viewModel.refresh()
        // Follow the loop's own plan for a minute of board time, as the running loop would.
        var longest = Duration.zero
        var elapsed = Duration.zero
        while elapsed < .seconds(60) {
            let (delay, _, _) = coordinator.drawOnce()
            longest = max(longest, delay)
            clock.advance(by: delay)
            elapsed += delay
        }
        #expect(longest < .milliseconds(50), "the ticker stopped scrolling for \(longest)")
        #expect(backend.frames.count >= 1400, "\(backend.frames.count) frames in a minute at 24 px/s")
    }
}
