import Retry
import Testing

@Suite struct BackoffTests {
    @Test func doublesFromTheFirstWaitUpToTheCap() {
        let backoff = Backoff(first: .seconds(30), cap: .seconds(300))
        let waits = (0...7).map { backoff.delay(afterFailures: $0) }
        #expect(waits == [30, 30, 60, 120, 240, 300, 300, 300].map { Duration.seconds($0) })
    }

    @Test func aCapBelowTheFirstWaitWins() {
        // The timetable's checks: 5 minutes doubling, never longer than a 2-minute refresh.
        let backoff = Backoff(first: .seconds(300), cap: .seconds(120))
        #expect(backoff.delay(afterFailures: 1) == .seconds(120))
        #expect(backoff.delay(afterFailures: 9) == .seconds(120))
    }

    @Test func anyCountIsSafeNearDurationsLimits() {
        let huge = Duration(secondsComponent: Int64.max / 2, attosecondsComponent: 0)
        let backoff = Backoff(first: huge, cap: Duration(secondsComponent: Int64.max, attosecondsComponent: 0))
        #expect(backoff.delay(afterFailures: Int.max) == backoff.cap)
        #expect(Backoff(first: .milliseconds(1), cap: .seconds(1)).delay(afterFailures: Int.max) == .seconds(1))
        #expect(Backoff(first: .seconds(1), cap: .seconds(8)).delay(afterFailures: Int.min) == .seconds(1))
    }

    @Test func aCounterDoublesUntilASuccess() {
        var counter = Backoff(first: .seconds(1), cap: .seconds(60)).counter()
        #expect([counter.failed(), counter.failed(), counter.failed()] == [.seconds(1), .seconds(2), .seconds(4)])
        counter.succeeded()
        #expect(counter.failures == 0)
        #expect(counter.failed() == .seconds(1))
    }

    @Test func aLongHealthyRunStartsTheCounterOver() {
        var counter = Backoff(first: .seconds(1), cap: .seconds(60), resetAfter: .seconds(60)).counter()
        _ = counter.failed(afterRunning: .seconds(5))
        _ = counter.failed(afterRunning: .seconds(5))
        #expect(counter.failed(afterRunning: .seconds(59)) == .seconds(4), "a short run keeps doubling")
        #expect(counter.failed(afterRunning: .seconds(60)) == .seconds(1), "a minute's run starts again at the first wait")
        #expect(counter.failed() == .seconds(2), "a failure to start keeps doubling")
    }

    @Test func withoutAResetOnlyASuccessForgets() {
        var counter = Backoff(first: .seconds(1), cap: .seconds(60)).counter()
        _ = counter.failed(afterRunning: .seconds(3600))
        #expect(counter.failed(afterRunning: .seconds(3600)) == .seconds(2))
    }
}
