// Fuzz target: TZif files (RFC 8536) as the OS's tzdata could hold them, damaged or hostile,
// through ZoneInfo's parser, then looked up at instants across the whole Int64 range.
import FuzzSupport
import SystemFiles
import ZoneInfo
#if canImport(Glibc)
import Glibc
#endif

/// Instants at both ends of Int64, around 1970 and 2038 (the 32-bit limit v1 data stops at),
/// today and past the end of fat files' tables, where the footer's rule takes over.
let instants: [Int64] = [
    .min, -(1 << 59), -2_208_988_800, -1, 0, 1, 1_780_000_000, 2_147_483_647, 2_147_483_648, 4_102_444_800,
    1 << 40, .max,
]

/// A zone folder holding one zone, `Fuzz/Zone` (UTC's rules), for the name check below.
let database: ZoneInfoDatabase = {
    let folder = ScratchFolder("fuzz-tzif")
    let rules = try! BoundedFile.read("/usr/share/zoneinfo/UTC", maxBytes: 1 << 20)
    _ = mkdir(folder.path + "/Fuzz", 0o700)
    let file = fopen(folder.path + "/Fuzz/Zone", "wb")!
    _ = rules.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    let database = ZoneInfoDatabase(directory: folder.path)
    precondition(database.contains("Fuzz/Zone"), "the fixture's zone does not load")
    return database
}()

/// Any bytes must parse or throw `ZoneInfoError`; a zone that parses must answer every lookup.
/// The first line, as a board's `timezone:`, names a zone only inside the database's folder.
func fuzzOne(_ bytes: [UInt8]) {
    let name = String(decoding: bytes.prefix { $0 != 0x0A }.prefix(300), as: UTF8.self)
    if database.contains(name) {
        // The folder's one zone, however many slashes part its name: never a file outside.
        precondition(
            !name.hasPrefix("/") && name.split(separator: "/").joined(separator: "/") == "Fuzz/Zone",
            "\(name) found a zone")
    }
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
    precondition(
        local.date.isValid && (0..<24).contains(local.hour) && (0..<60).contains(local.minute)
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
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
