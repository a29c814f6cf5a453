import DeparturesCore
import JSONMapSource
import JSONPath
import Testing

/// A number an API sends far out of range is that row's error with its reason, never a trap
/// (issue 45: `/Date(1777…)/` and a 40-digit epoch once killed the release binary).
struct OutsideNumberTests {
    typealias F = JSONMapFixtures
    static let now = Date(timeIntervalSince1970: 1_795_386_600)  // 09:30 in Sydney

    func read(_ answer: String, _ format: JSONMapping.TimeFormat, serviceDay: Bool = false) throws -> JSONMapReading {
        var fields: [JSONMapping.Field: [JSONPath]] = [.route: [F.query("$.r")], .headsign: [F.query("$.h")], .departure: [F.query("$.t")]]
        if serviceDay { fields[.serviceDay] = [F.query("$.d")] }
        let mapping = JSONMapping(rows: F.query("$[*]"), fields: fields, timeFormat: format)
        return try mapping.read(JSONValue.parse(Array(answer.utf8)), calendar: F.calendar("Australia/Sydney"), now: Self.now)
    }

    @Test(arguments: [
        (
            #""/Date(17777777722222222222222222222222222222222222222222222220000000000000000000)/""#,
            JSONMapping.TimeFormat.epochMilliseconds
        ),
        (#""1795383333333333333333333333333333336901""#, .epochSeconds),
        ("1e300", .epochMilliseconds),
        ("-1e300", .epochSeconds),
    ])
    func aTimeOutOfRangeLeavesItsRowOut(time: String, format: JSONMapping.TimeFormat) throws {
        let good = format == .epochSeconds ? "1795386840" : "1795386840000"
        let reading = try read(#"[{"r": "5", "h": "Bay", "t": \#(time)}, {"r": "6", "h": "Hill", "t": \#(good)}]"#, format)
        #expect(reading.departures.map(\.routeShortName) == ["6"])
        #expect(reading.skipped.map(\.row) == [0])
        #expect(reading.skipped.first?.reason.contains("not an instant between 1970 and 2200") == true, "\(reading.skipped)")
    }

    @Test func serviceDaySecondsThatWouldOverflowTheirSum() throws {
        let reading = try read(
            #"[{"r": "5", "h": "Bay", "t": 9000000000000000000, "d": 9000000000000000000}, {"r": "6", "h": "Hill", "t": 34440, "d": 1795352400}]"#,
            .serviceDaySeconds, serviceDay: true)
        #expect(reading.departures.map(\.routeShortName) == ["6"])
        #expect(reading.skippedCount == 1)
    }

    @Test func theCheckedConversions() {
        #expect(OutsideNumber.whole(1e19, in: 0...Int.max) == nil)
        #expect(OutsideNumber.whole(.nan, in: 0...10) == nil)
        #expect(OutsideNumber.whole(3.5, in: 0...10) == nil)
        #expect(OutsideNumber.whole(7, in: 0...10) == 7)
        #expect(OutsideNumber.instant(epochMilliseconds: Int64.max) == nil)
        #expect(OutsideNumber.instant(epochSeconds: .infinity) == nil)
        #expect(OutsideNumber.instant(epochSeconds: 1_795_386_600) == Self.now)
    }
}
