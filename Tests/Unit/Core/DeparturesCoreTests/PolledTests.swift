import DeparturesCore
import Locking
import Testing

/// The one owner of "last good value, backoff, staleness, single flight, once per cause".
@Suite struct PolledTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let policy = RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(120), staleLimit: .seconds(300))

    private func failure(_ text: String) -> DeparturesError { .failed(detail: text) }

    @Test func aFailureKeepsTheLastGoodValueAndBacksOff() async {
        let clock = ManualBoardClock(now: start)
        let polled = Polled<Int, DeparturesError>(policy: policy, clock: clock)
        #expect(polled.freshness(at: start) == .waiting)
        await polled.poll { () throws(DeparturesError) in 1 }
        #expect(polled.value == 1)
        #expect(polled.snapshot.nextDue == start.addingTimeInterval(30))
        var waits: [Double] = []
        for _ in 0..<4 {
            await polled.poll { () throws(DeparturesError) in throw failure("down") }
            waits.append(polled.snapshot.nextDue!.timeIntervalSince(clock.now))
        }
        #expect(waits == [30, 60, 120, 120])
        #expect(polled.value == 1, "a failure never replaces the last good value")
        #expect(polled.freshness(at: start) == .stale)
        #expect(polled.usableValue(at: start.addingTimeInterval(300)) == 1)
        #expect(polled.freshness(at: start.addingTimeInterval(301)) == .expired)
        #expect(polled.usableValue(at: start.addingTimeInterval(301)) == nil)
        #expect(polled.snapshot.fetchCount == 5 && polled.snapshot.failureCount == 4)
    }

    @Test func eachCauseIsNewOnceAndARecoveryNamesWhatItEnds() async {
        let polled = Polled<Int, DeparturesError>(policy: policy, clock: ManualBoardClock(now: start))
        var newCauses: [Bool] = []
        for cause in ["refused", "refused", "timeout", "timeout", "refused"] {
            if case .failed(_, _, let newCause) = await polled.poll({ () throws(DeparturesError) in throw failure(cause) }) {
                newCauses.append(newCause)
            }
        }
        #expect(newCauses == [true, false, true, false, true])
        guard case .succeeded(let ended) = await polled.poll({ () throws(DeparturesError) in 2 }) else {
            Issue.record("expected a success")
            return
        }
        #expect(ended?.error == failure("refused") && ended?.failures == 5)
        guard case .succeeded(let none) = await polled.poll({ () throws(DeparturesError) in 3 }) else { return }
        #expect(none == nil, "a recovery is reported once")
        if case .failed(_, _, let newCause) = await polled.poll({ () throws(DeparturesError) in throw failure("refused") }) {
            #expect(newCause, "after a success, the same cause is news again")
        }
    }

    @Test func aSecondPollWaitsForTheFetchUnderWayAndFetchesNothing() async {
        let polled = Polled<Int, DeparturesError>(policy: policy, clock: ManualBoardClock(now: start))
        let fetches = Locked(0)
        let gate = AsyncGate()
        let first = Task {
            await polled.poll { () throws(DeparturesError) in
                fetches.withLock { $0 += 1 }
                await gate.wait()
                return 7
            }
        }
        while !polled.snapshot.isPolling { await Task.yield() }
        let second = Task {
            await polled.poll { () throws(DeparturesError) in
                fetches.withLock { $0 += 1 }
                return 8
            }
        }
        await gate.open()
        let joined = await second.value
        _ = await first.value
        guard case .joined = joined else {
            Issue.record("the second poll should have joined the first")
            return
        }
        #expect(fetches.withLock { $0 } == 1)
        #expect(polled.value == 7)
    }

    @Test func onlyDueValuesAreFetchedWhenAskedSo() async {
        let clock = ManualBoardClock(now: start)
        let polled = Polled<Int, DeparturesError>(policy: policy, clock: clock, dueSlack: .milliseconds(500))
        await polled.poll(ifDue: true) { () throws(DeparturesError) in 1 }
        guard case .notDue = await polled.poll(ifDue: true, { () throws(DeparturesError) in 2 }) else {
            Issue.record("fetched before it was due")
            return
        }
        clock.advance(by: .milliseconds(29_500))
        await polled.poll(ifDue: true) { () throws(DeparturesError) in 3 }
        #expect(polled.value == 3, "due half a second early: a caller one interval later still fetches")
    }

    @Test func aCancelledPollRecordsNothing() async {
        let polled = Polled<Int, DeparturesError>(policy: policy, clock: ManualBoardClock(now: start))
        let task = Task {
            await polled.poll { () throws(DeparturesError) in
                withUnsafeCurrentTask { $0?.cancel() }
                return 1
            }
        }
        guard case .cancelled = await task.value else {
            Issue.record("expected the cancelled outcome")
            return
        }
        #expect(polled.value == nil && polled.snapshot.fetchCount == 0 && !polled.snapshot.isPolling)
    }
}

/// Opens once; waiters before and after the opening all pass.
private actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}
