// Fuzz target: a OneBusAway server's answer (`kind: onebusaway`), read into rows of a board in
// Sydney, where epoch milliseconds become service-day seconds.
import DeparturesCore
import FeedKit
import FuzzSupport
import OneBusAwaySource
import ZoneInfo

let calendar = ServiceDayCalendar(zone: try! TimeZoneRules.load("Australia/Sydney"))

/// Any bytes must give rows or a `Problem`: never trap, never hang.
func fuzzOne(_ bytes: [UInt8]) {
    do {
        let read = try OneBusAwayAnswer.reading(bytes, calendar: calendar)
        // Rows left out are said in the log once per cause: at most the reported few and a
        // count, each cause free of places and numbers, and a cause's cause itself.
        precondition(read.leftOut.count <= RowReading<Departure>.reportedLimit + 1)
        for problem in read.leftOut {
            let cause = ProblemNote.cause(of: problem)
            precondition(!cause.contains { $0.isASCII && $0.isNumber })
            precondition(ProblemNote.cause(of: cause) == cause)
        }
        for departure in read.answer.departures {
            // Whatever the instant, its seconds lie within a service day and the hour after it
            // (daylight-saving days included), as the API's own checks demand.
            precondition(DeparturesDecoder.serviceSecondsRange.contains(departure.realtimeTimeSecs))
            precondition(DeparturesDecoder.serviceSecondsRange.contains(departure.scheduledTimeSecs))
            precondition(!departure.tripID.isEmpty && !departure.routeShortName.isEmpty)
        }
    } catch {
        _ = "\(error)"
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
