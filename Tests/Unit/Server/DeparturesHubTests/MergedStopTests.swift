import DeparturesCore
import Foundation
import Testing
import WebMessages
import WebServer
@testable import DeparturesHub

/// A hub stop with `sources:` serves one merged stream: each source on its own interval and
/// stale limit, a failing one never blanking the others, a trip two sources see listed once.
@Suite(.timeLimit(.minutes(10)))
struct MergedStopTests {
    let clock = ManualBoardClock(now: HubFixtures.now)

    static func departure(_ trip: String, _ route: String, at seconds: Int) -> Departure {
        Departure(
            tripID: trip, routeShortName: route, headsign: "Town", scheduledTimeSecs: seconds,
            realtimeTimeSecs: seconds, delaySeconds: 0, isRealtime: true)
    }

    static func policy(_ interval: Int, stale: Int) -> RefreshPolicy {
        RefreshPolicy(interval: .seconds(interval), maxBackoff: .seconds(300), staleLimit: .seconds(stale))
    }

    func merged(_ parts: [(ScriptedRepository, String, RefreshPolicy)]) -> MergedStopSources {
        MergedStopSources(
            parts: parts.enumerated().map { index, part in
                .init(repository: part.0, feed: part.1, name: "sources[\(index)]", policy: part.2)
            }, clock: clock, logger: HubFixtures.quietLogger)
    }

    @Test func twoSourcesMergeInTimeOrderWithASharedTripOnceAtItsEarlierCall() async throws {
        let bus = ScriptedRepository([.success([Self.departure("b1", "42", at: 34_500), Self.departure("shared", "7", at: 34_800)])])
        let otherSide = ScriptedRepository([.success([Self.departure("shared", "7", at: 34_700), Self.departure("b2", "42", at: 34_600)])])
        let train = ScriptedRepository([.success([Self.departure("shared", "T1", at: 34_400)])])
        let stop = merged([
            (bus, "api:bus", Self.policy(30, stale: 600)), (otherSide, "api:bus", Self.policy(30, stale: 600)),
            (train, "gtfs:rail", Self.policy(30, stale: 600)),
        ])
        let rows = try await stop.departures()
        // "shared" of the bus feed once, at the other side's earlier call; the train's own "shared" is another feed's trip.
        #expect(rows.map { "\($0.tripID)@\($0.realtimeTimeSecs)" } == ["shared@34400", "b1@34500", "b2@34600", "shared@34700"])
    }

    @Test func aFailingSourceServesItsLastRowsUntilItsOwnStaleLimitWhileTheOtherCarriesOn() async throws {
        let bus = ScriptedRepository([.success([Self.departure("b1", "42", at: 34_500)])])
        let train = ScriptedRepository([.success([Self.departure("t1", "T1", at: 34_600)]), .failure(.failed(detail: "HTTP 500"))])
        let stop = merged([(bus, "api:bus", Self.policy(30, stale: 600)), (train, "api:rail", Self.policy(60, stale: 120))])
        #expect(try await stop.departures().map(\.tripID) == ["b1", "t1"])

        clock.advance(by: .seconds(30))
        #expect(try await stop.departures().map(\.tripID) == ["b1", "t1"])
        #expect((bus.calls, train.calls) == (2, 1), "the train is not due before its own 60 s")

        clock.advance(by: .seconds(30))
        #expect(try await stop.departures().map(\.tripID) == ["b1", "t1"], "failed, but within its 120 s")
        #expect(train.calls == 2)

        clock.advance(by: .seconds(90))
        #expect(try await stop.departures().map(\.tripID) == ["b1"], "past its stale limit the train's rows go; the bus stays")
    }

    @Test func theStopFailsOnlyWhenNoSourceHasAnythingToGive() async throws {
        let bus = ScriptedRepository([.failure(.offline(detail: "no route to host"))])
        let train = ScriptedRepository([.failure(.failed(detail: "HTTP 500"))])
        let stop = merged([(bus, "api:bus", Self.policy(30, stale: 600)), (train, "api:rail", Self.policy(30, stale: 600))])
        await #expect(throws: DeparturesError.offline(detail: "no route to host")) { try await stop.departures() }

        let empty = merged([
            (ScriptedRepository([.success([])]), "a", Self.policy(30, stale: 600)),
            (ScriptedRepository([.failure(.failed(detail: "HTTP 500"))]), "b", Self.policy(30, stale: 600)),
        ])
        #expect(try await empty.departures().isEmpty, "one source answered: no departures, not an error")
    }

    @Test func theStopPollsAsOftenAsItsMostFrequentSourceAndServesAsLongAsItsLongestLived() {
        let parts = [Self.policy(60, stale: 300), Self.policy(20, stale: 1800)].enumerated().map { index, policy in
            MergedStopSources.Part(repository: ScriptedRepository([.success([])]), feed: "\(index)", name: "", policy: policy)
        }
        let policy = MergedStopSources.policy(of: parts, maxBackoff: .seconds(300))
        #expect(policy.interval == .seconds(20) && policy.staleLimit == .seconds(1800) && policy.maxBackoff == .seconds(300))
    }

    @Test func theHubServesTheMergedStream() async throws {
        let bus = ScriptedRepository([.success([Self.departure("b1", "42", at: 34_500)])])
        let train = ScriptedRepository([.success([Self.departure("t1", "T1", at: 34_400)])])
        let stop = merged([(bus, "api:bus", Self.policy(30, stale: 600)), (train, "api:rail", Self.policy(30, stale: 600))])
        let feed = HubFixtures.feed(stop, clock: clock)
        await feed.poll()
        let response = await HubHandler(feeds: [feed], clock: clock).respond(to: WebRequest(path: "/api/v1/stops/central/departures"))
        #expect(response.status == 200)
        #expect(try DeparturesDecoder.decode(response.body).data.map(\.tripID) == ["t1", "b1"])
    }
}
