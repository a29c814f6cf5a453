// Times a GTFS import of a generated feed and reports peak memory:
//   swift run -c release gtfs-import-bench [ROWS] [--routes N] [--stops-per-trip N] [--wide] [--zip FILE]
// ROWS: stop_times rows (default 1000000) of 200 routes of 50 stops unless told otherwise;
// --wide adds the columns big agencies publish. --zip FILE only writes the feed there, for
// `departure-board bench --gtfs-zip FILE --gtfs-stop R7-S10 --gtfs-stop R8-S20`.
import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import SystemFiles

/// A line of /proc/self/status in KiB ("VmHWM" = peak resident set, "VmRSS" = now).
func statusKiB(_ key: String) -> Int {
    ProcessStatus.current()?[key] ?? -1
}

/// Writing 5 to clear_refs resets VmHWM to the current RSS (Linux ≥ 4.0), so the peak
/// measured afterwards belongs to the import alone, not to generating the feed.
func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

func seconds(since start: ContinuousClock.Instant) -> String {
    let elapsed = ContinuousClock.now - start
    return String(format: "%.2f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

/// The argument after `flag`, when given.
func option(_ flag: String) -> String? {
    let arguments = CommandLine.arguments
    return arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

let rows = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
let feed = LargeFeed(
    stopTimesRows: rows, routes: option("--routes").flatMap { Int($0) } ?? 200,
    stopsPerTrip: option("--stops-per-trip").flatMap { Int($0) } ?? 50,
    wide: CommandLine.arguments.contains("--wide"))
let folder = NSTemporaryDirectory() + "gtfs-import-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
let zipPath = option("--zip") ?? folder + "/feed.zip", storePath = folder + "/feed.sqlite"

var start = ContinuousClock.now
try feed.write(to: zipPath, folder: folder + "/members")
let zipBytes = (try FileManager.default.attributesOfItem(atPath: zipPath)[.size] as? Int) ?? 0
print(
    "generated \(feed.stopTimesRows) stop_times rows (\(feed.trips) trips, \(feed.routes) routes of \(feed.stopsPerTrip) stops"
        + "\(feed.wide ? ", wide rows" : "")), zip \(zipBytes / 1024) KiB in \(seconds(since: start)) s")
if option("--zip") != nil {
    try? FileManager.default.removeItem(atPath: folder)  // exit skips the defer
    exit(0)
}
// Tests/Bench/gtfs-reimport.sh serves the generated zip to a running board.
if let keep = ProcessInfo.processInfo.environment["GTFS_BENCH_KEEP_ZIP"] {
    try? FileManager.default.removeItem(atPath: keep)
    try FileManager.default.copyItem(atPath: zipPath, toPath: keep)
}

resetPeak()
let rssBefore = statusKiB("VmRSS"), peakBefore = statusKiB("VmHWM")
start = ContinuousClock.now
let boardStops: Set<String> = [LargeFeed.stopID(route: 7, index: 10), LargeFeed.stopID(route: 8, index: 20)]
let summary = try GTFSImporter(stopIDs: boardStops).importFeed(zipPath: zipPath, storePath: storePath)
let importSeconds = seconds(since: start)
let peakAfter = statusKiB("VmHWM")
let storeBytes = (try FileManager.default.attributesOfItem(atPath: storePath)[.size] as? Int) ?? 0
print(
    "imported in \(importSeconds) s: \(summary.stopTimesRowsRead) rows read, kept \(summary.boardStopTimes) board rows, "
        + "\(summary.trips) trips, \(summary.tripStops) trip stops")
print(
    "RSS before \(rssBefore / 1024) MiB (peak before \(peakBefore / 1024) MiB), peak during import \(peakAfter / 1024) MiB, "
        + "growth \((peakAfter - peakBefore) / 1024) MiB; store \(storeBytes / 1024) KiB")

let expected = feed.trips(onRoute: 7).count + feed.trips(onRoute: 8).count
guard summary.boardStopTimes == expected, summary.tripStops == expected * feed.stopsPerTrip else {
    print("MISMATCH: expected \(expected) board rows")
    exit(1)
}
