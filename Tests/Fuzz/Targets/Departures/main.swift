// Fuzz target: the departures JSON decoder, which reads whatever the API or a saved file holds.
import DeparturesCore
import FuzzSupport

/// Any bytes must decode or throw a `DeparturesDataError`: never trap, never hang.
func fuzzOne(_ bytes: [UInt8]) {
    do {
        let response = try DeparturesDecoder.decode(bytes)
        // Accepted data must satisfy the contract the rest of the program relies on.
        for departure in response.data {
            precondition(DeparturesDecoder.serviceSecondsRange.contains(departure.scheduledTimeSecs))
            precondition(DeparturesDecoder.serviceSecondsRange.contains(departure.realtimeTimeSecs))
        }
        // Alerts: every accepted one names itself, marks rows without trapping, and orders.
        for alert in response.alerts { precondition(!alert.id.isEmpty && !alert.header.isEmpty) }
        let marked = AlertRules.marked(response.data, with: response.alerts, atStops: ["2000"])
        precondition(marked.count == response.data.count)
        let now = Date(timeIntervalSince1970: 1_795_386_600)
        _ = AlertRules.shown([response.alerts], at: now).map { $0.inForce(at: now) }
    } catch {
        _ = error.description  // renders the coding path, which is input-shaped
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
