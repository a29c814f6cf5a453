import DeparturesCore
import GTFSRealtime
import Testing

/// Realtime platform changes: assigned_stop_id, or another stop_id for our call.
struct ApplierPlatformTests {
    let departsAt = RT.secs(9, 40)
    /// The board: station S with platforms S and S2 (and SP, which has no platform code).
    let stops: Set<String> = ["S", "S2", "SP"]

    @Test func assignedStopIDMovesThePlatform() throws {
        let call = RT.assigned(RT.stop(seq: 5, departure: RT.event(delay: 60)), to: "S2")
        let result = RT.apply(
            [RT.row("t1", at: departsAt, platform: "1")], RT.feed([RT.trip("t1", stops: [call])]),
            lookups: RT.lookups, stops: stops)
        let row = try #require(result.departures.first)
        #expect(row.platform == "2")
        #expect(row.live == (departsAt + 60, 60, true))
        #expect(result.platformChanges == [PlatformChange(tripID: "t1", scheduledPlatform: "1", platform: "2")])
    }

    @Test func aDifferentStopIDForOurSequenceMovesThePlatform() throws {
        let call = RT.stop(seq: 5, id: "S2", departure: RT.event(delay: 0))
        let result = RT.apply(
            [RT.row("t1", at: departsAt, platform: "1")], RT.feed([RT.trip("t1", stops: [call])]),
            lookups: RT.lookups, stops: stops)
        #expect(result.departures.first?.platform == "2")
        #expect(result.platformChanges.map(\.tripID) == ["t1"])
    }

    @Test func aStopIDOnlyUpdateForAnotherPlatformOfTheBoardIsOurCall() throws {
        // No stop_sequence: S2 is one of the board's stops, and the trip has no call of its own there.
        let call = RT.stop(id: "S2", departure: RT.event(delay: 120))
        let result = RT.apply(
            [RT.row("t1", stop: "S", at: departsAt, platform: "1")],
            RT.feed([RT.trip("t1", stops: [call])]), lookups: RT.lookups, stops: stops)
        let row = try #require(result.departures.first)
        #expect(row.platform == "2" && row.live == (departsAt + 120, 120, true))
    }

    @Test func anotherScheduledCallOfTheTripIsNotAMovedPlatform() {
        // The trip calls at S (seq 5) and S2 (seq 9): an update for S2 is that call's.
        let rows = [
            RT.row("t1", seq: 5, stop: "S", at: departsAt, platform: "1"),
            RT.row("t1", seq: 9, stop: "S2", at: departsAt + 600, platform: "2"),
        ]
        let result = RT.apply(
            rows, RT.feed([RT.trip("t1", stops: [RT.stop(id: "S2", departure: RT.event(delay: 60))])]),
            lookups: RT.lookups, stops: stops)
        #expect(result.departures.map(\.platform) == ["1", "2"])
        #expect(result.departures.map(\.delaySeconds) == [0, 60])
        #expect(result.platformChanges.isEmpty)
    }

    @Test func aNewStopWithoutAPlatformCodeKeepsTheScheduledPlatform() {
        let call = RT.assigned(RT.stop(seq: 5, departure: RT.event(delay: 60)), to: "SP")
        let result = RT.apply(
            [RT.row("t1", at: departsAt, platform: "1")], RT.feed([RT.trip("t1", stops: [call])]),
            lookups: RT.lookups, stops: stops)
        #expect(result.departures.first?.platform == "1")
        #expect(result.platformChanges.isEmpty)
    }

    @Test func noDataWithAnAssignedStopMovesOnlyThePlatform() throws {
        // The spec's way to assign a stop without predictions.
        let call = RT.assigned(RT.stop(seq: 5, .noData), to: "S2")
        let result = RT.apply(
            [RT.row("t1", at: departsAt, platform: "1")], RT.feed([RT.trip("t1", stops: [call])]),
            lookups: RT.lookups, stops: stops)
        let row = try #require(result.departures.first)
        #expect(row.platform == "2" && row.live == (departsAt, 0, false))
    }

    @Test func withoutLookupsNoPlatformChanges() {
        let call = RT.assigned(RT.stop(seq: 5, departure: RT.event(delay: 60)), to: "S2")
        let result = RT.apply([RT.row("t1", at: departsAt, platform: "1")], RT.feed([RT.trip("t1", stops: [call])]))
        #expect(result.departures.first?.platform == "1")
        #expect(result.platformChanges.isEmpty)
    }

    @Test func aSkippedCallKeepsItsPlatform() {
        let call = RT.assigned(RT.stop(seq: 5, .skipped), to: "S2")
        let result = RT.apply(
            [RT.row("t1", at: departsAt, platform: "1")], RT.feed([RT.trip("t1", stops: [call])]),
            lookups: RT.lookups, stops: stops)
        #expect(result.departures.first?.platform == "1" && result.departures.first?.isCancelled == true)
        #expect(result.platformChanges.isEmpty)
    }
}
