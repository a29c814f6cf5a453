// Fuzz target: TZif files (RFC 8536) as the OS's tzdata could hold them, damaged or hostile,
// through ZoneInfo's parser, then looked up at instants across the whole Int64 range.
import FuzzSupport
import ZoneInfo

/// Instants at both ends of Int64, around 1970 and 2038 (the 32-bit limit v1 data stops at),
/// today and past the end of fat files' tables, where the footer's rule takes over.
let instants: [Int64] = [
    .min, -(1 << 59), -2_208_988_800, -1, 0, 1, 1_780_000_000, 2_147_483_647, 2_147_483_648, 4_102_444_800,
    1 << 40, .max,
]

/// Any bytes must parse or throw `ZoneInfoError`; a zone that parses must answer every lookup.
func fuzzOne(_ bytes: [UInt8]) {
    let rules: TimeZoneRules
    do {
        rules = try TimeZoneRules(identifier: "Fuzz/Zone", tzif: bytes)
    } catch {
        _ = error.description  // quotes the reason, which may carry text from the file
        return
    }
    for t in instants { check(rules, at: t) }
}

func check(_ rules: TimeZoneRules, at t: Int64) {
    let offset = rules.utcOffset(atUnixSeconds: t)
    precondition(offset > Int(Int32.min) && offset <= Int(Int32.max), "offset \(offset)")  // RFC 8536 §3.2 utoff
    _ = rules.abbreviation(atUnixSeconds: t)
    _ = rules.isDaylightSaving(atUnixSeconds: t)
    let local = rules.localDateTime(atUnixSeconds: t)
    precondition(local.date.isValid && (0..<24).contains(local.hour) && (0..<60).contains(local.minute)
                 && (0..<60).contains(local.second), "\(local)")
    let back = rules.unixSeconds(for: local)
    // Away from Int64's ends, the wall clock is the instant plus the offset in force then.
    guard t.magnitude < 1 << 61 else { return }
    let wall = local.date.daysSinceEpoch * 86_400 + Int64(local.hour * 3_600 + local.minute * 60 + local.second)
    precondition(wall == t + Int64(offset), "\(local) at \(t) with offset \(offset)")
    // When the offsets sampled a day either side include the true one, going back finds an
    // instant showing the same wall clock, and the earliest such: at or before `t`.
    let sampled = [wall - 86_400, wall, wall + 86_400].map { rules.utcOffset(atUnixSeconds: $0) }
    if sampled.contains(offset) {
        precondition(back <= t && rules.localDateTime(atUnixSeconds: back) == local, "\(local) from \(t) came back as \(back)")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { FuzzSupport.run(fuzzOne, data, size) }
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
