// Fuzz target: a GTFS feed's member files, zipped and imported as `gtfs import` does, then
// the store queried as a board queries it. Each feed is imported a second time reading every
// stop_times row as text: the byte filters that skip rows must change nothing.
//
// Input framing: byte 0 says which members the zip holds (bit i: member i of `members`);
// the rest is split at 0xFF bytes into the board's stop ids (comma-separated; empty: S1)
// and then each member's contents in `members` order. 0xFF never occurs in UTF-8, so as a
// separator it takes nothing from the CSV: any invalid byte still reaches the reader.
import DeparturesCore
import Foundation
import FuzzSupport
import GTFSFeedBuilder
import GTFSSchedule
import ZoneInfo

enum Fixture {
    static let members = [
        "agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt",
        "calendar.txt", "calendar_dates.txt", "frequencies.txt",
    ]
    static let folder = ScratchFolder("gtfs-feed")
    /// Caps a tenth of the default's, so a member that expands cannot cost a run its memory.
    static let limits = GTFSArchiveLimits(totalBytes: 64 << 20, memberBytes: 16 << 20, maxMembers: 64)
    /// Monday 2026-11-23 at 09:30 and at 23:50 in Sydney: each service day's rows reach
    /// both the day before's and the day after's.
    static let instants = [Date(timeIntervalSince1970: 1_795_386_600), Date(timeIntervalSince1970: 1_795_438_200)]
    static let zone = try! TimeZoneRules.load("Australia/Sydney")
}

/// Any member files must import or throw a `GTFSImportError`, and an imported store must
/// open and answer queries: never trap, never hang.
func fuzzOne(_ bytes: [UInt8]) {
    guard let mask = bytes.first else { return }
    let parts = bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false)
    let requested = parts.first.map { String(decoding: $0, as: UTF8.self).split(separator: ",").map(String.init) } ?? []
    let stopIDs = Set(requested.isEmpty ? ["S1"] : requested.prefix(4))
    var files: [(name: String, bytes: [UInt8])] = []
    for (index, name) in Fixture.members.enumerated() where mask & (1 << index) != 0 {
        files.append((name, index + 1 < parts.count ? Array(parts[index + 1]) : []))
    }
    let folder = Fixture.folder
    defer { folder.clear() }
    let zip = folder.file("feed.zip"), storePath = folder.file("store.sqlite")
    do {
        try GTFSFeedBuilder.writeZip(members: files, to: zip, stored: true)
    } catch {
        preconditionFailure("cannot write the zip: \(error)")
    }
    do {
        _ = try GTFSStopFinder.search(
            zipPath: zip, name: requested.first, limit: 5, limits: Fixture.limits,
            temporaryDirectory: folder.path)
    } catch {
        _ = error.description
    }
    let outcome = importOutcome(zip: zip, storePath: storePath, stopIDs: stopIDs, filters: true)
    let asText = importOutcome(zip: zip, storePath: folder.file("as-text.sqlite"), stopIDs: stopIDs, filters: false)
    precondition(outcome == asText, "filtered by bytes: \(outcome); read as text: \(asText)")
    guard outcome.hasPrefix("imported") else { return }  // the error names the member, line and column
    let store: GTFSStore
    do {
        store = try GTFSStore(path: storePath)
    } catch {
        preconditionFailure("an imported store does not open: \(error)")
    }
    for now in Fixture.instants {
        _ = store.serviceCoverage(on: ServiceDayCalendar(zone: Fixture.zone).localDate(at: now))
        _ = try? store.scheduledDepartures(stopIDs: stopIDs, at: now)  // agency_timezone: may not be a zone
        let rows: [ScheduledDeparture]
        do {
            rows = try store.scheduledDepartures(
                stopIDs: stopIDs, at: now, window: .seconds(7_200), lookBack: .seconds(1_800),
                zone: Fixture.zone, includeDropOffOnly: true)
        } catch {
            preconditionFailure("an imported store cannot be queried: \(error)")
        }
        checkWindow(rows, now: now)
        for row in rows.prefix(8) { _ = store.stopSequence(tripID: row.tripID, stopID: row.stopID) }
    }
}

/// The import's summary, or its error.
private func importOutcome(zip: String, storePath: String, stopIDs: Set<String>, filters: Bool) -> String {
    var importer = GTFSImporter(stopIDs: stopIDs, limits: Fixture.limits)
    importer.filtersRowsByBytes = filters
    do {
        return "imported \(try importer.importFeed(zipPath: zip, storePath: storePath))"
    } catch {
        return error.description.replacingOccurrences(of: storePath, with: "STORE")  // the two imports' stores differ
    }
}

/// The query's promise: instants within now − lookBack ..< now + window, in order.
private func checkWindow(_ rows: [ScheduledDeparture], now: Date) {
    let calendar = ServiceDayCalendar(zone: Fixture.zone)
    let instants = rows.map { calendar.instant($0.departureSecs, on: $0.serviceDay) }
    for instant in instants {
        let offset = instant.timeIntervalSince(now)
        precondition(offset >= -1_800 && offset < 7_200, "a departure \(offset) s from now, outside the query's window")
    }
    precondition(zip(instants, instants.dropFirst()).allSatisfy { $0 <= $1 }, "departures out of order")
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
