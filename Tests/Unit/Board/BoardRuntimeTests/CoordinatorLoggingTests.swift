import BoardRuntime
import DeparturesCore
import LogCapture
import Logging
import Locking
import Testing

/// A source answering from a script, one reply per refresh, the last one forever.
final class ScriptedReplies: DeparturesRepository, @unchecked Sendable {
    private let replies: Locked<[Result<[Departure], DeparturesError>]>
    init(_ replies: [Result<[Departure], DeparturesError>]) { self.replies = Locked(replies) }
    func departures() async throws(DeparturesError) -> [Departure] {
        try replies.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }.get()
    }
}

/// Waits are event-driven (the clock says when loops park); the limit only catches a hang.
@Suite(.timeLimit(.minutes(10)))
@MainActor
struct CoordinatorLoggingTests {
    /// Why the board shows no fresh data reaches the log once per cause, and so does recovery.
    @Test func eachFailureCauseIsLoggedOnceThenTheRecovery() async {
        let expired = DeparturesError.outOfService(message: "Timetable expired", detail: "service ended 2026-11-01")
        let down = DeparturesError.failed(detail: "HTTP 503 from https://feed.example")
        let source = ScriptedReplies([.failure(expired), .failure(expired), .failure(down), .success(CoordinatorTests.departures)])
        let log = LogLines()
        let clock = ManualBoardClock(now: CoordinatorTests.start)
        let coordinator = CoordinatorTests().makeCoordinator(
            source, clock: clock, backend: RecordingBackend(),
            logger: Logger(label: "test") { _ in CapturingLogHandler(lines: log) })
        coordinator.start()
        for _ in 0..<4 {
            await CoordinatorTests().settle(clock, sleepers: 2)
            clock.advance(by: .seconds(300))
        }
        await CoordinatorTests().settle(clock, sleepers: 2)
        coordinator.stop()
        let data = log.lines.withLock { $0 }.filter { $0.contains("departures") }
        #expect(
            data == [
                "warning: departures: Timetable expired: service ended 2026-11-01",
                "warning: departures: Failed to load departures: HTTP 503 from https://feed.example",
                "notice: departures recovered",
            ])
    }
}
