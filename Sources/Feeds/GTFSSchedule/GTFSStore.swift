public import DeparturesCore
#if canImport(Glibc)
import Glibc
#endif
import SQLite
public import ZoneInfo

/// Errors from opening or querying a store.
public struct GTFSStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// A board's slice of a GTFS feed, as written by `GTFSImporter`, opened read-only.
public final class GTFSStore: Sendable {
    public let path: String
    /// `agency_timezone` of the feed's first agency (IANA name).
    public let agencyTimezone: String
    /// When the feed was imported.
    public let importedAt: Date
    /// The stop ids the import was asked for (before stations were expanded).
    public let requestedStopIDs: [String]
    /// The first and last day any service of the kept trips runs: calendar.txt ranges
    /// (narrowed to their first and last running weekday) and calendar_dates.txt additions;
    /// removals do not narrow it. Nil when no kept service runs on any day. Compare with
    /// `serviceCoverage(on:)` to tell an expired timetable from a quiet hour.
    public let serviceDates: ClosedRange<CivilDate>?
    /// Whether the store kept route_text_color (imports since that column was added).
    let hasRouteTextColors: Bool
    /// Whether the store kept routes' agency_id (imports since that column was added).
    let hasRouteAgencies: Bool
    /// Whether the store kept stops' coordinates (imports since those columns were added).
    let hasStopCoordinates: Bool
    /// Whether the store has the translations table (imports since it was added).
    let hasTranslations: Bool
    /// feed_info.txt's feed_lang, the language of the feed's own texts; nil when absent or
    /// `mul` (texts in several languages: untagged).
    public let feedLanguage: String?
    /// One read-only connection; the board's refresh and the realtime look-ups take turns on it.
    let database: SharedConnection
    let zoneDatabase: ZoneInfoDatabase

    /// Opens the store read-only; `zoneDatabase` resolves the agency zone when a query gives none.
    public init(path: String, zoneDatabase: ZoneInfoDatabase = .system) throws(GTFSStoreError) {
        self.path = path
        self.zoneDatabase = zoneDatabase
        guard access(path, R_OK) == 0 else { throw GTFSStoreError(path: path, message: "no such store") }
        do {
            database = try SharedConnection(path: path, mode: .readOnly)
            let (version, info, columns, tables) = try database.withConnection {
                db throws(SQLiteError) -> (Int?, [String: String], [String], [String]) in
                let version = try db.fetchOne(Int.self, "SELECT version FROM schema_version")
                let rows = try db.fetchAll("SELECT key, value FROM feed_info") { row in (row[0] as String, row[1] as String) }
                let columns = try db.fetchAll(
                    "SELECT name FROM pragma_table_info('routes') UNION ALL SELECT 'stops.' || name FROM pragma_table_info('stops')"
                ) { row in row[0] as String }
                let tables = try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table'") { row in row[0] as String }
                return (version, Dictionary(rows, uniquingKeysWith: { first, _ in first }), columns, tables)
            }
            hasTranslations = tables.contains("translations")
            let language = info["feed_lang"] ?? ""
            feedLanguage = language.isEmpty || language.lowercased() == "mul" ? nil : language
            hasRouteTextColors = columns.contains("text_color")
            hasRouteAgencies = columns.contains("agency_id")
            hasStopCoordinates = columns.contains("stops.latitude")
            guard let version else {
                throw GTFSStoreError(path: path, message: "not a timetable store (it has no schema version)")
            }
            guard version == GTFSSchema.version else {
                let made = version < GTFSSchema.version ? "an older" : "a newer"
                throw GTFSStoreError(
                    path: path,
                    message: "this timetable store was made by \(made) version of departure-board "
                        + "(store format \(version), this version reads \(GTFSSchema.version)); import the feed again")
            }
            agencyTimezone = info["agency_timezone"] ?? ""
            importedAt = Date(timeIntervalSince1970: info["imported_at"].flatMap(Double.init) ?? 0)
            requestedStopIDs = info["requested_stop_ids"].map { $0.split(separator: "\n").map(String.init) } ?? []
            let first = info["service_start"].flatMap(GTFSValues.dateKey), last = info["service_end"].flatMap(GTFSValues.dateKey)
            if let first, let last, first <= last {
                serviceDates = ImportRun.civilDate(first)...ImportRun.civilDate(last)
            } else {
                serviceDates = nil
            }
        } catch let error as GTFSStoreError {
            throw error
        } catch {
            throw GTFSStoreError(path: path, message: "not a timetable store (\(plainText(error)))")
        }
    }

    /// The ids among `stopIDs` this store was not imported for, sorted: a board whose stops
    /// changed since the import needs another one.
    public func missingStops(_ stopIDs: some Sequence<String>) -> [String] {
        Set(stopIDs).subtracting(requestedStopIDs).sorted()
    }

    /// The zone the feed's times are in: `agency_timezone`.
    public func agencyZone() throws(GTFSStoreError) -> TimeZoneRules {
        do {
            return try TimeZoneRules.load(agencyTimezone, from: zoneDatabase)
        } catch {
            throw GTFSStoreError(path: path, message: "agency_timezone '\(agencyTimezone)': \(error)")
        }
    }
}
