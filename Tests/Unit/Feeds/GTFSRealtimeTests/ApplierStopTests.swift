import DeparturesCore
import Foundation
import GTFSRealtime
import Testing

/// Stop-level rules: delay, time, arrival fallback, propagation, NO_DATA, SKIPPED.
struct ApplierStopTests {
    let departsAt = RT.secs(9, 40)

    @Test func delayAtOurStop() throws {
        let result = RT.apply(
            [RT.row("t1", at: departsAt)],
            RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, departure: RT.event(delay: 120))])]))
        let row = try #require(result.departures.first)
        #expect(row.live == (departsAt + 120, 120, true))
        #expect(row.scheduledTimeSecs == departsAt)
        #expect(row.tripID == "t1" && row.routeShortName == "T1" && row.headsign == "Central")
        #expect(!result.isStale && result.note == nil)
        #expect(result.feedTimestamp == RT.now.addingTimeInterval(-30))
    }

    @Test func absoluteTimeWinsOverDelay() throws {
        let time = RT.posix(departsAt + 300)
        let result = RT.apply(
            [RT.row("t1", at: departsAt)],
            RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, departure: RT.event(delay: 60, time: time))])]))
        #expect(try #require(result.departures.first).live == (departsAt + 300, 300, true))
    }

    @Test func anImplausibleTimeIsNotBelieved() throws {
        let millis = RT.posix(departsAt + 60) * 1000
        let withDelay = RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, departure: RT.event(delay: 60, time: millis))])])
        #expect(try #require(RT.apply([RT.row("t1", at: departsAt)], withDelay).departures.first).live == (departsAt + 60, 60, true))
        let timeOnly = RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, departure: RT.event(time: millis))])])
        #expect(try #require(RT.apply([RT.row("t1", at: departsAt)], timeOnly).departures.first).live == (departsAt, 0, false))
    }

    /// Found by fuzz-gtfs-realtime: a delay of days, or one that puts the call before its
    /// service day began, made rows the departures API refuses (and a sign would count down to).
    @Test(arguments: [-1_879_012_852, -86_400, 86_400, -(9 * 3_600 + 41 * 60)] as [Int32])
    func anUnbelievableDelayKeepsTheTimetable(delay: Int32) throws {
        let result = RT.apply(
            [RT.row("t1", at: departsAt)],
            RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, departure: RT.event(delay: delay))])]))
        #expect(try #require(result.departures.first).live == (departsAt, 0, false))
        #expect(throws: Never.self) {
            try DeparturesDecoder.decode(Array(JSONEncoder().encode(DeparturesResponse(data: result.departures))))
        }
    }

    @Test func earlyDepartureIsANegativeDelay() throws {
        let time = RT.posix(departsAt - 90)
        let result = RT.apply(
            [RT.row("t1", at: departsAt)],
            RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, departure: RT.event(time: time))])]))
        #expect(try #require(result.departures.first).live == (departsAt - 90, -90, true))
    }

    @Test func arrivalIsUsedWithoutADeparture() throws {
        let result = RT.apply(
            [RT.row("t1", at: departsAt)],
            RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, arrival: RT.event(delay: 90))])]))
        #expect(try #require(result.departures.first).live == (departsAt + 90, 90, true))
    }

    @Test func stopIDMatchesOurStopWithoutASequence() throws {
        let result = RT.apply(
            [RT.row("t1", stop: "S", at: departsAt)],
            RT.feed([RT.trip("t1", stops: [RT.stop(id: "S", departure: RT.event(delay: 45))])]))
        #expect(try #require(result.departures.first).live == (departsAt + 45, 45, true))
    }

    @Test func aLaterVisitOfTheSameStopIsNotOurs() throws {
        // Loop trip: stop S is sequence 5 and 9; the update names sequence 9.
        let result = RT.apply(
            [RT.row("t1", seq: 5, stop: "S", at: departsAt)],
            RT.feed([RT.trip("t1", stops: [RT.stop(seq: 9, id: "S", departure: RT.event(delay: 600))])]))
        #expect(try #require(result.departures.first).live == (departsAt, 0, false))
    }

    @Test func delayPropagatesFromTheNearestEarlierStopBySequence() throws {
        let feed = RT.feed([
            RT.trip(
                "t1",
                stops: [
                    RT.stop(seq: 4, departure: RT.event(delay: 240)),
                    RT.stop(seq: 2, departure: RT.event(delay: 60)),
                    RT.stop(seq: 8, departure: RT.event(delay: 900)),
                ])
        ])
        let result = RT.apply([RT.row("t1", seq: 5, at: departsAt)], feed)
        #expect(try #require(result.departures.first).live == (departsAt + 240, 240, true))
    }

    @Test func delayPropagatesFromAStopIDThroughTheLookup() throws {
        let feed = RT.feed([RT.trip("t1", stops: [RT.stop(id: "UP", arrival: RT.event(delay: 180))])])
        let looked = RT.apply([RT.row("t1", seq: 5, at: departsAt)], feed) { trip, stop in
            trip == "t1" && stop == "UP" ? 3 : nil
        }
        #expect(try #require(looked.departures.first).live == (departsAt + 180, 180, true))

        let unknown = RT.apply([RT.row("t1", seq: 5, at: departsAt)], feed)
        #expect(try #require(unknown.departures.first).live == (departsAt, 0, false), "unplaced update: no propagation")

        let after = RT.apply([RT.row("t1", seq: 5, at: departsAt)], feed) { _, _ in 7 }
        #expect(try #require(after.departures.first).live == (departsAt, 0, false), "a later stop never propagates back")
    }

    @Test func anEarlierAbsoluteTimeAloneDoesNotPropagate() throws {
        let feed = RT.feed([RT.trip("t1", stops: [RT.stop(seq: 2, departure: RT.event(time: RT.posix(RT.secs(9, 20))))])])
        let result = RT.apply([RT.row("t1", seq: 5, at: departsAt)], feed)
        #expect(try #require(result.departures.first).live == (departsAt, 0, false))
    }

    @Test func noDataAtOurStopLeavesTheRowScheduled() throws {
        let feed = RT.feed([
            RT.trip(
                "t1",
                stops: [
                    RT.stop(seq: 2, departure: RT.event(delay: 300)),
                    RT.stop(seq: 5, .noData),
                ])
        ])
        let result = RT.apply([RT.row("t1", seq: 5, at: departsAt)], feed)
        #expect(try #require(result.departures.first).live == (departsAt, 0, false))
    }

    @Test func noDataAtAnEarlierStopStopsPropagation() throws {
        let feed = RT.feed([
            RT.trip(
                "t1", delay: 500,
                stops: [
                    RT.stop(seq: 1, departure: RT.event(delay: 300)),
                    RT.stop(seq: 3, .noData),
                ])
        ])
        let result = RT.apply([RT.row("t1", seq: 5, at: departsAt)], feed)
        #expect(try #require(result.departures.first).live == (departsAt, 0, false))
    }

    @Test func skippedAtOurStopIsACancelledRow() throws {
        let feed = RT.feed([RT.trip("t1", stops: [RT.stop(seq: 2, departure: RT.event(delay: 300)), RT.stop(seq: 5, .skipped)])])
        let result = RT.apply([RT.row("t1", seq: 5, at: departsAt), RT.row("t2", at: departsAt + 60)], feed)
        #expect(result.departures.map(\.tripID) == ["t1", "t2"])
        let skipped = try #require(result.departures.first)
        #expect(skipped.isCancelled && skipped.live == (departsAt, 0, true), "no delay on a call that is not made")
        #expect(!result.departures[1].isCancelled)
    }

    @Test func aSkippedEarlierStopIsPassedOver() throws {
        let feed = RT.feed([
            RT.trip(
                "t1",
                stops: [
                    RT.stop(seq: 2, departure: RT.event(delay: 120)),
                    RT.stop(seq: 4, .skipped),
                ])
        ])
        let result = RT.apply([RT.row("t1", seq: 5, at: departsAt)], feed)
        #expect(try #require(result.departures.first).live == (departsAt + 120, 120, true))
    }

    @Test func tripLevelDelayAppliesWithoutStopUpdates() throws {
        let result = RT.apply([RT.row("t1", at: departsAt)], RT.feed([RT.trip("t1", delay: 150)]))
        #expect(try #require(result.departures.first).live == (departsAt + 150, 150, true))
    }

    @Test func tripLevelDelayHoldsUntilTheFirstStopUpdate() throws {
        let later = RT.feed([RT.trip("t1", delay: 150, stops: [RT.stop(seq: 9, departure: RT.event(delay: 30))])])
        #expect(
            try #require(RT.apply([RT.row("t1", seq: 5, at: departsAt)], later).departures.first).live
                == (departsAt + 150, 150, true))

        let earlier = RT.feed([RT.trip("t1", delay: 150, stops: [RT.stop(seq: 3, departure: RT.event(delay: 30))])])
        #expect(
            try #require(RT.apply([RT.row("t1", seq: 5, at: departsAt)], earlier).departures.first).live
                == (departsAt + 30, 30, true))
    }

    @Test func rowsWithoutAnUpdateStayScheduled() {
        let result = RT.apply(
            [RT.row("t1", at: departsAt), RT.row("t2", at: departsAt + 60)],
            RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, departure: RT.event(delay: 60))])]))
        #expect(result.departures.map(\.isRealtime) == [true, false])
        #expect(result.departures[1].live == (departsAt + 60, 0, false))
    }
}
