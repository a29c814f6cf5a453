import DeparturesCore
import Foundation
import Testing

/// Platform, cancellation, estimated times and drop-off-only calls travel from a source
/// through the API's JSON to rows and the board state, as optional keys: responses and
/// states without them keep exactly their old bytes.
struct RiderFactsTests {
    static let now = Fixtures.instant("2026-11-23T09:30:00+11:00")

    @Test func optionalKeysAreReadWhenPresentAndDefaultWhenAbsent() throws {
        let json = """
            {"data": [
              {"trip_id": "a", "route_short_name": "T1", "headsign": "Emu Plains", "scheduled_time_secs": 34500,
               "realtime_time_secs": 34500, "delay_s": 0, "realtime": true,
               "platform": "16", "cancelled": true, "estimated": true, "drop_off_only": true},
              {"trip_id": "b", "route_short_name": "T4", "headsign": "Cronulla", "scheduled_time_secs": 34800,
               "realtime_time_secs": 34800, "delay_s": 0, "realtime": true}]}
            """
        let data = try DeparturesDecoder.decode(Array(json.utf8)).data
        #expect(data[0].platform == "16" && data[0].isCancelled && data[0].isEstimated && data[0].isDropOffOnly)
        #expect(data[1].platform == nil && !data[1].isCancelled && !data[1].isEstimated && !data[1].isDropOffOnly)
    }

    @Test func aWrongTypeIsNamedByItsPath() {
        let json = """
            {"data": [{"trip_id": "a", "route_short_name": "T1", "headsign": "x", "scheduled_time_secs": 1,
                       "realtime_time_secs": 1, "delay_s": 0, "realtime": true, "cancelled": "yes"}]}
            """
        #expect(throws: DeparturesDataError(path: "data[0].cancelled", problem: "expected true or false")) {
            try DeparturesDecoder.decode(Array(json.utf8))
        }
    }

    @Test func encodingLeavesOutWhatIsNotSet() throws {
        let plain = Fixtures.departure("a", at: 34_500)
        let encoded = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        for key in ["platform", "cancelled", "estimated", "drop_off_only"] { #expect(!encoded.contains(key)) }
        var marked = plain
        marked.platform = "2"
        marked.isCancelled = true
        let again = try JSONDecoder().decode(Departure.self, from: JSONEncoder().encode(marked))
        #expect(again == marked)
    }

    @Test func rowsAndStatesCarryTheFacts() {
        var departure = Fixtures.departure("a", at: Fixtures.secs(9, 35), delay: 120)
        departure.platform = "3"
        departure.isCancelled = true
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))
        let resolved = rules.resolve([departure, Fixtures.departure("b", at: Fixtures.secs(9, 40))], now: Self.now)
        let rows = resolved.map { DepartureRow($0, now: Self.now, zone: Fixtures.sydney) }
        #expect(rows[0].countdown == "Cancelled" && rows[0].delay == nil, "a cancelled trip shows no countdown and no delay")
        let state = BoardState(
            boardName: "B", now: Self.now, status: .ok, message: nil, updated: Self.now, rows: rows,
            zone: Fixtures.sydney)
        let json = BoardStateJSON.encode(state)
        #expect(
            json.contains(#""time":"09:37","realtime":true,"source":"1","walk_s":0,"leave_in_minutes":7,"platform":"3","cancelled":true}"#))
        #expect(
            json.contains(#""time":"09:40","realtime":true,"source":"1","walk_s":0,"leave_in_minutes":10}"#),
            "rows without the facts keep their old keys only")
        #expect(BoardStateText.encode(state).hasPrefix("T1  Emu Plains  platform 3  Cancelled  09:37\n"))
    }
}
