import DeparturesCore
import Testing
import WebMessages
@testable import DeparturesHub

/// The one staleness rule, one test body against the sign's view model and a hub stop:
/// keep the last good departures through failures until the stale limit, back off by the
/// policy, fetch one at a time, and show nothing rather than rows too old to trust.
@Suite(.timeLimit(.minutes(5)))
struct StalenessTests {
    /// 5 minutes: the rows (09:35 and 09:41) still stand when it runs out at 09:35:00.
    static let policy = RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(120), staleLimit: .seconds(300))

    enum Subject: String, CaseIterable, CustomTestStringConvertible {
        case sign, hub
        var testDescription: String { rawValue }

        func make(_ repository: any DeparturesRepository, clock: ManualBoardClock) async -> any StalenessSubject {
            switch self {
            case .sign: await SignSubject(repository, clock: clock)
            case .hub: HubSubject(repository, clock: clock)
            }
        }
    }

    let clock = ManualBoardClock(now: HubFixtures.now)
    let trips = HubFixtures.departures.map(\.tripID)

    @Test(arguments: Subject.allCases)
    func nothingBeforeTheFirstAnswerThenFreshRows(_ kind: Subject) async {
        let subject = await kind.make(ScriptedRepository([.success(HubFixtures.departures)]), clock: clock)
        #expect(await subject.seen(at: clock.now) == .waiting)
        await subject.poll()
        #expect(await subject.seen(at: clock.now) == .fresh(trips))
    }

    @Test(arguments: Subject.allCases)
    func aFailureKeepsTheLastGoodRowsUntilTheStaleLimit(_ kind: Subject) async {
        let failure = DeparturesError.failed(detail: "HTTP 502 from upstream")
        let subject = await kind.make(ScriptedRepository([.success(HubFixtures.departures), .failure(failure)]), clock: clock)
        await subject.poll()
        clock.advance(by: .seconds(30))
        await subject.poll()
        #expect(await subject.seen(at: clock.now) == .stale(trips))
        #expect(await subject.seen(at: HubFixtures.now.addingTimeInterval(300)) == .stale(trips), "still within the limit")
        #expect(await subject.seen(at: HubFixtures.now.addingTimeInterval(301)) == .nothing, "too old to trust")
    }

    @Test(arguments: Subject.allCases)
    func withoutAnyAnswerAFailureShowsNothing(_ kind: Subject) async {
        let subject = await kind.make(ScriptedRepository([.failure(.offline(detail: "no route to host"))]), clock: clock)
        await subject.poll()
        #expect(await subject.seen(at: clock.now) == .nothing)
    }

    @Test(arguments: Subject.allCases)
    func failuresBackOffByThePolicyAndARecoveryResetsIt(_ kind: Subject) async {
        let failure = DeparturesError.failed(detail: "HTTP 503 from upstream")
        let script: [Result<[Departure], DeparturesError>] =
            Array(repeating: .failure(failure), count: 4) + [.success(HubFixtures.departures)]
        let subject = await kind.make(ScriptedRepository(script), clock: clock)
        var waits: [Double] = []
        for _ in 0..<5 {
            await subject.poll()
            waits.append(await subject.nextAttempt()?.timeIntervalSince(clock.now) ?? -1)
        }
        #expect(waits == [30, 60, 120, 120, 30])
        #expect(await subject.seen(at: clock.now) == .fresh(trips))
    }

    @Test(arguments: Subject.allCases)
    func onePollAtATime(_ kind: Subject) async {
        let repository = GatedRepository()
        let subject = await kind.make(repository, clock: clock)
        let first = Task { await subject.poll() }
        while repository.calls == 0 { await Task.yield() }
        let second = Task { await subject.poll() }
        for _ in 0..<100 { await Task.yield() }
        repository.open()
        await first.value
        await second.value
        #expect(repository.calls == 1, "a poll during another fetches nothing")
        #expect(await subject.seen(at: clock.now) == .fresh(trips))
    }
}

/// What a rider (or a sign reading the hub) is given at an instant.
enum Seen: Equatable, Sendable {
    case waiting
    case fresh([String])
    case stale([String])
    case nothing
}

protocol StalenessSubject: Sendable {
    func poll() async
    func seen(at now: Date) async -> Seen
    func nextAttempt() async -> Date?
}

/// The sign: a board view model of one source.
@MainActor
final class SignSubject: StalenessSubject {
    let board: BoardViewModel

    init(_ repository: any DeparturesRepository, clock: ManualBoardClock) {
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: HubFixtures.zone))
        board = BoardViewModel(
            boardName: "Central", useCase: LoadDeparturesUseCase(repository: repository, rules: rules),
            clock: clock, policy: StalenessTests.policy)
    }

    func poll() async { await board.refresh() }

    func seen(at now: Date) -> Seen {
        let state = board.state(at: now)
        let trips = state.rows.map(\.tripID)
        switch state.status {
        case .loading: return .waiting
        case .ok, .empty: return .fresh(trips)
        case .stale: return .stale(trips)
        case .error: return .nothing
        }
    }

    func nextAttempt() -> Date? { board.nextDue(source: 0) }
}

/// The hub: a stop's feed as its HTTP answer says it.
final class HubSubject: StalenessSubject {
    let feed: StopFeed
    let handler: HubHandler

    init(_ repository: any DeparturesRepository, clock: ManualBoardClock) {
        feed = HubFixtures.feed(repository, clock: clock, policy: StalenessTests.policy)
        handler = HubHandler(feeds: [feed], clock: clock)
    }

    func poll() async { await feed.poll() }

    func seen(at now: Date) -> Seen {
        let response = feed.response(at: now)
        guard response.status == 200, let answer = try? DeparturesDecoder.decode(response.body) else {
            return feed.status.lastAttempt == nil ? .waiting : .nothing
        }
        let trips = answer.data.map(\.tripID)
        return feed.condition(at: now) == .ok ? .fresh(trips) : .stale(trips)
    }

    func nextAttempt() -> Date? { feed.status.nextAttempt }
}
