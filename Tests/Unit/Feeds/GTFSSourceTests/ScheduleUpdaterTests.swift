import DeparturesCore
import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import GTFSSource
import LoopbackHTTPServer
import Logging
import Locking
import LogCapture
import Testing

/// The board's timetable keeps itself current: downloaded when missing, checked with a
/// conditional GET, re-imported only when it changed, the last good store kept when a
/// download is refused.
@Suite struct ScheduleUpdaterTests {
    static let start = RealtimePollingTests.start

    /// The published zip: its bytes and its ETag.
    struct Published { var zip: [UInt8]; var etag: String }

    static func feed(headsign: String) throws -> [UInt8] {
        var files = RealtimePollingTests.feed
        files["trips.txt"] = "route_id,service_id,trip_id,trip_headsign\nR1,WK,t1,\(headsign)\n"
        let path = NSTemporaryDirectory() + "published-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try GTFSFeedBuilder.writeZip(files, to: path)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func headsign(store: String) throws -> String? {
        try GTFSStore(path: store).scheduledDepartures(stopIDs: ["CEN"], at: Self.start).first?.headsign
    }

    @Test func downloadsThenChecksThenReimportsOnlyWhenChanged() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let published = Locked(Published(zip: try Self.feed(headsign: "Hornsby"), etag: "\"v1\""))
        let server = try LoopbackHTTPServer { request in
            let current = published.withLock { $0 }
            if request.header("If-None-Match") == current.etag { return .respond(status: 304, headers: [("ETag", current.etag)]) }
            return .respond(status: 200, headers: [("ETag", current.etag), ("Content-Type", "application/zip")], body: current.zip)
        }
        defer { server.stop() }
        let store = folder + "/board.gtfs.sqlite"
        let settings = ScheduleUpdater.Settings(
            url: server.baseURL + "/gtfs.zip", storePath: store, stopIDs: ["CEN"],
            refresh: .seconds(86_400))
        let updater = ScheduleUpdater(settings: settings, logger: Logger(label: "test"))

        // No store: the first check downloads and imports.
        guard case .imported(let summary) = await updater.update(now: Self.start) else {
            Issue.record("first download: \(String(describing: updater.lastOutcome))")
            return
        }
        #expect(summary.boardStopTimes == 1)
        #expect(try headsign(store: store) == "Hornsby")
        // Not due again for a day; when forced, the same ETag is answered 304 and nothing is imported.
        #expect(await updater.update(now: Self.start.addingTimeInterval(3600)) == .notDue)
        #expect(await updater.update(now: Self.start.addingTimeInterval(86_400)) == .unchanged)
        #expect(server.requests.last?.header("If-None-Match") == "\"v1\"")

        // The agency publishes: a new ETag is downloaded and imported.
        published.withLock { $0 = Published(zip: try! Self.feed(headsign: "Berowra"), etag: "\"v2\"") }
        #expect(await updater.update(now: Self.start.addingTimeInterval(86_400), force: true) != .unchanged)
        #expect(try headsign(store: store) == "Berowra")

        // A corrupt download is refused and the store stays as it was.
        published.withLock { $0 = Published(zip: Array("PK\u{3}\u{4}not a zip at all".utf8), etag: "\"v3\"") }
        guard case .refused(let reason) = await updater.update(now: Self.start.addingTimeInterval(2 * 86_400)) else {
            Issue.record("a corrupt zip must fail")
            return
        }
        #expect(reason.contains("refused"), "\(reason)")
        #expect(try headsign(store: store) == "Berowra")
        // After a failure the next try comes sooner than the daily check, and backs off.
        #expect(await updater.update(now: Self.start.addingTimeInterval(2 * 86_400 + 200)) == .notDue)
        #expect(await updater.update(now: Self.start.addingTimeInterval(2 * 86_400 + 301)) != .notDue)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("download") }
        #expect(leftovers.isEmpty, "downloads are removed: \(leftovers)")
    }

    @Test func aRestartKeepsTheCadence() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zip = try Self.feed(headsign: "Hornsby")
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, headers: [("ETag", "\"a\"")], body: zip) }
        defer { server.stop() }
        let settings = ScheduleUpdater.Settings(
            url: server.baseURL + "/gtfs.zip", storePath: folder + "/s.sqlite",
            stopIDs: ["CEN"])
        _ = await ScheduleUpdater(settings: settings, logger: Logger(label: "test")).update(now: Self.start)
        // A new process (a restart an hour later) remembers the check and does not download again.
        let again = ScheduleUpdater(settings: settings, logger: Logger(label: "test"))
        #expect(await again.update(now: Self.start.addingTimeInterval(3600)) == .notDue)
        #expect(server.requests.count == 1)
    }

    /// A preview dated in the future (render --now 2030…) must not stop the real checks: a
    /// simulated clock's check is not saved, and a saved check later than the real time (an
    /// older version's, or a clock set wrong) counts as never made.
    @Test func aSimulatedClockNeverMovesTheSavedCadence() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zip = try Self.feed(headsign: "Hornsby")
        let server = try LoopbackHTTPServer { request in
            if request.header("If-None-Match") == "\"a\"" { return .respond(status: 304, headers: [("ETag", "\"a\"")]) }
            return .respond(status: 200, headers: [("ETag", "\"a\"")], body: zip)
        }
        defer { server.stop() }
        var settings = ScheduleUpdater.Settings(url: server.baseURL + "/gtfs.zip", storePath: folder + "/s.sqlite", stopIDs: ["CEN"])
        settings.recordsChecks = false
        let year2030 = Date(timeIntervalSince1970: 1_893_448_800)
        let wallClock: @Sendable () -> Date = { Self.start }
        #expect(
            await ScheduleUpdater(settings: settings, logger: Logger(label: "test"), wallClock: wallClock).update(now: year2030)
                != .notDue)
        let saved = try String(contentsOfFile: folder + "/s.sqlite.source", encoding: .utf8)
        #expect(saved.contains("etag \"a\"") && !saved.contains("checked"), "the store's validators, never the preview's time: \(saved)")

        // A real board right after checks at once (a conditional GET: 304).
        settings.recordsChecks = true
        let real = ScheduleUpdater(settings: settings, logger: Logger(label: "test"), wallClock: wallClock)
        #expect(await real.update(now: Self.start) == .unchanged)
        #expect(server.requests.count == 2)

        // A check saved in the future, as 0.16 wrote under --now: treated as never made.
        try "url \(settings.url)\netag \"a\"\nchecked \(year2030.timeIntervalSince1970)\n"
            .write(toFile: folder + "/s.sqlite.source", atomically: true, encoding: .utf8)
        let restarted = ScheduleUpdater(settings: settings, logger: Logger(label: "test"), wallClock: wallClock)
        #expect(await restarted.update(now: Self.start.addingTimeInterval(60)) == .unchanged)
        #expect(server.requests.count == 3)
    }

    /// A board asking for a stop the agency's feed does not have: the updater says which, and
    /// its log does not claim to keep a store that was never there.
    @Test func aStopTheFeedLacksIsNamedAndNoStoreIsClaimed() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zip = try Self.feed(headsign: "Hornsby")
        let down = Locked(false)
        let server = try LoopbackHTTPServer { _ in
            down.withLock { $0 } ? .respond(status: 503, headers: []) : .respond(status: 200, headers: [("ETag", "\"a\"")], body: zip)
        }
        defer { server.stop() }
        let lines = LogLines()
        let settings = ScheduleUpdater.Settings(url: server.baseURL + "/gtfs.zip", storePath: folder + "/s.sqlite", stopIDs: ["999999"])
        let updater = ScheduleUpdater(settings: settings, logger: .capturing(into: lines))
        guard case .refused(let reason) = await updater.update(now: Self.start) else {
            Issue.record("a feed without the board's stop must be refused")
            return
        }
        #expect(reason.contains("stops.txt: no stop with stop_id '999999'"), "\(reason)")
        #expect(updater.lastMissingStop == "999999")
        #expect(lines.all.contains { $0.hasPrefix("error: timetable update failed, no store yet: ") }, "\(lines.all)")
        #expect(!lines.all.contains { $0.contains("keeping the current store") })
        // A later failure of another kind is that failure, not the missing stop again.
        down.withLock { $0 = true }
        #expect(await updater.update(now: Self.start, force: true) != .notDue)
        #expect(updater.lastMissingStop == nil)
    }

    /// A check killed midway leaves a half download, an import's temporaries or a half-written
    /// validators file; the next check removes those of dead processes and keeps a live one's.
    @Test func aCheckRemovesWhatKilledChecksLeft() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zip = try Self.feed(headsign: "Hornsby")
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, headers: [("ETag", "\"a\"")], body: zip) }
        defer { server.stop() }
        // PID_MAX_LIMIT (2^22): no process ever has this id.
        let dead = "4194304", live = String(getppid())
        let leftovers = ["s.sqlite.download-\(dead).zip", "s.sqlite.importing-\(dead)-stop_times.txt", ".s.sqlite.source.\(dead).tmp"]
        let kept = ["s.sqlite.download-\(live).zip"]
        for name in leftovers + kept {
            try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let settings = ScheduleUpdater.Settings(
            url: server.baseURL + "/gtfs.zip", storePath: folder + "/s.sqlite",
            stopIDs: ["CEN"])
        guard case .imported = await ScheduleUpdater(settings: settings, logger: Logger(label: "test")).update(now: Self.start) else {
            Issue.record("the download must import")
            return
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == (kept + ["s.sqlite", "s.sqlite.source"]).sorted())
    }
}

/// A fresh folder for one test's store and downloads; the test removes it.
func makeScratchFolder() throws -> String {
    let path = NSTemporaryDirectory() + "schedule-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
