import SQLite

/// What a service alert's informed entities are matched against: the board's routes with
/// their type and agency, the stations of its stops, and when its trips start. Look-ups as
/// in `GTFSStore+Lookups.swift`: empty when the store cannot be read.
extension GTFSStore {
    /// A kept route as an alert's `EntitySelector` names it.
    public struct RouteFacts: Sendable, Hashable {
        public var routeID: String
        /// What rows show: short name, else long name, else the id (`routeLabel(routeID:)`).
        public var label: String
        public var routeType: Int?
        /// routes.agency_id, else the feed's only agency's; nil for stores imported before it was kept.
        public var agencyID: String?

        public init(routeID: String, label: String, routeType: Int? = nil, agencyID: String? = nil) {
            self.routeID = routeID
            self.label = label
            self.routeType = routeType
            self.agencyID = agencyID
        }
    }

    /// Every route the store kept: the routes of the trips calling at the board's stops.
    public func routeFacts() -> [RouteFacts] {
        let agency = hasRouteAgencies ? "agency_id" : "NULL"
        return
            (try? database.withConnection { db throws(SQLiteError) in
                try db.fetchAll("SELECT route_id, COALESCE(short_name, long_name, route_id), route_type, \(agency) FROM routes") { row in
                    RouteFacts(routeID: row[0], label: row[1], routeType: row[2], agencyID: row[3])
                }
            }) ?? []
    }

    /// The parent station of each of `stopIDs` that has one.
    public func parentStations(of stopIDs: Set<String>) -> [String: String] {
        guard !stopIDs.isEmpty else { return [:] }
        let pairs = try? database.withConnection { db throws(SQLiteError) -> [(String, String)] in
            let marks = Array(repeating: "?", count: stopIDs.count).joined(separator: ", ")
            let statement = try db.prepare(
                "SELECT stop_id, parent_station FROM stops WHERE parent_station IS NOT NULL AND stop_id IN (\(marks))")
            for (index, id) in stopIDs.enumerated() { try statement.bind(id, at: Int32(index + 1)) }
            var pairs: [(String, String)] = []
            while try statement.step() { pairs.append((statement[0], statement[1])) }
            return pairs
        }
        return Dictionary(pairs ?? [], uniquingKeysWith: { first, _ in first })
    }

    /// Seconds from the service day's start of each trip's first timed stop (GTFS's start_time
    /// of a trip that is not a frequency trip); trips without one are left out.
    public func tripStartSecs(_ tripIDs: Set<String>) -> [String: Int] {
        guard !tripIDs.isEmpty else { return [:] }
        let pairs = try? database.withConnection { db throws(SQLiteError) -> [(String, Int)] in
            let marks = Array(repeating: "?", count: tripIDs.count).joined(separator: ", ")
            let statement = try db.prepare("SELECT trip_id, first_secs FROM trips WHERE first_secs IS NOT NULL AND trip_id IN (\(marks))")
            for (index, id) in tripIDs.enumerated() { try statement.bind(id, at: Int32(index + 1)) }
            var pairs: [(String, Int)] = []
            while try statement.step() { pairs.append((statement[0], statement[1])) }
            return pairs
        }
        return Dictionary(pairs ?? [], uniquingKeysWith: { first, _ in first })
    }
}
