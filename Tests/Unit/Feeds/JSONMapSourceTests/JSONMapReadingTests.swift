import DeparturesCore
import JSONMapSource
import JSONPath
import Testing

/// `JSONMapping.read`: answers in real APIs' shapes turned into rows, each field as the
/// board reference documents it, and the reasons a row or an answer is refused.
struct JSONMapReadingTests {
    typealias F = JSONMapFixtures

    /// Without `service_day`, the seconds are the board's own service day's, as the API contract counts.
    @Test func plainServiceDaySecondsAndEpochSeconds() throws {
        let root = try JSONValue.parse(Array(#"{"d": [{"r": "A", "h": "X", "t": 34800, "s": "34500"}]}"#.utf8))
        let mapping = JSONMapping(
            rows: F.query("$.d[*]"),
            fields: [
                .route: [F.query("$.r")], .headsign: [F.query("$.h")], .departure: [F.query("$.t")], .scheduled: [F.query("$.s")],
            ], timeFormat: .serviceDaySeconds)
        let rows = try mapping.read(root, calendar: F.calendar("Australia/Sydney"), now: Date(timeIntervalSince1970: 1_795_386_600))
            .departures
        #expect(rows.map(\.realtimeTimeSecs) == [34_800])
        #expect(rows.map(\.delaySeconds) == [300])
        #expect(rows.map(\.tripID) == ["A 34500"])

        let epoch = try JSONValue.parse(Array(#"[{"r": "A", "h": "X", "t": 1795386900}]"#.utf8))
        var seconds = mapping
        seconds.rows = [F.query("$[*]")]
        seconds.fields[.scheduled] = nil
        seconds.timeFormat = .epochSeconds
        let epochRows = try seconds.read(epoch, calendar: F.calendar("Australia/Sydney"), now: Date(timeIntervalSince1970: 1_795_386_600))
            .departures
        #expect(epochRows.map(\.realtimeTimeSecs) == [9 * 3600 + 35 * 60])
    }

    /// Departures nested in their lines (Wiener Linien's monitor): rows as two queries, the
    /// route and destination read from the line with `^`, unless the departure has its own.
    @Test func nestedRowsReadTheirGroupWithACaret() throws {
        let root = try JSONValue.parse(
            Array(
                """
                {"data": {"monitors": [{"locationStop": {"properties": {"title": "Karlsplatz"}}, "lines": [
                  {"name": "U1", "towards": "Leopoldau", "platform": "1", "departures": {"departure": [
                    {"departureTime": {"timePlanned": "2026-11-23T10:31:00.000+0100", "timeReal": "2026-11-23T10:31:30.000+0100", "countdown": 1}},
                    {"departureTime": {"timePlanned": "2026-11-23T10:36:00.000+0100", "countdown": 6},
                     "vehicle": {"name": "U1", "towards": "Alte Donau"}}]}},
                  {"name": "U4", "towards": "Heiligenstadt", "platform": "2", "departures": {"departure": []}}]}]},
                 "message": {"value": "OK", "messageCode": 1}}
                """.utf8))
        let mapping = JSONMapping(
            rows: [F.query("$.data.monitors[*].lines[*]"), F.query("$.departures.departure[*]")],
            fields: [
                .route: [try .init(parsing: "$.vehicle.name"), try .init(parsing: "^.name")],
                .headsign: [try .init(parsing: "$.vehicle.towards"), try .init(parsing: "^.towards")],
                .departure: [try .init(parsing: "$.departureTime.timeReal"), try .init(parsing: "$.departureTime.timePlanned")],
                .scheduled: [try .init(parsing: "$.departureTime.timePlanned")],
                .platform: [try .init(parsing: "^.platform")],
                .tripID: [try .init(parsing: "^^.message.value")],
            ])
        let reading = try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow)
        #expect(reading.departures.map(\.routeShortName) == ["U1", "U1"])
        #expect(reading.departures.map(\.headsign) == ["Leopoldau", "Alte Donau"])
        #expect(reading.departures.map(\.platform) == ["1", "1"])
        #expect(reading.departures.map(\.realtimeTimeSecs) == [9 * 3600 + 31 * 60 + 30, 9 * 3600 + 36 * 60])
        #expect(reading.departures.map(\.isRealtime) == [true, false])
        // ^^ reads the node the first rows query ran on: the answer.
        #expect(reading.departures.map(\.tripID) == ["OK", "OK"])
        // An inner query that finds nothing in any group names both.
        var wrong = mapping
        wrong.rows[1] = F.query("$.departures.departures[*]")
        #expect(
            throws: DeparturesDataError(
                path: "rows[1] $.departures.departures[*]",
                problem:
                    "matched nothing in any of the 2 nodes of rows[0]: $.departures.departures found nothing; $.departures is an object with keys: departure"
            )
        ) {
            try wrong.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow)
        }
    }

    /// `realtime` read as APIs write it: a delay of 0 is live and on time, null is no live data,
    /// a word other than scheduled/false is live. Without the field, a departure from a
    /// query that is not `scheduled`'s is live. `cancelled` takes "1", 1 and SKIPPED too.
    @Test(arguments: [
        (#""delay": 0"#, true), (#""delay": null"#, false), (#""delay": 120"#, true), (#""delay": "UPDATED""#, true),
        (#""delay": "SCHEDULED""#, false), (#""delay": false"#, false), (#""other": 1"#, false),
    ])
    func liveness(_ member: String, _ live: Bool) throws {
        let root = try JSONValue.parse(
            Array(
                #"[{"r": "S7", "h": "Ahrensfelde", "when": "2026-11-23T09:35:00Z", "plannedWhen": "2026-11-23T09:35:00Z", \#(member)}]"#
                    .utf8))
        var mapping = JSONMapping(
            rows: F.query("$[*]"),
            fields: [
                .route: [F.query("$.r")], .headsign: [F.query("$.h")],
                .departure: [F.query("$.when"), F.query("$.plannedWhen")], .scheduled: [F.query("$.plannedWhen")],
                .realtime: [F.query("$.delay")],
            ])
        #expect(try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow).departures.map(\.isRealtime) == [live])
        mapping.fields[.realtime] = nil
        #expect(try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow).departures.map(\.isRealtime) == [true])
    }

    @Test(arguments: [
        (#""1""#, true), ("1", true), (#""SKIPPED""#, true), (#""0""#, false), ("0", false), (#""ADDED""#, false), ("null", false),
    ])
    func cancellationWords(_ value: String, _ cancelled: Bool) throws {
        let root = try JSONValue.parse(Array(#"[{"r": "IC", "h": "Oostende", "t": "2026-11-23T09:35:00Z", "c": \#(value)}]"#.utf8))
        let mapping = JSONMapping(
            rows: F.query("$[*]"),
            fields: [
                .route: [F.query("$.r")], .headsign: [F.query("$.h")],
                .departure: [F.query("$.t")], .cancelled: [F.query("$.c")],
            ])
        #expect(
            try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow).departures.map(\.isCancelled) == [cancelled])
    }

    /// An empty trip id is no id: the row gets one made of its route and time (found by fuzz-json-map).
    @Test func anEmptyTripIDIsNone() throws {
        let root = try JSONValue.parse(Array(#"[{"r": "A", "h": "X", "t": "2026-11-23T09:35:00Z", "id": " "}]"#.utf8))
        let mapping = JSONMapping(
            rows: F.query("$[*]"),
            fields: [
                .route: [F.query("$.r")], .headsign: [F.query("$.h")],
                .departure: [F.query("$.t")], .tripID: [F.query("$.id")],
            ])
        #expect(try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow).departures.map(\.tripID) == ["A 34500"])
    }

    /// What `validate --live` counts: every mapped field in every row, even a row that a
    /// missing required field left out.
    @Test func everyFieldIsCountedInEveryRow() throws {
        let root = try JSONValue.parse(
            Array(#"[{"r": "A", "h": "X", "t": "2026-11-23T09:35:00Z", "p": "1"}, {"h": "Y", "t": "2026-11-23T09:36:00Z", "p": "2"}]"#.utf8)
        )
        let mapping = JSONMapping(
            rows: F.query("$[*]"),
            fields: [
                .route: [F.query("$.r")], .headsign: [F.query("$.h")],
                .departure: [F.query("$.t")], .platform: [F.query("$.p")],
            ])
        let reading = try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow)
        #expect(reading.matched == [.route: 1, .headsign: 2, .departure: 2, .platform: 2])
        #expect(reading.skipped.map(\.reason) == ["fields.route $.r: matched nothing in this row"])
    }

    @Test func epochSecondsWrittenAsTextGetTheHint() throws {
        let root = try JSONValue.parse(Array(#"[{"r": "IC", "h": "Oostende", "t": "1795426500"}]"#.utf8))
        let mapping = JSONMapping(
            rows: F.query("$[*]"), fields: [.route: [F.query("$.r")], .headsign: [F.query("$.h")], .departure: [F.query("$.t")]])
        #expect(
            throws: DeparturesDataError(
                path: "row 0",
                problem:
                    #"fields.departure $.t: expected an ISO 8601 time such as 2026-11-23T09:35:00+11:00; got "1795426500" (epoch seconds? time_format: epoch_s)"#
            )
        ) {
            try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow)
        }
    }

    /// Countdown APIs (BART's etd): minutes from now, with words for the last minute; the
    /// destination on the enclosing object.
    @Test func minutesFromNow() throws {
        let root = try JSONValue.parse(
            Array(
                """
                {"root": {"station": [{"name": "Embarcadero", "etd": [
                  {"destination": "Antioch", "estimate": [{"minutes": "Leaving", "platform": "2", "delay": "0"}, {"minutes": "14", "platform": "2"}]},
                  {"destination": "SF Airport", "estimate": [{"minutes": 6.5, "platform": "1"}]}]}]}}
                """.utf8))
        let mapping = JSONMapping(
            rows: [F.query("$.root.station[*].etd[*]"), F.query("$.estimate[*]")],
            fields: [
                .route: [try .init(parsing: "^.destination")], .headsign: [try .init(parsing: "^.destination")],
                .departure: [try .init(parsing: "$.minutes")], .platform: [try .init(parsing: "$.platform")],
            ], timeFormat: .minutes)
        let rows = try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow).departures
        #expect(rows.map(\.headsign) == ["Antioch", "Antioch", "SF Airport"])
        #expect(rows.map(\.realtimeTimeSecs) == [34_200, 34_200 + 14 * 60, 34_200 + 390])
        #expect(rows.map(\.isRealtime) == [true, true, true])
        var wrong = mapping
        wrong.fields[.departure] = [try .init(parsing: "^.destination")]
        #expect(
            throws: DeparturesDataError(
                path: "row 0",
                problem:
                    #"fields.departure ^.destination: expected minutes from now (a number, or a word such as Leaving or Due); got the text "Antioch" (and in all 3 rows nothing could be read)"#
            )
        ) {
            try wrong.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow)
        }
    }

    /// iRail's shape: the timetable's time in epoch seconds (as text) and a delay in seconds;
    /// the departure is their sum, live. A .NET date reads in any format.
    @Test func aScheduledTimeAndADelayMakeTheDeparture() throws {
        let root = try JSONValue.parse(
            Array(
                """
                {"departures": {"departure": [
                  {"vehicleinfo": {"shortname": "IC 1832"}, "station": "Oostende", "time": "1795426500", "delay": "180", "canceled": "0", "platform": "3"},
                  {"vehicleinfo": {"shortname": "IC 2112"}, "station": "Genk", "time": "1795426800", "delay": "0", "canceled": "1", "platform": "5"},
                  {"vehicleinfo": {"shortname": "S1 3389"}, "station": "Antwerpen", "time": "/Date(1795427100000+0100)/", "delay": null}]}}
                """.utf8))
        let mapping = JSONMapping(
            rows: F.query("$.departures.departure[*]"),
            fields: [
                .route: [F.query("$.vehicleinfo.shortname")], .headsign: [F.query("$.station")],
                .scheduled: [F.query("$.time")], .delay: [F.query("$.delay")], .cancelled: [F.query("$.canceled")],
            ], timeFormat: .epochSeconds)
        let reading = try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow)
        // The third has no delay: with no departure of its own, it cannot be read.
        #expect(reading.departures.map(\.routeShortName) == ["IC 1832", "IC 2112"])
        #expect(reading.departures.map(\.scheduledTimeSecs) == [34_500, 34_800])
        #expect(reading.departures.map(\.realtimeTimeSecs) == [34_680, 34_800])
        #expect(reading.departures.map(\.delaySeconds) == [180, 0])
        #expect(reading.departures.map(\.isRealtime) == [true, true])
        #expect(reading.departures.map(\.isCancelled) == [false, true])
        #expect(reading.skipped.map(\.reason) == ["fields.departure (none): fields.scheduled or fields.delay matched nothing in this row"])
        var dated = mapping
        dated.fields[.departure] = [JSONMapping.Query(F.query("$.time"))]
        let all = try dated.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow).departures
        #expect(all.map(\.realtimeTimeSecs) == [34_500, 34_800, 35_100])
    }

    /// One bad row is left out; the others are shown.
    @Test func aRowThatCannotBeReadIsLeftOutAlone() throws {
        let root = try JSONValue.parse(
            Array(
                """
                [{"lineName": "73", "destinationName": "A", "expectedArrival": "soon"},
                 {"lineName": {"id": 1}, "destinationName": "B", "expectedArrival": "2026-11-23T09:40:00Z"},
                 {"lineName": "", "destinationName": "C", "expectedArrival": "2026-11-23T09:41:00Z"},
                 {"lineName": "390", "destinationName": "D", "expectedArrival": "2026-11-23T09:42:00Z"},
                 {"lineName": "391", "destinationName": "E", "expectedArrival": 1795426900}]
                """.utf8))
        let reading = try F.arrivalsMapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow)
        #expect(reading.departures.map(\.headsign) == ["D"])
        #expect(reading.rowCount == 5 && reading.skippedCount == 4)
        #expect(
            reading.skipped.map(\.reason) == [
                #"fields.departure $.expectedArrival: expected an ISO 8601 time such as 2026-11-23T09:35:00+11:00; got "soon""#,
                "fields.route $.lineName: expected text or a number; got an object with keys: id",
                "fields.route $.lineName: is empty",
                "fields.departure $.expectedArrival: expected an ISO 8601 time such as 2026-11-23T09:35:00+11:00; got the number 1795426900 (epoch seconds? time_format: epoch_s)",
            ])
        #expect(reading.matched[.route] == 5 && reading.matched[.platform] == nil)
    }

    @Test func aWrongTimeFormatIsSaidSo() throws {
        let root = try JSONValue.parse(Array(#"[{"r": "A", "h": "X", "t": 1795426900000}]"#.utf8))
        let mapping = JSONMapping(
            rows: F.query("$[*]"), fields: [.route: [F.query("$.r")], .headsign: [F.query("$.h")], .departure: [F.query("$.t")]],
            timeFormat: .epochSeconds)
        #expect(
            throws: DeparturesDataError(
                path: "row 0",
                problem:
                    "fields.departure $.t: 20759624 days from now: not a departure to show (a wrong time_format? epoch_s counts seconds, epoch_ms milliseconds)"
            )
        ) {
            try mapping.read(root, calendar: F.calendar("Europe/London"), now: F.londonNow)
        }
    }

    @Test func aDescendantQueryOnAHostileAnswerStopsAtItsLimit() throws {
        var nested = JSONValue.number(1)
        for _ in 0..<40 { nested = .array([nested, nested]) }
        let mapping = JSONMapping(
            rows: F.query("$..*..*"), fields: [.route: [F.query("$.r")], .headsign: [F.query("$.h")], .departure: [F.query("$.t")]])
        #expect(throws: DeparturesDataError(path: "rows $..*..*", problem: "visits more than 2000000 nodes")) {
            try mapping.read(nested, calendar: F.calendar("Europe/London"), now: F.londonNow)
        }
    }
}
