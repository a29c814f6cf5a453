import DeparturesCore
import Foundation
import GTFSRealtime
import Testing

/// Disruptions are shown, not hidden: cancelled trips and skipped calls as cancelled rows
/// within `cancelledWindow`; DELETED trips leave the board.
struct ApplierCancelTests {
    let departsAt = RT.secs(9, 40)

    @Test func cancelledRowsShowOnlyWithinTheWindow() {
        // Now 09:30; the window is an hour: 10:30 is in, 10:31 is out, 09:20 (due) stays.
        let rows = [RT.row("t1", at: RT.secs(10, 30)), RT.row("t2", at: RT.secs(10, 31)), RT.row("t3", at: RT.secs(9, 20))]
        let feed = RT.feed([RT.trip("t1", .canceled), RT.trip("t2", .canceled), RT.trip("t3", .canceled)])
        let result = RT.apply(rows, feed)
        #expect(result.departures.map(\.tripID) == ["t1", "t3"])
        #expect(result.departures.allSatisfy { $0.isCancelled })

        let wider = RT.apply(rows, feed, cancelledWindow: .seconds(2 * 3_600))
        #expect(wider.departures.map(\.tripID) == ["t1", "t2", "t3"])
    }

    @Test("nil or zero window drops cancelled rows, as before", arguments: [nil, Duration.zero])
    func noWindowDropsCancelledRows(window: Duration?) {
        let feed = RT.feed([RT.trip("t1", .canceled), RT.trip("t2", stops: [RT.stop(seq: 5, .skipped)])])
        let rows = [RT.row("t1", at: departsAt), RT.row("t2", at: departsAt), RT.row("t3", at: departsAt)]
        #expect(RT.apply(rows, feed, cancelledWindow: window).departures.map(\.tripID) == ["t3"])
    }

    @Test func aSkippedCallBeyondTheWindowIsDropped() {
        let feed = RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, .skipped)])])
        let result = RT.apply([RT.row("t1", at: RT.secs(11, 0))], feed)
        #expect(result.departures.isEmpty)
    }

    @Test func theTripsCancellationWinsOverItsStopUpdates() throws {
        let update = RT.trip("t1", .canceled, stops: [RT.stop(seq: 5, departure: RT.event(delay: 600))])
        let row = try #require(RT.apply([RT.row("t1", at: departsAt)], RT.feed([update])).departures.first)
        #expect(row.isCancelled && row.live == (departsAt, 0, true))
    }

    @Test func deletedTripsAreNeverShownEvenWithinTheWindow() {
        let result = RT.apply(
            [RT.row("t1", at: departsAt), RT.row("t2", at: departsAt)],
            RT.feed([RT.trip("t1", raw: 7)]), cancelledWindow: .seconds(86_400))
        #expect(result.departures.map(\.tripID) == ["t2"])
    }

    @Test func aCancellationForAnotherServiceDayLeavesTodaysRow() {
        let update = RT.trip("t1", startDate: "20261122", .canceled)
        let row = RT.apply([RT.row("t1", at: departsAt)], RT.feed([update])).departures.first
        #expect(row?.isCancelled == false && row?.isRealtime == false)
    }
}
