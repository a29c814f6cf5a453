import DeparturesCore
import Foundation
import Observation
import Locking
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(10)))
@MainActor
struct BoardViewModelTests {
    let start = Fixtures.instant("2026-11-23T09:30:00+11:00")
    let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))
    let policy = RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(300), staleLimit: .seconds(600))
    let departures = [
        Fixtures.departure("a", at: Fixtures.secs(9, 35)),
        Fixtures.departure("b", at: Fixtures.secs(9, 50), delay: 120),
    ]

    func makeViewModel(_ repository: ScriptedRepository, clock: ManualBoardClock) -> BoardViewModel {
        BoardViewModel(
            boardName: "Test", useCase: LoadDeparturesUseCase(repository: repository, rules: rules),
            clock: clock, policy: policy)
    }

    /// Advances the clock once the loop is parked on it, then waits for `calls` fetches.
    func step(_ clock: ManualBoardClock, by duration: Duration, until calls: Int, _ repository: ScriptedRepository) async -> Bool {
        guard await eventually({ clock.sleeperCount == 1 }) else { return false }
        clock.advance(by: duration)
        return await eventually { repository.calls == calls }
    }

    @Test func refreshesAtStartThenEveryInterval() async {
        let repository = ScriptedRepository(then: .success(departures))
        let clock = ManualBoardClock(now: start)
        let viewModel = makeViewModel(repository, clock: clock)
        #expect(viewModel.currentState.status == .loading)
        viewModel.start()
        #expect(await eventually { repository.calls == 1 && clock.sleeperCount == 1 })
        #expect(viewModel.currentState.status == .ok)

        clock.advance(by: .seconds(29))
        try? await Task.sleep(for: .milliseconds(20))
        #expect(repository.calls == 1, "no fetch before the interval is up")
        clock.advance(by: .seconds(1))
        #expect(await eventually { repository.calls == 2 })

        for expected in 3...12 {
            #expect(await step(clock, by: .seconds(30), until: expected, repository))
        }
        viewModel.stop()
    }

    @Test func stopEndsTheLoopAndNothingIsFetchedAfter() async {
        let repository = ScriptedRepository(then: .success(departures))
        let clock = ManualBoardClock(now: start)
        let viewModel = makeViewModel(repository, clock: clock)
        viewModel.start()
        #expect(await eventually { clock.sleeperCount == 1 })
        viewModel.stop()
        #expect(!viewModel.isRunning)
        #expect(await eventually { clock.sleeperCount == 0 }, "the loop's sleep is cancelled")
        for _ in 0..<10 { clock.advance(by: .seconds(60)) }
        await viewModel.refresh()
        try? await Task.sleep(for: .milliseconds(20))
        #expect(repository.calls == 1)
    }

    @Test func aFetchInFlightAtStopIsNotApplied() async {
        let repository = ScriptedRepository(then: .success(departures), holdsFetches: true)
        let clock = ManualBoardClock(now: start)
        let viewModel = makeViewModel(repository, clock: clock)
        viewModel.start()
        #expect(await eventually { repository.isHolding })
        viewModel.stop()
        repository.release()
        try? await Task.sleep(for: .milliseconds(20))
        #expect(viewModel.currentState.status == .loading)
        #expect(repository.calls == 1)
    }

    @Test func isReleasedWhenTheLastReferenceGoes() async {
        let repository = ScriptedRepository(then: .success(departures))
        let clock = ManualBoardClock(now: start)
        var viewModel: BoardViewModel? = makeViewModel(repository, clock: clock)
        weak let weakViewModel = viewModel
        viewModel?.start()
        #expect(await eventually { repository.calls == 1 && clock.sleeperCount == 1 })
        viewModel = nil
        #expect(await eventually { weakViewModel == nil })
        #expect(await eventually { clock.sleeperCount == 0 }, "the loop ends with the view model")
        clock.advance(by: .seconds(300))
        try? await Task.sleep(for: .milliseconds(20))
        #expect(repository.calls == 1)
    }

    @Test func failuresKeepValidRowsAsStaleStillCountingDown() async {
        let repository = ScriptedRepository([.success(departures)], then: .failure(.failed(detail: "HTTP 500")))
        let clock = ManualBoardClock(now: start)
        let viewModel = makeViewModel(repository, clock: clock)
        await viewModel.refresh()
        #expect(viewModel.currentState.rows.map(\.minutes) == [5, 22])

        clock.advance(by: .seconds(120))
        await viewModel.refresh()
        let stale = viewModel.currentState
        #expect(stale.status == .stale)
        #expect(stale.message == "Failed to load departures")
        #expect(stale.updated == start)
        #expect(stale.rows.map(\.minutes) == [3, 20], "still counting down from the instants")

        // Row "a" (09:35) goes once it is more than the 60 s grace in the past; "b" stays.
        clock.advance(by: .seconds(240))
        #expect(viewModel.currentState.rows.map(\.tripID) == ["a", "b"], "09:36:00 is exactly the grace")
        clock.advance(by: .seconds(1))
        #expect(viewModel.currentState.rows.map(\.tripID) == ["b"])
        #expect(viewModel.currentState.status == .stale)

        // Past the stale limit (600 s after the last success, 09:40) the rows go: error.
        clock.advance(by: .seconds(239))
        #expect(viewModel.currentState.status == .stale, "09:40:00 is exactly the limit")
        clock.advance(by: .seconds(1))
        let expired = viewModel.currentState
        #expect(expired.status == .error)
        #expect(expired.rows.isEmpty)
        #expect(expired.message == "Failed to load departures")
    }

    @Test func recoveryReturnsToOk() async {
        let repository = ScriptedRepository([.success(departures), .failure(.offline(detail: "DNS"))], then: .success(departures))
        let clock = ManualBoardClock(now: start)
        let viewModel = makeViewModel(repository, clock: clock)
        await viewModel.refresh()
        await viewModel.refresh()
        #expect(viewModel.currentState.status == .stale)
        #expect(viewModel.currentState.message == "No internet connection")
        await viewModel.refresh()
        #expect(viewModel.currentState.status == .ok)
        #expect(viewModel.currentState.message == nil)
        #expect(viewModel.consecutiveFailures == 0)
    }

    @Test func errorWithoutAnyGoodDataAndEmptyWhenTheSourceHasNone() async {
        let clock = ManualBoardClock(now: start)
        let failing = makeViewModel(ScriptedRepository(then: .failure(.offline(detail: "unreachable"))), clock: clock)
        await failing.refresh()
        #expect(failing.currentState.status == .error)
        #expect(failing.currentState.message == "No internet connection")
        #expect(failing.currentState.updated == nil)

        let empty = makeViewModel(ScriptedRepository(then: .success([])), clock: clock)
        await empty.refresh()
        #expect(empty.currentState.status == .empty)
        #expect(empty.currentState.updated == start)

        // Data that has all departed by the time it is shown is empty too.
        let past = makeViewModel(ScriptedRepository(then: .success([Fixtures.departure("old", at: Fixtures.secs(9, 0))])), clock: clock)
        await past.refresh()
        #expect(past.currentState.status == .empty)
    }

    @Test func backsOffWhileFailingAndResetsOnSuccess() async {
        let repository = ScriptedRepository(then: .failure(.failed(detail: "HTTP 503")))
        let clock = ManualBoardClock(now: start)
        let viewModel = makeViewModel(repository, clock: clock)
        viewModel.start()
        #expect(await eventually { repository.calls == 1 && clock.sleeperCount == 1 })
        // After failures 1…6 the waits are 30, 60, 120, 240, 300, 300 s.
        for (index, wait) in [30, 60, 120, 240, 300, 300].enumerated() {
            #expect(await eventually { clock.sleeperCount == 1 })
            clock.advance(by: .seconds(wait - 1))
            try? await Task.sleep(for: .milliseconds(10))
            #expect(repository.calls == index + 1, "not before \(wait) s")
            clock.advance(by: .seconds(1))
            #expect(await eventually { repository.calls == index + 2 })
        }
        repository.setFallback(.success(departures))
        #expect(await step(clock, by: .seconds(300), until: 8, repository))
        #expect(await step(clock, by: .seconds(30), until: 9, repository), "back to the interval after a success")
        viewModel.stop()
    }

    @Test func refreshesNeverOverlap() async {
        let repository = ScriptedRepository(then: .success(departures), holdsFetches: true)
        let clock = ManualBoardClock(now: start)
        let viewModel = makeViewModel(repository, clock: clock)
        async let first: Void = viewModel.refresh()
        async let second: Void = viewModel.refresh()
        #expect(await eventually { repository.isHolding })
        try? await Task.sleep(for: .milliseconds(20))
        repository.release()
        _ = await (first, second)
        #expect(repository.calls == 1)
        #expect(repository.maxConcurrent == 1)
        #expect(viewModel.currentState.status == .ok)
    }

    /// The layout redraws through Observation: reading the state registers interest, and
    /// a refresh that changes it notifies.
    @Test func observersHearOfARefreshThatChangesTheBoard() async {
        let viewModel = makeViewModel(ScriptedRepository(then: .success(departures)), clock: ManualBoardClock(now: start))
        let notified = Atomic<Int>(0)
        withObservationTracking {
            _ = viewModel.currentState
        } onChange: {
            notified.add(1, ordering: .relaxed)
        }
        #expect(notified.load(ordering: .relaxed) == 0)
        await viewModel.refresh()
        #expect(notified.load(ordering: .relaxed) == 1)
    }

    @Test func backoffPolicy() {
        let policy = RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(300))
        #expect(
            (0...7).map { policy.delay(afterConsecutiveFailures: $0) }
                == [30, 30, 60, 120, 240, 300, 300, 300].map { Duration.seconds($0) })
        #expect(RefreshPolicy(interval: .seconds(60), maxBackoff: .seconds(10)).maxBackoff == .seconds(60))
    }
}

/// A source with a notice (GTFS service alerts): it shows beside fresh rows only.
@Suite(.timeLimit(.minutes(10)))
@MainActor
struct NoticeViewModelTests {
    final class NoticingRepository: DeparturesRepository {
        let results: Locked<[Result<[Departure], DeparturesError>]>
        init(_ results: [Result<[Departure], DeparturesError>]) { self.results = Locked(results) }
        func departures() async throws(DeparturesError) -> [Departure] {
            try results.withLock { $0.removeFirst() }.get()
        }
        func notice() async -> String? { "Lifts out of order at Central" }
    }

    @Test func aNoticeShowsWithFreshRowsAndNotWithStaleOnes() async {
        let start = Fixtures.instant("2026-11-23T09:30:00+11:00")
        let rows = [Fixtures.departure("a", at: Fixtures.secs(9, 35))]
        let repository = NoticingRepository([.success(rows), .failure(.offline(detail: "no route"))])
        let viewModel = BoardViewModel(
            boardName: "Test",
            useCase: LoadDeparturesUseCase(
                repository: repository, rules: DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))),
            clock: FixedBoardClock(now: start))
        await viewModel.refresh()
        #expect(viewModel.state(at: start).notice == "Lifts out of order at Central")
        #expect(
            BoardStateJSON.encode(viewModel.state(at: start))
                .contains(#""updated":"2026-11-23T09:30:00+11:00","notice":"Lifts out of order at Central","rows":["#))
        await viewModel.refresh()
        #expect(viewModel.state(at: start).status == .stale)
        #expect(viewModel.state(at: start).notice == nil)
    }

    @Test func sourcesWithoutNoticesKeepTheJSONAsItWas() {
        let state = BoardState(
            boardName: "B", now: Fixtures.instant("2026-11-23T09:30:00+11:00"), status: .empty,
            message: nil, updated: nil, rows: [], zone: Fixtures.sydney)
        #expect(!BoardStateJSON.encode(state).contains("notice"))
    }
}
