import DeparturesCore
import Foundation
import Testing

/// A board of several sources: rows merged by the moment to leave, unreachable rows hidden or
/// marked, a trip seen at two stops of one feed shown once, and one failing source never
/// blanking the others.
@Suite(.timeLimit(.minutes(10)))
@MainActor
struct SeveralSourcesTests {
    let start = Fixtures.instant("2026-11-23T09:30:00+11:00")
    let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))

    func board(
        _ sources: [(ScriptedRepository, SourcePlace)], unreachable: UnreachableRows = .hide,
        staleLimit: Duration = .seconds(600), clock: ManualBoardClock
    ) -> BoardViewModel {
        var boardRules = rules
        boardRules.unreachable = unreachable
        let policy = RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(300), staleLimit: staleLimit)
        return BoardViewModel(
            boardName: "Home",
            sources: sources.map { repository, place in
                BoardSource(place: place, useCase: LoadDeparturesUseCase(repository: repository, rules: rules), policy: policy)
            }, rules: boardRules, clock: clock)
    }

    @Test func twoStopsWithDifferentWalksSortByTheMomentToLeave() async {
        // The bus stop is 3 minutes away, the station 9: the 09:40 train must be left for at
        // 09:31, before the 09:36 bus (left for at 09:33).
        let bus = ScriptedRepository(
            then: .success([
                Fixtures.departure("bus-1", route: "333", at: Fixtures.secs(9, 36)),
                Fixtures.departure("bus-2", route: "333", at: Fixtures.secs(9, 44)),
            ]))
        let train = ScriptedRepository(then: .success([Fixtures.departure("train-1", route: "T1", at: Fixtures.secs(9, 40))]))
        let clock = ManualBoardClock(now: start)
        let viewModel = board(
            [
                (bus, SourcePlace(label: "Bus", walk: .seconds(180), feed: "api:bus")),
                (train, SourcePlace(label: "Train", walk: .seconds(540), feed: "api:train")),
            ], clock: clock)
        await viewModel.refresh()
        let state = viewModel.state(at: start)
        #expect(state.status == .ok)
        #expect(state.rows.map(\.tripID) == ["train-1", "bus-1", "bus-2"])
        #expect(state.rows.map(\.source) == ["Train", "Bus", "Bus"])
        #expect(state.rows.map(\.leaveInMinutes) == [1, 3, 11])
        #expect(state.rows.map(\.minutes) == [10, 6, 14])
        #expect(state.rows.map(\.walkSeconds) == [540, 180, 180])
        #expect(state.sources.map(\.status) == [.ok, .ok])
    }

    @Test func aDepartureTooSoonToWalkToIsHiddenOrShownMarked() async {
        let bus = ScriptedRepository(
            then: .success([
                Fixtures.departure("soon", at: Fixtures.secs(9, 32)),
                Fixtures.departure("later", at: Fixtures.secs(9, 45)),
            ]))
        let clock = ManualBoardClock(now: start)
        let place = SourcePlace(label: "Bus", walk: .seconds(300), feed: "api:bus")

        let hiding = board([(bus, place)], clock: clock)
        await hiding.refresh()
        #expect(hiding.state(at: start).rows.map(\.tripID) == ["later"])

        let showing = board([(bus, place)], unreachable: .show, clock: clock)
        await showing.refresh()
        let rows = showing.state(at: start).rows
        #expect(rows.map(\.tripID) == ["soon", "later"])
        #expect(rows.map(\.isReachable) == [false, true])
        #expect(rows[0].leaveInMinutes == 0, "never negative")
        let json = BoardStateJSON.encode(showing.state(at: start))
        #expect(json.contains(#""source":"Bus","walk_s":300,"leave_in_minutes":0,"reachable":false}"#))
        #expect(json.contains(#""source":"Bus","walk_s":300,"leave_in_minutes":10}"#))

        // A reachable row becomes unreachable when the time to leave passes, with no refresh.
        let at0941 = start.addingTimeInterval(11 * 60)
        #expect(hiding.state(at: at0941).rows.isEmpty)
        #expect(hiding.nextChange(after: start.addingTimeInterval(9 * 60 + 30)) <= start.addingTimeInterval(10 * 60 + 1))
    }

    @Test func aTripSeenAtTwoStopsOfOneFeedShowsOnceAtTheCallReachedFirst() async {
        // The bus calls at the far stop (10 minutes' walk) at 09:38, then at the near one
        // (1 minute) at 09:42.
        let far = ScriptedRepository(
            then: .success([
                Fixtures.departure("trip-9", at: Fixtures.secs(9, 38)),
                Fixtures.departure("trip-10", at: Fixtures.secs(9, 50)),
            ]))
        let near = ScriptedRepository(then: .success([Fixtures.departure("trip-9", at: Fixtures.secs(9, 42))]))
        let clock = ManualBoardClock(now: start)
        let viewModel = board(
            [
                (far, SourcePlace(label: "Far", walk: .seconds(600), feed: "api:agency")),
                (near, SourcePlace(label: "Near", walk: .seconds(60), feed: "api:agency")),
            ], clock: clock)
        await viewModel.refresh()
        // At 09:27 the far call can be reached and comes first: that is where to catch it.
        let early = start.addingTimeInterval(-3 * 60)
        #expect(viewModel.state(at: early).rows.map { "\($0.tripID)@\($0.source)" } == ["trip-9@Far", "trip-10@Far"])
        // At 09:30 it cannot (leave by 09:28); the near call still can.
        #expect(viewModel.state(at: start).rows.map { "\($0.tripID)@\($0.source)" } == ["trip-10@Far", "trip-9@Near"])

        // Another feed's trip with the same id is another trip.
        let other = ScriptedRepository(then: .success([Fixtures.departure("trip-9", at: Fixtures.secs(9, 42))]))
        let twoFeeds = board(
            [
                (near, SourcePlace(label: "Near", walk: .seconds(60), feed: "api:agency")),
                (other, SourcePlace(label: "Tram", walk: .seconds(60), feed: "gtfs:tram")),
            ], clock: clock)
        await twoFeeds.refresh()
        #expect(twoFeeds.state(at: start).rows.count == 2)
    }

    @Test func oneFailingSourceNeverBlanksTheOthersAndItsRowsAgeOut() async {
        let bus = ScriptedRepository(
            [.success([Fixtures.departure("bus-1", at: Fixtures.secs(10, 20))])],
            then: .failure(.offline(detail: "no route to host")))
        let train = ScriptedRepository(then: .success([Fixtures.departure("train-1", at: Fixtures.secs(10, 25))]))
        let clock = ManualBoardClock(now: start)
        let viewModel = board(
            [
                (bus, SourcePlace(label: "Bus", feed: "api:bus")),
                (train, SourcePlace(label: "Train", feed: "api:train")),
            ], clock: clock)
        await viewModel.refresh()
        #expect(viewModel.state(at: start).rows.count == 2)

        clock.advance(by: .seconds(60))
        await viewModel.refresh(source: 0)
        var state = viewModel.currentState
        #expect(state.status == .ok, "a failing source leaves the board ok while another answers")
        #expect(state.message == nil)
        #expect(state.rows.map(\.tripID) == ["bus-1", "train-1"], "its rows stay while within its stale limit")
        #expect(state.sources.map(\.status) == [.stale, .ok])
        #expect(state.sources[0].message == DeparturesError.offlineMessage)
        #expect(
            BoardStateJSON.encode(state).hasSuffix(
                #""sources":[{"label":"Bus","status":"stale","message":"No internet connection","data_age_s":60},"#
                    + #"{"label":"Train","status":"ok","message":null,"data_age_s":60}]}"# + "\n"))

        // Past its own stale limit (10 min after its last answer) its rows go; the train's stay.
        clock.advance(by: .seconds(600))
        await viewModel.refresh(source: 1)
        state = viewModel.currentState
        #expect(state.status == .ok)
        #expect(state.rows.map(\.tripID) == ["train-1"])
        #expect(state.sources.map(\.status) == [.error, .ok])

        // Only when every source fails is the board an error.
        train.setFallback(.failure(.failed(detail: "HTTP 503")))
        clock.advance(by: .seconds(660))
        await viewModel.refresh()
        state = viewModel.currentState
        #expect(state.status == .error && state.rows.isEmpty)
        #expect(state.message == DeparturesError.offlineMessage, "the first failing source's message")
    }

    @Test func theLimitAppliesToTheMergedRows() async {
        let a = ScriptedRepository(then: .success((0..<5).map { Fixtures.departure("a\($0)", at: Fixtures.secs(9, 40 + 2 * $0)) }))
        let b = ScriptedRepository(then: .success((0..<5).map { Fixtures.departure("b\($0)", at: Fixtures.secs(9, 41 + 2 * $0)) }))
        let clock = ManualBoardClock(now: start)
        var limited = rules
        limited.limit = 4
        let viewModel = BoardViewModel(
            boardName: "Home",
            sources: [
                BoardSource(
                    place: SourcePlace(feed: "a"), useCase: LoadDeparturesUseCase(repository: a, rules: limited), policy: RefreshPolicy()),
                BoardSource(
                    place: SourcePlace(feed: "b"), useCase: LoadDeparturesUseCase(repository: b, rules: limited), policy: RefreshPolicy()),
            ], rules: limited, clock: clock)
        await viewModel.refresh()
        let rows = viewModel.state(at: start).rows
        #expect(rows.map(\.tripID) == ["a0", "b0", "a1", "b1"])
        #expect(rows.map(\.source) == ["1", "2", "1", "2"], "unlabelled sources are named by position")
    }
}
