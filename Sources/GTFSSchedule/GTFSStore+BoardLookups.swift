import GRDB
import ZoneInfo

/// Small synchronous questions the realtime rules ask about what the store kept; nil or
/// false when the store does not know (it keeps only what the board's stops need).
extension GTFSStore {
    /// `route_short_name`, else `route_long_name`, else the id.
    public func routeLabel(routeID: String) -> String? {
        try? queue.read { db in
            try Row.fetchOne(db, sql: "SELECT short_name, long_name FROM routes WHERE route_id = ?", arguments: [routeID])
                .map { row in (row["short_name"] as String?) ?? (row["long_name"] as String?) ?? routeID }
        }
    }

    /// True when the trip calls at one of the board's stops (the store keeps no other trips).
    public func hasTrip(tripID: String) -> Bool {
        (try? queue.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM trips WHERE trip_id = ?)", arguments: [tripID])
        }) == true
    }

    /// The platforms (child stops) of any of `stopIDs` that are stations.
    public func childStops(of stopIDs: Set<String>) -> Set<String> {
        let ids = Array(stopIDs)
        guard !ids.isEmpty else { return [] }
        let children = try? queue.read { db in
            try String.fetchAll(db, sql: "SELECT stop_id FROM stops WHERE parent_station IN (\(databaseQuestionMarks(count: ids.count)))",
                                arguments: StatementArguments(ids))
        }
        return Set(children ?? [])
    }

    /// `stops.platform_code`, where the feed gives one.
    public func platformCode(stopID: String) -> String? {
        try? queue.read { db in
            try String.fetchOne(db, sql: "SELECT platform_code FROM stops WHERE stop_id = ?", arguments: [stopID])
        }
    }

    /// The first and last day any of the board's services runs (calendar ranges and
    /// calendar_dates additions); nil when the store has no service at all. A board past the
    /// last day says its timetable expired instead of showing an empty board.
    public var serviceDates: ClosedRange<CivilDate>? {
        let row = try? queue.read { db in
            try Row.fetchOne(db, sql: """
                SELECT MIN(first), MAX(last) FROM (
                    SELECT start_date AS first, end_date AS last FROM calendar
                    UNION ALL SELECT date, date FROM calendar_dates WHERE exception_type = 1)
                """)
        }
        guard let row, let first = row[0] as Int?, let last = row[1] as Int?, first <= last else { return nil }
        func date(_ key: Int) -> CivilDate { CivilDate(year: key / 10_000, month: key / 100 % 100, day: key % 100) }
        return date(first)...date(last)
    }
}
