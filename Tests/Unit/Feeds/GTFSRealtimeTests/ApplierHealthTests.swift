import DeparturesCore
import GTFSRealtime
import Testing

/// Realtime health: how many of the feed's trips for the board's routes match the timetable.
struct ApplierHealthTests {
    let rows = (1...4).map { RT.row("t\($0)", at: RT.secs(9, 30 + 5 * $0)) }

    func update(_ id: String, route: String? = "R1") -> TransitRealtime_TripUpdate {
        var update = RT.trip(id, stops: [RT.stop(seq: 5, departure: RT.event(delay: 60))])
        if let route { update.trip.routeID = route }
        return update
    }

    @Test func aFeedThatMatchesTheTimetable() {
        let feed = RT.feed((1...4).map { update("t\($0)") } + [update("x9", route: "R7")])
        let result = RT.apply(rows, feed)
        #expect(result.tripsForBoardRoutes == 4 && result.matchedTrips == 4)
        #expect(result.matchRate == 1.0)
        #expect(result.entityCount == 5)
        #expect(result.departures.allSatisfy { $0.isRealtime })
    }

    @Test func renumberedTripIDsShowAsALowMatchRate() {
        // The feed still updates every trip of the route, under trip ids the timetable lacks:
        // every row stays "scheduled", and only the rate tells why.
        let feed = RT.feed((1...4).map { update("2026-t\($0)") })
        let result = RT.apply(rows, feed)
        #expect(!result.isStale && result.note == nil)
        #expect(result.departures.allSatisfy { !$0.isRealtime })
        #expect(result.tripsForBoardRoutes == 4 && result.matchedTrips == 0)
        #expect(result.matchRate == 0.0)
    }

    @Test func routesComeFromTheDescriptorElseTheScheduledTrip() {
        let feed = RT.feed([
            update("t1", route: nil), update("t2", route: "R2"), update("old", route: nil),
            update("other", route: "R2"),
        ])
        let result = RT.apply(rows, feed)
        #expect(result.tripsForBoardRoutes == 1 && result.matchedTrips == 1, "R2 is not the board's; 'old' has no route")

        let withR2 = RT.apply(rows, feed, routes: ["R2"])
        #expect(withR2.tripsForBoardRoutes == 3 && withR2.matchedTrips == 2)
    }

    @Test func theStoreKnowsTripsWithoutARowOnTheBoard() {
        // t7 runs later today: no row in the window, but the timetable has it.
        let feed = RT.feed([update("t1"), update("t7"), update("zz")])
        #expect(RT.apply(rows, feed).matchedTrips == 1)
        let result = RT.apply(rows, feed, lookups: RT.lookups)
        #expect(result.tripsForBoardRoutes == 3 && result.matchedTrips == 2)
    }

    @Test func addedAndNewTripsAreLeftOutButOtherRelationshipsCount() {
        var added = update("a1")
        added.trip.scheduleRelationship = .added
        let new = RT.trip("n1", raw: 8, route: "R1")
        var cancelled = update("t2")
        cancelled.trip.scheduleRelationship = .canceled
        let duplicated = RT.trip("t3", raw: 6, route: "R1", extra: RT.properties(tripID: "t3-copy"))
        let result = RT.apply(rows, RT.feed([added, new, cancelled, duplicated]))
        #expect(result.tripsForBoardRoutes == 2 && result.matchedTrips == 2)
    }

    @Test func nothingToCountHasNoRate() {
        let empty = RT.apply(rows, RT.feed([]))
        #expect(empty.matchRate == nil && empty.entityCount == 0)
        let none = RT.apply(rows, nil)
        #expect(none.matchRate == nil && none.entityCount == 0)
    }

    @Test func aStaleFeedIsStillMeasured() {
        let result = RT.apply(rows, RT.feed(age: 900, [update("t1"), update("gone")]))
        #expect(result.isStale)
        #expect(result.entityCount == 2 && result.matchRate == 0.5)
    }
}
