import DeparturesCore
import SQLite

/// One import's state: the feed, the extracted files, and the ids found so far.
final class ImportRun {
    let feed: FeedArchive
    let tempBase: String
    let requested: Set<String>
    /// `GTFSImporter.filtersRowsByBytes`.
    let filtersRowsByBytes: Bool
    private var extracted: [String] = []

    var boardStops: Set<String> = []
    var boardParents: Set<String> = []
    var keptTrips: Set<String> = []
    var tripShape: [String: TripShape] = [:]
    var tripStopIDs: Set<String> = []
    var routes: Set<String> = []
    /// The stops written to the store (board stops, their stations, stops of kept trips).
    var storedStops: Set<String> = []
    var services: Set<String> = []
    var agencyTimezone = ""
    /// agency.txt's agency_id values: a route without its own agency_id belongs to the only one.
    var agencyIDs: [String] = []
    /// First and last day any kept service runs, as date keys (20260405).
    var serviceStart: Int?, serviceEnd: Int?
    /// feed_info.txt's feed_lang and default_lang, where given.
    var feedLanguage: String?, defaultLanguage: String?

    /// The first timed stop (frequency trips shift from it), the last stop (headsign
    /// fallback) and how many calls the trip has (a one-call trip has no terminus arrival).
    struct TripShape {
        var firstSequence = Int.max, firstSecs: Int?
        var lastSequence = Int.min, lastStopID = ""
        var calls = 0
    }

    static let requiredFiles = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt"]

    init(feed: FeedArchive, tempBase: String, requested: Set<String>, filtersRowsByBytes: Bool) {
        self.feed = feed
        self.tempBase = tempBase
        self.requested = requested
        self.filtersRowsByBytes = filtersRowsByBytes
    }

    /// Present with some bytes: a 0-byte optional member counts as absent.
    func has(_ name: String) -> Bool { (feed.declaredSize(name) ?? 0) > 0 }

    /// Extracts `name` next to the store and opens it; nil for a missing or empty optional file.
    func open(_ name: String, required: Bool = true) throws -> CSVTable? {
        guard feed.has(name) else {
            if required { throw GTFSImportError.missingFile(feed.prefix + name) }
            return nil
        }
        let path = tempBase + "-" + name
        removeFile(path)
        extracted.append(path)
        guard try feed.extract(name, to: path) > 0 else {
            if required { throw Self.emptyFile(feed.prefix + name) }
            return nil
        }
        return try CSVTable(name: feed.prefix + name, path: path)
    }

    static func emptyFile(_ name: String) -> GTFSImportError {
        GTFSImportError(file: name, message: "is empty (0 bytes); a GTFS file needs at least its header row")
    }

    /// Opens an already extracted file again for a second pass.
    func reopen(_ name: String) throws -> CSVTable {
        try CSVTable(name: feed.prefix + name, path: tempBase + "-" + name)
    }

    func discard(_ name: String) {
        removeFile(tempBase + "-" + name)
    }

    func removeExtractedFiles() {
        extracted.forEach(removeFile)
        extracted.removeAll()
    }

    func load(into db: Connection) throws -> GTFSImportSummary {
        // Fail before the long stop_times passes when a required member is absent or empty.
        for name in Self.requiredFiles {
            guard feed.has(name) else { throw GTFSImportError.missingFile(feed.prefix + name) }
            guard has(name) else { throw Self.emptyFile(feed.prefix + name) }
        }
        guard has("calendar.txt") || has("calendar_dates.txt") else {
            let empty = ["calendar.txt", "calendar_dates.txt"].first(where: feed.has)
            throw empty.map { Self.emptyFile(feed.prefix + $0) } ?? GTFSImportError.missingFile(feed.prefix + "calendar.txt")
        }
        try readAgency()
        try findBoardStops()
        let (rowsRead, boardRows) = try collectBoardStopTimes(db)
        let tripStopRows = try collectTripStops(db)
        discard("stop_times.txt")  // by far the largest member: free the disk early
        let (interpolated, unplaced) = try finishBoardCalls(db)
        try storeStops(db)
        discard("stops.txt")
        try storeTrips(db)
        try storeRoutes(db)
        let calendarServices = try storeCalendar(db)
        let frequencyRows = try storeFrequencies(db)
        let feedInfoProblem = readFeedLanguages()
        var translations = try storeTranslations(db)
        translations.problem = translations.problem ?? feedInfoProblem
        return GTFSImportSummary(
            boardStopIDs: boardStops.sorted(), stopTimesRowsRead: rowsRead, boardStopTimes: boardRows,
            trips: keptTrips.count, tripStops: tripStopRows, routes: routes.count,
            services: calendarServices, frequencies: frequencyRows,
            interpolatedCalls: interpolated, unplacedCalls: unplaced, translations: translations.kept,
            translationsSkipped: translations.skipped, translationsProblem: translations.problem)
    }

    func writeFeedInfo(_ db: Connection, importedAt: Date, source: String, member: String?) throws {
        var info = [
            "agency_timezone": agencyTimezone,
            "imported_at": String(importedAt.timeIntervalSince1970),
            "requested_stop_ids": requested.sorted().joined(separator: "\n"),
            "source": source,
        ]
        if let member { info["source_member"] = member }
        if let feedLanguage { info["feed_lang"] = feedLanguage }
        if let defaultLanguage { info["default_lang"] = defaultLanguage }
        if let serviceStart, let serviceEnd {
            info["service_start"] = String(serviceStart)
            info["service_end"] = String(serviceEnd)
        }
        let statement = try db.prepare("INSERT INTO feed_info (key, value) VALUES (?, ?)")
        for (key, value) in info {
            try statement.execute(key, value)
        }
    }

    /// Runs an insert, turning a constraint failure into an error at the file's current line.
    /// `key` is only spelled out for that error, not for every row.
    func insert(from table: CSVTable, key: @autoclosure () -> String, _ run: () throws -> Void) throws {
        do {
            try run()
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw GTFSImportError(file: table.name, line: table.line, message: "duplicate \(key())")
        }
    }
}
