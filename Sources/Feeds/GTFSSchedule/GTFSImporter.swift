public import DeparturesCore
#if canImport(Glibc)
import Glibc
#endif
import SQLite
import SystemFiles

/// What an import kept, for logs and tests.
public struct GTFSImportSummary: Sendable, Equatable {
    /// The requested stops plus the child stops of requested stations, sorted.
    public var boardStopIDs: [String]
    /// All rows of stop_times.txt (each pass reads them all).
    public var stopTimesRowsRead: Int
    /// stop_times rows at the board's stops (flexible pickup windows not counted).
    public var boardStopTimes: Int
    public var trips: Int
    /// (trip, stop, sequence) rows of the kept trips.
    public var tripStops: Int
    public var routes: Int
    /// Services with a calendar.txt row or at least one calendar_dates.txt row.
    public var services: Int
    public var frequencies: Int
    /// Board calls without times whose time was interpolated between timed stops.
    public var interpolatedCalls: Int
    /// Board calls without times that could not be placed (no timed stop before or after).
    public var unplacedCalls: Int
    /// translations.txt rows kept: those of the texts a board shows, for the kept records.
    public var translations: Int
    /// translations.txt rows not kept: other fields, other records, repeats, broken rows.
    public var translationsSkipped: Int
    /// The first fault in translations.txt or feed_info.txt. Not fatal: a broken row is
    /// skipped; a file that cannot be read (a missing column, broken CSV) is left out whole.
    public var translationsProblem: GTFSImportError?

    public init(
        boardStopIDs: [String], stopTimesRowsRead: Int, boardStopTimes: Int, trips: Int, tripStops: Int,
        routes: Int, services: Int, frequencies: Int, interpolatedCalls: Int = 0, unplacedCalls: Int = 0,
        translations: Int = 0, translationsSkipped: Int = 0, translationsProblem: GTFSImportError? = nil
    ) {
        self.translations = translations
        self.translationsSkipped = translationsSkipped
        self.translationsProblem = translationsProblem
        self.boardStopIDs = boardStopIDs
        self.stopTimesRowsRead = stopTimesRowsRead
        self.boardStopTimes = boardStopTimes
        self.trips = trips
        self.tripStops = tripStops
        self.routes = routes
        self.services = services
        self.frequencies = frequencies
        self.interpolatedCalls = interpolatedCalls
        self.unplacedCalls = unplacedCalls
    }
}

/// Reads a GTFS zip and keeps what a board's stops need in a `GTFSStore` file.
///
/// Each member is extracted to a temporary file next to the store and read a row at a time,
/// so memory follows what is kept, not the size of the feed. The store is built under a
/// temporary name and put in place only when complete and on disk (`AtomicFile.replace`):
/// a failed import, a kill or a power cut leaves the last good store in place. An import
/// first removes what imports killed earlier left beside the store.
///
/// Errors (`GTFSImportError`) never contain `zipPath`; print it once in front of them.
public struct GTFSImporter: Sendable {
    /// Stop ids to keep; a parent station's id brings in its child stops (`parent_station`).
    public var stopIDs: Set<String>
    /// For a zip of zips (some agencies publish bus and rail feeds in one download): the
    /// path of the inner zip to import, e.g. "google_transit_bus.zip". Without it, a zip
    /// with no stops.txt but inner zips fails with an error listing them.
    public var member: String?
    /// Size and compression caps against hostile zips.
    public var limits: GTFSArchiveLimits
    /// Skips stop_times rows of other stops and trips by their bytes, reading as text only
    /// the rows it keeps; off, every row is read as text (the feed fuzz target compares the two).
    package var filtersRowsByBytes = true

    public init(stopIDs: Set<String>, member: String? = nil, limits: GTFSArchiveLimits = .standard) {
        self.stopIDs = stopIDs
        self.member = member
        self.limits = limits
    }

    @discardableResult
    public func importFeed(zipPath: String, storePath: String, importedAt: Date = Date()) throws(GTFSImportError) -> GTFSImportSummary {
        guard !stopIDs.isEmpty else { throw GTFSImportError(file: "", message: "no stop ids to import") }
        // A first import into a fresh folder (`/var/lib/departure-board/…`) makes it.
        do throws(Folders.Failure) {
            try Folders.create(Folders.parent(of: storePath))
        } catch {
            throw GTFSImportError(file: "", message: "\(error); create it, writable by this user, or set source.store elsewhere")
        }
        let folder = Folders.parent(of: storePath)
        guard access(folder, W_OK) == 0 else {
            throw GTFSImportError(
                file: "",
                message: "cannot write in the store's folder \(folder) (\(systemErrorText(errno))); "
                    + "make it writable by this user, or set source.store elsewhere")
        }
        let tempBase = storePath + ".importing-\(ProcessInfo.processInfo.processIdentifier)"
        let tempStore = tempBase + ".sqlite", innerZip = tempBase + "-member.zip"
        // What killed imports left (an extracted stop_times.txt can be hundreds of MB); the
        // files of a live import, in another process, stay.
        TemporaryFiles.removeOrphans(prefix: storePath + ".importing-") { $0.hasPrefix(".") || $0.hasPrefix("-") }
        // An earlier process with our pid may have left these; a stale journal must not meet the new store.
        removeFile(tempStore)
        removeFile(tempStore + "-journal")
        defer { removeFile(tempStore); removeFile(tempStore + "-journal"); removeFile(innerZip) }

        let feed = try FeedArchive.openFeed(zipPath: zipPath, member: member, innerPath: innerZip, limits: limits)
        let summary: GTFSImportSummary
        do {
            let db = try Connection(path: tempStore, mode: .readWriteCreate)
            let run = ImportRun(feed: feed, tempBase: tempBase, requested: stopIDs, filtersRowsByBytes: filtersRowsByBytes)
            defer { run.removeExtractedFiles() }
            // One transaction: one journal and one sync for the whole store, not one per row.
            summary = try db.transaction {
                try GTFSSchema.create(db)
                let summary = try run.load(into: db)
                try run.writeFeedInfo(db, importedAt: importedAt, source: zipPath, member: member)
                return summary
            }
            // Closed before the rename, so the store on disk is complete (synchronous=FULL
            // synced it at commit).
            try db.close()
        } catch let error as GTFSImportError {
            throw error
        } catch {
            throw GTFSImportError(file: storePath, message: "cannot write the store (\(plainText(error)))")
        }
        // rename(2) replaces the old store atomically; readers holding it open keep the old
        // file. The folder is synced before returning, so the caller may record the new
        // feed's validators: after a power cut they never describe a store that is not there.
        do throws(AtomicFile.Failure) {
            try AtomicFile.replace(storePath, with: tempStore)
        } catch {
            throw GTFSImportError(file: storePath, message: "cannot replace the store (\(error.reason))")
        }
        return summary
    }
}

func removeFile(_ path: String) {
    _ = unlink(path)
}
