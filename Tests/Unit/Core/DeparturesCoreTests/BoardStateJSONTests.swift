import DeparturesCore
import Foundation
import Testing

struct BoardStateJSONTests {
    @Test func writesTheDesignsShapeInOrder() {
        let now = Fixtures.instant("2026-11-23T09:30:00+11:00")
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))
        let resolved = rules.resolve(
            [
                Fixtures.departure("T1-a", headsign: "Emu \"Plains\"", at: Fixtures.secs(9, 33), delay: 130),
                Fixtures.departure("T4-b", route: "T4", headsign: "Cronulla", at: Fixtures.secs(9, 39), realtime: false),
            ], now: now)
        let state = BoardState(
            boardName: "Central", now: now, status: .ok, message: nil, updated: now,
            rows: resolved.map { DepartureRow($0, now: now, zone: Fixtures.sydney) }, zone: Fixtures.sydney)
        let json = BoardStateJSON.encode(state)
        let expected = """
            {"board":"Central","now":"2026-11-23T09:30:00+11:00","timezone":"Australia/Sydney","status":"ok",\
            "message":null,"updated":"2026-11-23T09:30:00+11:00","rows":[\
            {"trip_id":"T1-a","route":"T1","headsign":"Emu \\"Plains\\"","minutes":5,"countdown":"5 min","delay":"+2 min","time":"09:35","realtime":true,\
            "source":"1","walk_s":0,"leave_in_minutes":5},\
            {"trip_id":"T4-b","route":"T4","headsign":"Cronulla","minutes":9,"countdown":"9 min","delay":null,"time":"09:39","realtime":false,\
            "source":"1","walk_s":0,"leave_in_minutes":9}],"sources":[]}

            """
        #expect(json == expected)
        // And it is JSON a standard parser accepts.
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    }

    @Test func escapesControlCharacters() {
        #expect(BoardStateJSON.string("a\u{1}b\nc\\") == #""a\u0001b\nc\\""#)
    }
}
