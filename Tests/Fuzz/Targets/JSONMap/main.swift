// Fuzz target: any answer of a `kind: json` source read through six mappings (ISO 8601 times
// with alternatives and a descendant query; epoch milliseconds; nested rows with ^ queries;
// countdown minutes; a scheduled time plus a delay; service-day seconds), for a board in Sydney.
import DeparturesCore
import FuzzSupport
import JSONMapSource
import JSONPath
import ZoneInfo

let calendar = ServiceDayCalendar(zone: try! TimeZoneRules.load("Australia/Sydney"))
let now = Date(timeIntervalSince1970: 1_795_386_600)  // 2026-11-23T09:30:00+11:00

func query(_ text: String) -> JSONPath { try! JSONPath(text) }

let mappings = [
    JSONMapping(
        rows: query("$.data..estimatedCalls[*]"),
        fields: [
            .route: [query("$.serviceJourney.line.publicCode"), query("$.line")],
            .headsign: [query("$.destinationDisplay.frontText")],
            .departure: [query("$.expectedDepartureTime"), query("$.aimedDepartureTime")],
            .scheduled: [query("$.aimedDepartureTime")],
            .tripID: [query("$.serviceJourney.id")],
            .platform: [query("$.quay.publicCode")],
            .cancelled: [query("$.cancellation")],
            .realtime: [query("$.realtime")],
        ], timeFormat: .iso8601),
    JSONMapping(
        rows: query("$[*]"),
        fields: [
            .route: [query("$.route")], .headsign: [query("$['sign']")],
            .departure: [query("$.estimated"), query("$.scheduled")], .scheduled: [query("$.scheduled")],
        ], timeFormat: .epochMilliseconds),
    // Nested rows, fields from the enclosing line (^) and the answer (^^), words for flags.
    JSONMapping(
        rows: [query("$.data.monitors[*].lines[*]"), query("$.departures.departure[*]")],
        fields: [
            .route: [try! .init(parsing: "$.vehicle.name"), try! .init(parsing: "^.name")],
            .headsign: [try! .init(parsing: "^.towards")],
            .departure: [try! .init(parsing: "$.departureTime.timeReal"), try! .init(parsing: "$.departureTime.timePlanned")],
            .scheduled: [try! .init(parsing: "$.departureTime.timePlanned")],
            .realtime: [try! .init(parsing: "^.realtimeSupported")], .cancelled: [try! .init(parsing: "$.status")],
            .tripID: [try! .init(parsing: "^^.message.value")], .platform: [try! .init(parsing: "^['platform']")],
        ]),
    // Countdown minutes, and a scheduled time plus a delay where a row has no departure.
    JSONMapping(
        rows: query("$..estimate[*]"),
        fields: [
            .route: [query("$.line")], .headsign: [query("$.to")], .departure: [query("$.minutes")],
            .scheduled: [query("$.planned")], .delay: [query("$.delay")],
        ], timeFormat: .minutes),
    JSONMapping(
        rows: query("$.departures[*]"),
        fields: [
            .route: [query("$.line")], .headsign: [query("$.to")], .scheduled: [query("$.time")], .delay: [query("$.delay")],
        ], timeFormat: .epochSeconds),
    JSONMapping(
        rows: query("$..stoptimes[*]"),
        fields: [
            .route: [query("$.trip.route.shortName")], .headsign: [query("$.headsign")],
            .departure: [query("$.realtimeDeparture")], .scheduled: [query("$.scheduledDeparture")],
            .serviceDay: [query("$.serviceDay")],
        ], timeFormat: .serviceDaySeconds),
]

/// Any bytes give rows or a data error naming where: never trap, never hang, never print.
func fuzzOne(_ bytes: [UInt8]) {
    guard let root = try? JSONValue.parse(bytes) else { return }
    for mapping in mappings {
        let first: Result<[Departure], DeparturesDataError>
        do {
            let reading = try mapping.read(root, calendar: calendar, now: now)
            precondition(reading.departures.count + reading.skippedCount == reading.rowCount)
            for row in reading.departures {
                precondition(DeparturesDecoder.serviceSecondsRange.contains(row.realtimeTimeSecs))
                precondition(DeparturesDecoder.serviceSecondsRange.contains(row.scheduledTimeSecs))
                precondition(!row.routeShortName.isEmpty && !row.tripID.isEmpty)
            }
            first = .success(reading.departures)
        } catch {
            precondition(!error.description.isEmpty)
            first = .failure(error)
        }
        // No state between reads, and objects' members in a fixed order: the same rows again.
        let again = Result { () throws(DeparturesDataError) in try mapping.read(root, calendar: calendar, now: now).departures }
        precondition(again == first)
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
