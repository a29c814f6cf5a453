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
    } catch {
        _ = error.description                 // renders the coding path, which is input-shaped
    }
}

#if FUZZING
/// libFuzzer's entry point; built with `-parse-as-library`, so this file has no top-level code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOne(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
// A declaration rather than a bare call: the inactive branch is still parsed in the
// -parse-as-library build, where a top-level expression is an error.
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
