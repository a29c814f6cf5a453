import SQLite

/// Small synchronous look-ups, for the realtime side to call through closures: they throw
/// nothing and answer nil, false or empty when the store lacks the row or cannot be read.
///
/// The store keeps only the trips that call at the board's stops, those trips' stops and
/// routes: an id outside that slice is "unknown" here even when the feed has it.
extension GTFSStore {
    /// Where `stopID` falls in `tripID`'s stop order; nil when the store does not know the trip or stop.
    public func stopSequence(tripID: String, stopID: String) -> Int? {
        fetch { db in
            try db.fetchOne(
                Int.self, "SELECT stop_sequence FROM trip_stops WHERE trip_id = ? AND stop_id = ? ORDER BY stop_sequence LIMIT 1",
                tripID, stopID)
        }
    }

    /// Every stop of a kept trip in travel order; empty when the trip is not in the store.
    public func tripStops(tripID: String) -> [(stopID: String, stopSequence: Int)] {
        (try? database.withConnection { db throws(SQLiteError) in
            try db.fetchAll("SELECT stop_id, stop_sequence FROM trip_stops WHERE trip_id = ? ORDER BY stop_sequence", tripID) { row in
                (stopID: row[0] as String, stopSequence: row[1] as Int)
            }
        }) ?? []
    }

    /// A stop's `stop_name`, if the store kept the stop (a board stop, its station, or a
    /// stop of a kept trip).
    public func stopName(stopID: String) -> String? {
        fetch { try $0.fetchOne(String.self, "SELECT name FROM stops WHERE stop_id = ?", stopID) }
    }

    /// The same as `stopName(stopID:)`.
    public func stopName(_ stopID: String) -> String? {
        stopName(stopID: stopID)
    }

    /// A kept stop's `platform_code` ("3", "B"); nil when the feed gives none.
    public func platformCode(stopID: String) -> String? {
        fetch { try $0.fetchOne(String.self, "SELECT platform_code FROM stops WHERE stop_id = ?", stopID) }
    }

    /// Where a kept stop is, from its `stop_lat`/`stop_lon`, else its station's; nil when the
    /// feed gave neither or the store predates coordinates.
    public func coordinates(stopID: String) -> (latitude: Double, longitude: Double)? {
        guard hasStopCoordinates else { return nil }
        let place = fetch { db in
            try db.fetchAll(
                """
                SELECT s.latitude, s.longitude, p.latitude, p.longitude FROM stops s
                LEFT JOIN stops p ON p.stop_id = s.parent_station WHERE s.stop_id = ?
                """, stopID
            ) { row in (row[0] as Double?, row[1] as Double?, row[2] as Double?, row[3] as Double?) }.first
        }
        guard let place else { return nil }
        if let latitude = place.0, let longitude = place.1 { return (latitude, longitude) }
        if let latitude = place.2, let longitude = place.3 { return (latitude, longitude) }
        return nil
    }

    /// What a board shows for a route: `route_short_name`, else `route_long_name`, else the
    /// id itself; nil only when the store did not keep the route.
    public func routeLabel(routeID: String) -> String? {
        fetch { try $0.fetchOne(String.self, "SELECT COALESCE(short_name, long_name, route_id) FROM routes WHERE route_id = ?", routeID) }
    }

    /// Whether the store kept the trip, i.e. it calls at one of the board's stops.
    public func hasTrip(tripID: String) -> Bool {
        fetch { try $0.fetchOne(Int.self, "SELECT 1 FROM trips WHERE trip_id = ?", tripID) } != nil
    }

    /// The query's answer; nil also when the store cannot be read.
    private func fetch<Value: Sendable>(_ query: (Connection) throws -> Value?) -> Value? {
        (try? database.withConnection(query)) ?? nil
    }
}
