import DeparturesCore
import Foundation
import GTFSRealtime
import GTFSSchedule
import Testing

/// Trips the timetable does not have: ADDED, NEW, DUPLICATED, REPLACEMENT.
struct ApplierAddedTests {
    static let added: UInt64 = 1, replacement: UInt64 = 5, duplicated: UInt64 = 6, new: UInt64 = 8
    let departsAt = RT.secs(9, 40)
    /// The board's one scheduled row: t1 at S, 09:40, platform 1.
    var rows: [ScheduledDeparture] { [RT.row("t1", at: departsAt, platform: "1")] }

    func at(_ stop: String, _ hours: Int, _ minutes: Int, arrivalOnly: Bool = false) -> StopTimeUpdate {
        let event = RT.event(time: RT.posix(RT.secs(hours, minutes)))
        return arrivalOnly ? RT.stop(id: stop, arrival: event) : RT.stop(id: stop, departure: event)
    }

    @Test func anAddedTripCallingAtTheBoardIsARow() throws {
        let trip = RT.trip("x1", raw: Self.added, route: "R1", stops: [at("MID", 9, 35), at("S", 9, 50), at("END", 10, 20)])
        let result = RT.apply(rows, RT.feed([trip]), lookups: RT.lookups)
        #expect(result.departures.map(\.tripID) == ["t1", "x1"])
        let row = result.departures[1]
        #expect(row.routeShortName == "T1" && row.headsign == "Hornsby" && row.platform == "1")
        #expect(row.scheduledTimeSecs == RT.secs(9, 50) && row.live == (RT.secs(9, 50), 0, true))
        #expect(!row.isCancelled && !row.isDropOffOnly && !row.isEstimated)
    }

    /// Found by fuzz-gtfs-realtime: with no route_id and no trip to copy, the row had an
    /// empty route, and a hub serving it made every sign refuse the stop's whole answer.
    @Test func anAddedTripNoRouteNamesIsLeftOut() throws {
        let trip = RT.trip("x1", raw: Self.added, stops: [at("MID", 9, 35), at("S", 9, 50), at("END", 10, 20)])
        let result = RT.apply(rows, RT.feed([trip]), lookups: RT.lookups)
        #expect(result.departures.map(\.tripID) == ["t1"])
    }

    @Test func aNewTripTakesItsHeadsignAndScheduleFromTheFeed() throws {
        let call = RT.stop(id: "S", departure: RT.event(time: RT.posix(RT.secs(9, 52)), scheduled: RT.posix(RT.secs(9, 50))))
        let trip = RT.trip(
            "n1", raw: Self.new, route: "R2", stops: [call, at("END", 10, 20)],
            extra: RT.properties(headsign: "Epping"))
        let row = try #require(RT.apply(rows, RT.feed([trip]), lookups: RT.lookups).departures.last)
        #expect(row.tripID == "n1" && row.routeShortName == "T2" && row.headsign == "Epping")
        #expect(row.scheduledTimeSecs == RT.secs(9, 50) && row.live == (RT.secs(9, 52), 120, true))
    }

    @Test func aStopHeadsignWinsAndTheRouteLabelIsTheLastResort() throws {
        let named = RT.assigned(at("S", 9, 50), to: nil, headsign: "City Circle")
        let first = RT.trip(
            "n1", raw: Self.new, route: "R1", stops: [named, at("ZZ", 10, 20)],
            extra: RT.properties(headsign: "Epping"))
        let second = RT.trip("n2", raw: Self.new, route: "R1", stops: [at("S", 9, 55), at("ZZ", 10, 20)])
        let result = RT.apply(rows, RT.feed([first, second]), lookups: RT.lookups)
        #expect(result.departures.map(\.headsign) == ["Central", "City Circle", "T1"])

        let unknownRoute = RT.trip("n3", raw: Self.new, route: "R9", stops: [at("S", 9, 55)])
        #expect(RT.apply(rows, RT.feed([unknownRoute])).departures.last?.routeShortName == "R9")
    }

    @Test func addedRowsNeedABoardStopAndAPlausibleAbsoluteTime() {
        let delayOnly = RT.trip("x1", raw: Self.added, route: "R1", stops: [RT.stop(id: "S", departure: RT.event(delay: 60))])
        let elsewhere = RT.trip("x2", raw: Self.added, route: "R1", stops: [at("MID", 9, 50)])
        let millis = RT.trip(
            "x3", raw: Self.added, route: "R1",
            stops: [RT.stop(id: "S", departure: RT.event(time: RT.posix(RT.secs(9, 50)) * 1000))])
        let skipped = RT.trip("x4", raw: Self.added, route: "R1", stops: [RT.stop(id: "S", .skipped)])
        let result = RT.apply(rows, RT.feed([delayOnly, elsewhere, millis, skipped]), lookups: RT.lookups)
        #expect(result.departures.map(\.tripID) == ["t1"])
    }

    @Test func aChildStopOfTheBoardCounts() throws {
        let trip = RT.trip("x1", raw: Self.added, route: "R1", stops: [at("S2", 9, 50)])
        #expect(RT.apply(rows, RT.feed([trip]), lookups: RT.lookups).departures.count == 1, "S2 is not a board stop yet")
        let row = try #require(RT.apply(rows, RT.feed([trip]), lookups: RT.lookups, stops: ["S", "S2"]).departures.last)
        #expect(row.tripID == "x1" && row.platform == "2")
    }

    @Test func anAddedTripEndingHereIsDropOffOnly() throws {
        let trip = RT.trip("x1", raw: Self.added, route: "R1", stops: [at("MID", 9, 35), at("S", 9, 50, arrivalOnly: true)])
        let row = try #require(RT.apply(rows, RT.feed([trip]), lookups: RT.lookups).departures.last)
        #expect(row.tripID == "x1" && row.isDropOffOnly && row.realtimeTimeSecs == RT.secs(9, 50))

        // An ADDED journey may be partial: a last call with a departure is not taken as the end.
        let partial = RT.trip("x2", raw: Self.added, route: "R1", stops: [at("MID", 9, 35), at("S", 9, 50)])
        #expect(RT.apply(rows, RT.feed([partial])).departures.last?.isDropOffOnly == false)
        let new = RT.trip("n1", raw: Self.new, route: "R1", stops: [at("MID", 9, 35), at("S", 9, 50)])
        #expect(RT.apply(rows, RT.feed([new])).departures.last?.isDropOffOnly == true)
    }

    @Test func aTripPublishedAsAddedAndNewShowsOnce() {
        let stops = [at("S", 9, 50), at("END", 10, 20)]
        let feed = RT.feed([
            RT.trip("x1", raw: Self.added, route: "R1", stops: stops),
            RT.trip("x1", raw: Self.new, route: "R1", stops: stops),
        ])
        #expect(RT.apply(rows, feed).departures.map(\.tripID) == ["t1", "x1"])
    }

    @Test func aNoDataCallOfANewTripShowsItsPlanNotAsRealtime() throws {
        let call = RT.stop(id: "S", departure: RT.event(time: nil, scheduled: RT.posix(RT.secs(9, 50))), .noData)
        let row = try #require(RT.apply(rows, RT.feed([RT.trip("n1", raw: Self.new, route: "R1", stops: [call])])).departures.last)
        #expect(row.tripID == "n1" && row.live == (RT.secs(9, 50), 0, false))
    }

    @Test func addedRowsAfterMidnightCountFromTheirServiceDay() throws {
        // 00:20 Monday: a Sunday-night extra calls at 00:40.
        let now = RT.instant("2026-11-23T00:20:00+11:00")
        let call = RT.stop(id: "S", departure: RT.event(time: RT.posix(RT.secs(24, 40), on: RT.yesterday)))
        let dated = RT.trip("n1", raw: Self.new, route: "R1", startDate: "20261122", stops: [call])
        let undated = RT.trip("n2", raw: Self.new, route: "R1", stops: [call])
        let result = RT.apply([], RT.feed(at: now, [dated, undated]), now: now, stops: ["S"])
        #expect(result.departures.map(\.scheduledTimeSecs) == [RT.secs(24, 40), RT.secs(0, 40)])
        let instants = DepartureRules(calendar: RT.calendar).resolve(result.departures, now: now).map(\.instant)
        #expect(instants == [RT.instant("2026-11-23T00:40:00+11:00"), RT.instant("2026-11-23T00:40:00+11:00")])
    }

    @Test func addedRowsAreOrderedByTimeAndFiltered() {
        let later = RT.trip("a", raw: Self.new, route: "R1", stops: [at("S", 10, 5)])
        let sooner = RT.trip("b", raw: Self.new, route: "R1", stops: [at("S", 9, 45)])
        let otherRoute = RT.trip("c", raw: Self.new, route: "R2", stops: [at("S", 9, 50)])
        let feed = RT.feed([later, sooner, otherRoute])
        let result = RT.apply(rows, feed)
        #expect(result.departures.map(\.tripID) == ["t1", "b", "c", "a"])
        #expect(RT.apply(rows, feed) == result, "same inputs, same rows")

        var onlyR1 = RT.lookups
        onlyR1.showsAddedTrip = { $0.routeID == "R1" }
        #expect(RT.apply(rows, feed, lookups: onlyR1).departures.map(\.tripID) == ["t1", "b", "a"])
    }

    @Test func aDuplicatedTripIsACopyUnderItsOwnID() throws {
        // A copy of t1 starting 30 minutes later; its update names stops by stop_sequence only.
        let call = RT.stop(seq: 5, departure: RT.event(time: RT.posix(RT.secs(10, 12))))
        let copy = RT.trip(
            "t1", raw: Self.duplicated, stops: [call],
            extra: RT.properties(tripID: "t1-dup", startDate: "20261123", startTime: "10:10:00"))
        let result = RT.apply(rows, RT.feed([copy]))
        #expect(result.departures.map(\.tripID) == ["t1", "t1-dup"])
        #expect(!result.departures[0].isRealtime, "DUPLICATED leaves the original alone")
        let row = result.departures[1]
        #expect(row.routeShortName == "T1" && row.headsign == "Central" && row.platform == "1")
        #expect(row.live == (RT.secs(10, 12), 0, true))

        // The original has no row on the board: its stop order comes from the store.
        let later = RT.trip(
            "t5", raw: Self.duplicated, route: "R1", stops: [RT.stop(seq: 7, departure: RT.event(time: RT.posix(RT.secs(9, 58))))],
            extra: RT.properties(tripID: "t5-dup", startDate: "20261123", startTime: "09:30:00"))
        let placed = RT.apply(rows, RT.feed([later]), lookups: RT.lookups) { trip, stop in trip == "t5" && stop == "S" ? 7 : nil }
        #expect(placed.departures.map(\.tripID) == ["t1", "t5-dup"])
        #expect(placed.departures.last?.routeShortName == "T1")
    }

    @Test func addedWithATimetableTripIDIsACopyOnlyWithAStartTime() {
        let call = RT.stop(seq: 5, departure: RT.event(time: RT.posix(RT.secs(10, 12))))
        var sameInstance = RT.trip("t1", raw: Self.added, stops: [call])
        #expect(RT.apply(rows, RT.feed([sameInstance])).departures.map(\.tripID) == ["t1"])
        sameInstance.trip.startTime = "10:10:00"
        #expect(RT.apply(rows, RT.feed([sameInstance])).departures.map(\.tripID) == ["t1", "t1"])

        // Published as DUPLICATED too (migration guide): only the DUPLICATED one shows.
        let copy = RT.trip(
            "t1", raw: Self.duplicated, stops: [call],
            extra: RT.properties(tripID: "t1-dup", startDate: "20261123", startTime: "10:10:00"))
        #expect(RT.apply(rows, RT.feed([sameInstance, copy])).departures.map(\.tripID) == ["t1", "t1-dup"])
    }

    @Test func aReplacementReplacesTheScheduledCall() throws {
        let trip = RT.trip("t1", raw: Self.replacement, stops: [at("S", 9, 47), at("END", 10, 20)])
        let result = RT.apply(rows, RT.feed([trip]), lookups: RT.lookups)
        #expect(result.departures.count == 1)
        let row = try #require(result.departures.first)
        #expect(row.tripID == "t1" && row.routeShortName == "T1" && row.headsign == "Hornsby" && row.platform == "1")
        #expect(row.live == (RT.secs(9, 47), 0, true))
    }

    @Test func aReplacementThatSkipsOrLeavesOutOurStop() throws {
        let skipping = RT.trip("t1", raw: Self.replacement, stops: [RT.stop(id: "S", .skipped), at("END", 10, 20)])
        let cancelled = try #require(RT.apply(rows, RT.feed([skipping])).departures.first)
        #expect(cancelled.isCancelled && cancelled.live == (departsAt, 0, true))

        let diverted = RT.trip("t1", raw: Self.replacement, stops: [at("MID", 9, 35), at("END", 10, 20)])
        #expect(RT.apply(rows, RT.feed([diverted])).departures.isEmpty)

        let delayOnly = RT.trip("t1", raw: Self.replacement, stops: [RT.stop(seq: 5, id: "S", departure: RT.event(delay: 120))])
        #expect(RT.apply(rows, RT.feed([delayOnly])).departures.map(\.live).elementsEqual([(departsAt + 120, 120, true)], by: ==))
    }
}
