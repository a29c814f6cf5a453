import DeparturesCore
import Foundation
import Testing

/// Crowding, additive in the API contract: read from every standard's spelling, carried
/// through a hub (encode, decode), and shown in the board state JSON and the text rows.
struct OccupancyTests {
    @Test(arguments: [
        ("MANY_SEATS_AVAILABLE", Occupancy.manySeats), ("seatsAvailable", .manySeats), ("many_seats", .manySeats),
        ("FEW_SEATS_AVAILABLE", .fewSeats), ("STANDING_ROOM_ONLY", .standing), ("standingAvailable", .standing),
        ("CRUSHED_STANDING_ROOM_ONLY", .crushed), ("full", .full), ("FULL", .full),
        ("NOT_ACCEPTING_PASSENGERS", .notAccepting), ("not_accepting", .notAccepting), ("EMPTY", .empty),
    ])
    func everyStandardsSpelling(_ word: String, _ level: Occupancy) {
        #expect(Occupancy(word: word) == level)
    }

    @Test func noDataIsNoLevel() {
        for word in ["NO_DATA_AVAILABLE", "unknown", "NOT_BOARDABLE", "", "busy"] { #expect(Occupancy(word: word) == nil, "\(word)") }
    }

    /// A hub serves what it read, and a sign reads it back; an unknown word or a bad type from a
    /// newer server is no data, never a refused answer.
    @Test func theContractCarriesItAndForgivesWhatItDoesNotKnow() throws {
        let json = """
            {"data": [
              {"trip_id": "A", "route_short_name": "T1", "headsign": "X", "scheduled_time_secs": 34200, "realtime_time_secs": 34200,
               "delay_s": 0, "realtime": true, "occupancy": "standing", "occupancy_percent": 85.4, "carriages": ["few_seats", null, "full", "busy"]},
              {"trip_id": "B", "route_short_name": "T1", "headsign": "Y", "scheduled_time_secs": 34260, "realtime_time_secs": 34260,
               "delay_s": 0, "realtime": true, "occupancy": "packed", "occupancy_percent": "lots", "carriages": 3}]}
            """
        let rows = try DeparturesDecoder.decode(Array(json.utf8)).data
        #expect(rows[0].occupancy == .standing && rows[0].occupancyPercent == 85)
        #expect(rows[0].carriages == [.fewSeats, nil, .full, nil])
        #expect(rows[1].occupancy == nil && rows[1].occupancyPercent == nil && rows[1].carriages == nil)
        let encoded = String(decoding: try JSONEncoder().encode(rows[0]), as: UTF8.self)
        #expect(
            encoded.contains(#""occupancy":"standing""#) && encoded.contains(#""occupancy_percent":85"#)
                && encoded.contains(#""carriages":["few_seats",null,"full",null]"#), "\(encoded)")
        #expect(try JSONDecoder().decode(Departure.self, from: Data(encoded.utf8)) == rows[0])
        // A departure without crowding writes no such keys.
        #expect(!String(decoding: try JSONEncoder().encode(rows[1]), as: UTF8.self).contains("occupancy"))
    }

    @Test func theBoardStateAndTheTextRowsSayIt() {
        let now = Fixtures.instant("2026-11-23T09:30:00+11:00")
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))
        var full = Fixtures.departure("T1-a", at: Fixtures.secs(9, 33))
        full.occupancy = .full
        full.occupancyPercent = 104
        full.carriages = [.standing, .full, nil]
        let resolved = rules.resolve(
            [full, Fixtures.departure("T4-b", route: "T4", headsign: "Cronulla", at: Fixtures.secs(9, 39))], now: now)
        let state = BoardState(
            boardName: "Central", now: now, status: .ok, message: nil, updated: now,
            rows: resolved.map { DepartureRow($0, now: now, zone: Fixtures.sydney) }, zone: Fixtures.sydney)
        let json = BoardStateJSON.encode(state)
        #expect(
            json.contains(#""leave_in_minutes":3,"occupancy":"full","occupancy_percent":104,"carriages":["standing","full",null]}"#),
            "\(json)")
        #expect(
            !json.contains(
                #""trip_id":"T4-b","route":"T4","headsign":"Cronulla","minutes":9,"countdown":"9 min","delay":null,"time":"09:39","realtime":true,"source":"1","walk_s":0,"leave_in_minutes":9,"occupancy"#
            ))
        // The front carriage is standing, the middle full: the front has most room.
        #expect(BoardStateText.encode(state) == "T1  Emu Plains  Full  most room at the front  3 min  09:33\nT4  Cronulla  9 min  09:39\n")
    }
}
