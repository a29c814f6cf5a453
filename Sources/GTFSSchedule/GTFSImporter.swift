import Foundation
import GRDB
import ZIPFoundation

/// What an import kept, for logs and tests.
public struct GTFSImportSummary: Sendable, Equatable {
    /// The requested stops plus the child stops of requested stations, sorted.
    public var boardStopIDs: [String]
    /// All rows of stop_times.txt (each pass reads them all).
    public var stopTimesRowsRead: Int
    /// stop_times rows at the board's stops.
    public var boardStopTimes: Int
    public var trips: Int
    /// (trip, stop, sequence) rows of the kept trips.
    public var tripStops: Int
    public var routes: Int
    /// Services with a calendar.txt row or at least one calendar_dates.txt row.
    public var services: Int
    public var frequencies: Int
    /// Board calls without times whose time was interpolated between the trip's timed stops.
    public var interpolatedCalls: Int

    public init(boardStopIDs: [String], stopTimesRowsRead: Int, boardStopTimes: Int, trips: Int, tripStops: Int,
                routes: Int, services: Int, frequencies: Int, interpolatedCalls: Int = 0) {
        self.interpolatedCalls = interpolatedCalls
        self.boardStopIDs = boardStopIDs
        self.stopTimesRowsRead = stopTimesRowsRead
        self.boardStopTimes = boardStopTimes
        self.trips = trips
        self.tripStops = tripStops
        self.routes = routes
        self.services = services
        self.frequencies = frequencies
    }
}

/// Reads a GTFS zip and keeps what a board's stops need in a `GTFSStore` file.
///
/// Each member is extracted to a temporary file next to the store and read a row at a time,
/// so memory follows what is kept, not the size of the feed. The store is built under a
/// temporary name and renamed over the old one only when complete: a failed import leaves
/// the last good store in place.
public struct GTFSImporter: Sendable {
    /// Stop ids to keep; a parent station's id brings in its child stops (`parent_station`).
    public var stopIDs: Set<String>

    public init(stopIDs: Set<String>) {
        self.stopIDs = stopIDs
    }

    @discardableResult
    public func importFeed(zipPath: String, storePath: String, importedAt: Date = Date()) throws(GTFSImportError) -> GTFSImportSummary {
        guard !stopIDs.isEmpty else { throw GTFSImportError(file: zipPath, message: "no stop ids to import") }
        let tempBase = storePath + ".importing-\(ProcessInfo.processInfo.processIdentifier)"
        let tempStore = tempBase + ".sqlite"
        removeFile(tempStore)
        defer { removeFile(tempStore); removeFile(tempStore + "-journal") }

        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .read)
        } catch {
            throw GTFSImportError(file: zipPath, message: "not a readable zip archive (\(error))")
        }
        let summary: GTFSImportSummary
        do {
            let queue = try DatabaseQueue(path: tempStore)
            let run = ImportRun(archive: archive, archivePath: zipPath, tempBase: tempBase, requested: stopIDs)
            defer { run.removeExtractedFiles() }
            summary = try queue.write { db in
                try GTFSSchema.create(db)
                let summary = try run.load(into: db)
                try run.writeFeedInfo(db, importedAt: importedAt)
                return summary
            }
            try queue.close()
        } catch let error as GTFSImportError {
            throw error
        } catch {
            throw GTFSImportError(file: storePath, message: "cannot write the store (\(error))")
        }
        // rename(2) replaces the old store atomically; readers holding it open keep the old file.
        guard rename(tempStore, storePath) == 0 else {
            throw GTFSImportError(file: storePath, message: "cannot replace the store (errno \(errno))")
        }
        return summary
    }
}

func removeFile(_ path: String) {
    _ = unlink(path)
}

/// One import's state: the archive, the extracted files, and the ids found so far.
final class ImportRun {
    let archive: Archive
    let archivePath: String
    let tempBase: String
    let requested: Set<String>
    /// Members by file name, wherever they sit in the archive.
    private var entries: [String: Entry] = [:]
    private var extracted: [String] = []

    var boardStops: Set<String> = []
    var boardParents: Set<String> = []
    var keptTrips: Set<String> = []
    var tripShape: [String: TripShape] = [:]
    var tripStopIDs: Set<String> = []
    var routes: Set<String> = []
    var services: Set<String> = []
    /// Board calls without times, by trip, and those trips' calls with their times and
    /// distances (collected on the second pass), to interpolate between timed stops.
    var untimedCalls: [String: [Int]] = [:]
    var timelines: [String: [TimedCall]] = [:]
    var agencyTimezone = ""

    /// The first timed stop (frequency trips shift from it) and the last stop (headsign fallback).
    struct TripShape {
        var firstSequence = Int.max, firstSecs: Int?
        var lastSequence = Int.min, lastStopID = ""
    }

    init(archive: Archive, archivePath: String, tempBase: String, requested: Set<String>) {
        self.archive = archive
        self.archivePath = archivePath
        self.tempBase = tempBase
        self.requested = requested
        for entry in archive where entry.type == .file {
            let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            // A member at the top level wins over one in a folder.
            if entries[name] == nil || !entry.path.contains("/") { entries[name] = entry }
        }
    }

    func has(_ name: String) -> Bool { entries[name] != nil }

    /// Extracts `name` next to the store and opens it; nil for a missing optional file.
    func open(_ name: String, required: Bool = true) throws -> CSVTable? {
        guard let entry = entries[name] else {
            if required { throw GTFSImportError.missingFile(name, in: archivePath) }
            return nil
        }
        let path = tempBase + "-" + name
        removeFile(path)
        extracted.append(path)
        do {
            _ = try archive.extract(entry, to: URL(fileURLWithPath: path))
        } catch {
            throw GTFSImportError(file: name, message: "cannot extract from \(archivePath) (\(error))")
        }
        return try CSVTable(name: name, path: path)
    }

    /// Opens an already extracted file again for a second pass.
    func reopen(_ name: String) throws -> CSVTable {
        try CSVTable(name: name, path: tempBase + "-" + name)
    }

    func discard(_ name: String) {
        removeFile(tempBase + "-" + name)
    }

    func removeExtractedFiles() {
        extracted.forEach(removeFile)
        extracted.removeAll()
    }

    func load(into db: Database) throws -> GTFSImportSummary {
        // Fail before the long stop_times passes when a required member is absent.
        for name in ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt"] where !has(name) {
            throw GTFSImportError.missingFile(name, in: archivePath)
        }
        guard has("calendar.txt") || has("calendar_dates.txt") else {
            throw GTFSImportError.missingFile("calendar.txt", in: archivePath)
        }
        try readAgency()
        try findBoardStops()
        let (rowsRead, boardRows) = try collectBoardStopTimes(db)
        let tripStopRows = try collectTripStops(db)
        let estimated = try interpolateUntimedCalls(db)
        discard("stop_times.txt")  // by far the largest member: free the disk early
        try storeStops(db)
        discard("stops.txt")
        try storeTrips(db)
        try storeRoutes(db)
        let calendarServices = try storeCalendar(db)
        let frequencyRows = try storeFrequencies(db)
        return GTFSImportSummary(
            boardStopIDs: boardStops.sorted(), stopTimesRowsRead: rowsRead, boardStopTimes: boardRows,
            trips: keptTrips.count, tripStops: tripStopRows, routes: routes.count,
            services: calendarServices, frequencies: frequencyRows, interpolatedCalls: estimated)
    }

    func writeFeedInfo(_ db: Database, importedAt: Date) throws {
        let info = ["agency_timezone": agencyTimezone,
                    "imported_at": String(importedAt.timeIntervalSince1970),
                    "requested_stop_ids": requested.sorted().joined(separator: "\n"),
                    "source": archivePath]
        for (key, value) in info {
            try db.execute(sql: "INSERT INTO feed_info (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    /// Runs an insert, turning a constraint failure into an error at the file's current line.
    func insert(_ statement: Statement, _ arguments: StatementArguments, from table: CSVTable, key: String) throws {
        do {
            try statement.execute(arguments: arguments)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw GTFSImportError(file: table.name, line: table.line, message: "duplicate \(key)")
        }
    }
}
