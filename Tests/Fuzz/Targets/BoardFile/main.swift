// Fuzz target: board files, both the byte-level `load` (UTF-8 check, then parse) and `parse`
// on lossily decoded text, as a caller holding a String would pass it.
import BoardConfig
import FuzzSupport

enum Fixture {
    static let scratch = ScratchFile()
    /// No tzdata lookups while fuzzing: a fixed answer keeps runs fast and deterministic,
    /// and still reaches both the known-zone and unknown-zone paths.
    static let loader = BoardFileLoader(zoneExists: { $0 == "Australia/Sydney" || $0 == "UTC" })
}

/// Any bytes must load or throw a `BoardFileError`: never trap, never hang.
func fuzzOne(_ bytes: [UInt8]) {
    Fixture.scratch.write(bytes)
    check { try Fixture.loader.load(path: Fixture.scratch.path) }
    // For valid UTF-8, `load` already parsed exactly this text; only lossy decoding is new.
    if String(validating: bytes, as: UTF8.self) == nil {
        check { try Fixture.loader.parse(String(decoding: bytes, as: UTF8.self), path: "fuzz.yaml") }
    }
}

private func check(_ body: () throws -> BoardFile) {
    do {
        _ = try body()
    } catch {
        _ = String(describing: error)  // messages quote and locate the input
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
