// Fuzz target: a SIRI SituationExchange answer (`situations_url`), XML through libxml2's
// reader or SIRI Lite JSON, read into the core's alerts for a board in Sydney.
import DeparturesCore
import FuzzSupport
import SIRISource
import ZoneInfo

let calendar = ServiceDayCalendar(zone: try! TimeZoneRules.load("Australia/Sydney"))
let board = SIRISituationAlerts.Board(
    stops: ["CENTRAL:16"], lines: ["LINE:T1", "LINE:T9"], journeys: ["T1-0950"],
    operators: ["SYD"], lineNames: ["LINE:T1": "T1"])
let references = [SIRISituation.Reference(participant: "SYD", number: "SX-REF")]

/// Any bytes must give alerts or a `Problem`: never trap, never hang, never print.
func read(_ bytes: [UInt8]) -> Result<[ServiceAlert], SIRIAnswer.Problem> {
    Result { () throws(SIRIAnswer.Problem) in
        let situations = try SIRISituationExchange.situations(bytes)
        let read = SIRISituationAlerts(situations, board: board, referenced: references, language: "fr", calendar: calendar)
        for problem in read.problems { precondition(!problem.isEmpty) }
        return read.alerts
    }
}

func fuzzOne(_ bytes: [UInt8]) {
    let first = read(bytes)
    if case .success(let alerts) = first {
        // Every alert is named once and has a line to show, as the board state demands.
        precondition(Set(alerts.map(\.id)).count == alerts.count)
        for alert in alerts { precondition(!alert.id.isEmpty && !alert.header.isEmpty) }
    } else {
        _ = "\(first)"
    }
    // libxml2 keeps no state between reads: the same bytes read the same way again.
    precondition(read(bytes) == first)
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
