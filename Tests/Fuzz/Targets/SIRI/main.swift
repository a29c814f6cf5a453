// Fuzz target: a SIRI StopMonitoring answer (`kind: siri`), XML through libxml2's reader or
// SIRI Lite JSON (the first byte decides), read into rows of a board in Sydney.
import DeparturesCore
import FuzzSupport
import SIRISource
import ZoneInfo

let calendar = ServiceDayCalendar(zone: try! TimeZoneRules.load("Australia/Sydney"))
let routeNames = ["STIF:Line::C01727:": "C"]

/// Any bytes must give rows or a `Problem`: never trap, never hang, never print.
func fuzzOne(_ bytes: [UInt8]) {
    let first: Result<[Departure], SIRIAnswer.Problem>
    do {
        let rows = try SIRIAnswer.departures(bytes, calendar: calendar, routeNames: routeNames)
        for row in rows {
            // Whatever the instants, their seconds lie within a service day and the hour after
            // it (a delay across midnight included), as the API's own checks demand.
            precondition(DeparturesDecoder.serviceSecondsRange.contains(row.realtimeTimeSecs))
            precondition(DeparturesDecoder.serviceSecondsRange.contains(row.scheduledTimeSecs))
            precondition(!row.routeShortName.isEmpty && !row.tripID.isEmpty)
        }
        first = .success(rows)
    } catch {
        _ = "\(error)"
        first = .failure(error)
    }
    // libxml2 keeps no state between reads: the same bytes read the same way again.
    let again = Result { () throws(SIRIAnswer.Problem) in try SIRIAnswer.departures(bytes, calendar: calendar, routeNames: routeNames) }
    precondition(again == first)
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
