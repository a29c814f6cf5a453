import DeparturesCore
import OneBusAwaySource
import Testing

/// Times far out of range, and placeholder trip ids, in a OneBusAway answer (issue 45).
struct OneBusAwayOutsideNumberTests {
    typealias T = OneBusAwayRepositoryTests

    @Test func aTimePast2200IsTheRowsErrorNamingIt() throws {
        let body = T.answer([T.visit(trip: "t1", scheduled: Int64.max)])
        #expect(
            throws: OneBusAwayAnswer.Problem.data(
                DeparturesDataError(
                    path: "data.entry.arrivalsAndDepartures[0].scheduledDepartureTime",
                    problem: "9223372036854775807 ms is not an instant between 1970 and 2200"))
        ) {
            try OneBusAwayAnswer.answer(Array(body.utf8), calendar: T.calendar)
        }
    }

    /// The bad visit is left out alone: the rest of the answer still shows.
    @Test func aTimePast2200AmongGoodRowsCostsOnlyItsRow() throws {
        let body = T.answer([
            T.visit(trip: "t1", scheduled: T.nineThirty + 240_000), T.visit(trip: "t2", scheduled: Int64.max),
            T.visit(trip: "t3", scheduled: T.nineThirty + 840_000),
        ])
        let rows = try OneBusAwayAnswer.answer(Array(body.utf8), calendar: T.calendar).departures
        #expect(rows.map(\.tripID) == ["t1", "t3"])
    }

    @Test func placeholderTripIDsBecomeEachRowsOwn() throws {
        let body = T.answer([
            T.visit(trip: "-", scheduled: T.nineThirty + 240_000), T.visit(trip: "-", scheduled: T.nineThirty + 540_000),
            T.visit(trip: "0", scheduled: T.nineThirty + 840_000),
        ])
        let rows = try OneBusAwayAnswer.answer(Array(body.utf8), calendar: T.calendar).departures
        #expect(rows.count == 3)
        #expect(Set(rows.map(\.tripID)).count == 3)
        #expect(!rows.contains { TripIdentity.isPlaceholder($0.tripID) })
    }
}
