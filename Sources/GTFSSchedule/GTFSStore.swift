import Foundation
import GRDB
import ZoneInfo

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
    let queue: DatabaseQueue
    let zoneDatabase: ZoneInfoDatabase

    /// Opens the store read-only; `zoneDatabase` resolves the agency zone when a query gives none.
    public init(path: String, zoneDatabase: ZoneInfoDatabase = .system) throws(GTFSStoreError) {
        self.path = path
        self.zoneDatabase = zoneDatabase
        guard access(path, R_OK) == 0 else { throw GTFSStoreError(path: path, message: "no such store") }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let (version, info) = try queue.read { db -> (Int?, [String: String]) in
                let version = try Int.fetchOne(db, sql: "SELECT version FROM schema_version")
                let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM feed_info")
                return (version, Dictionary(rows.map { ($0["key"], $0["value"]) }, uniquingKeysWith: { first, _ in first }))
            }
            guard version == GTFSSchema.version else {
                throw GTFSStoreError(path: path, message: "schema version \(version.map(String.init) ?? "none"), expected \(GTFSSchema.version): import the feed again")
            }
            agencyTimezone = info["agency_timezone"] ?? ""
            importedAt = Date(timeIntervalSince1970: info["imported_at"].flatMap(Double.init) ?? 0)
            requestedStopIDs = info["requested_stop_ids"].map { $0.split(separator: "\n").map(String.init) } ?? []
        } catch let error as GTFSStoreError {
            throw error
        } catch {
            throw GTFSStoreError(path: path, message: "not a GTFS store (\(error))")
        }
    }

    /// Where `stopID` falls in `tripID`'s stop order; nil when the store does not know the trip or stop.
    /// The ids among `stopIDs` this store was not imported for, sorted: a board whose stops
    /// changed since the import needs another one.
    public func missingStops(_ stopIDs: some Sequence<String>) -> [String] {
        Set(stopIDs).subtracting(requestedStopIDs).sorted()
    }

    public func stopSequence(tripID: String, stopID: String) -> Int? {
        try? queue.read { db in
            try Int.fetchOne(db, sql: """
                SELECT stop_sequence FROM trip_stops WHERE trip_id = ? AND stop_id = ? ORDER BY stop_sequence LIMIT 1
                """, arguments: [tripID, stopID])
        }
    }

    /// Every stop of a kept trip in travel order; empty when the trip is not in the store.
    public func tripStops(tripID: String) -> [(stopID: String, stopSequence: Int)] {
        let rows = (try? queue.read { db in
            try Row.fetchAll(db, sql: "SELECT stop_id, stop_sequence FROM trip_stops WHERE trip_id = ? ORDER BY stop_sequence",
                             arguments: [tripID])
        }) ?? []
        return rows.map { (stopID: $0["stop_id"], stopSequence: $0["stop_sequence"]) }
    }

    /// A stop's name, if the store kept the stop.
    public func stopName(_ stopID: String) -> String? {
        try? queue.read { db in try String.fetchOne(db, sql: "SELECT name FROM stops WHERE stop_id = ?", arguments: [stopID]) }
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
