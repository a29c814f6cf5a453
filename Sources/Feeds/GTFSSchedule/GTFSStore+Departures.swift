public import DeparturesCore
import SQLite
public import ZoneInfo

extension GTFSStore {
    /// Scheduled calls at `stopIDs` (a station's id covers its child stops) whose departure
    /// instant lies in `now − lookBack ..< now + window`, sorted by instant.
    ///
    /// Service days D−1, D and D+1 (D = today in `zone`) are all checked, so a 25:10:00 trip
    /// of yesterday's service appears after midnight. `lookBack` lets a realtime merge see
    /// trips scheduled a little earlier that may still be running late.
    ///
    /// Calls where no one can board (`pickup_type=1`, or a trip's last stop) are left out
    /// unless `includeDropOffOnly`; then they come marked `isDropOffOnly`, at their arrival
    /// time. Calls the feed leaves untimed come with interpolated times, marked `isEstimated`.
    ///
    /// - Parameters:
    ///   - zone: the feed's zone; nil means `agency_timezone`.
    ///   - includeDropOffOnly: also return arrivals that take no passengers on, for a board
    ///     that shows them (as "arrives" or greyed out).
    ///   - translations: headsigns and route labels in the board's language
    ///     (`translations(for:)`); the headsign filter passes a row whose own or translated
    ///     headsign matches.
    public func scheduledDepartures(
        stopIDs: Set<String>, at now: Date, window: Duration = .seconds(7_200), lookBack: Duration = .zero,
        zone: TimeZoneRules? = nil, filter: GTFSFilter = .all, includeDropOffOnly: Bool = false,
        translations: GTFSTranslations = .none
    ) throws(GTFSStoreError) -> [ScheduledDeparture] {
        let rules: TimeZoneRules
        if let zone { rules = zone } else { rules = try agencyZone() }
        let calendar = ServiceDayCalendar(zone: rules)
        let nowSecs = now.unixSeconds
        let from = nowSecs - lookBack.components.seconds, to = nowSecs + window.components.seconds
        let today = calendar.localDate(at: now)
        do {
            return try database.withConnection { db throws in
                // One read transaction: every query sees the same snapshot of the file.
                try db.transaction {
                    let stops = try Self.expand(stopIDs, db)
                    var found: [(instant: Int64, departure: ScheduledDeparture)] = []
                    for day in [today.adding(days: -1), today, today.adding(days: 1)] {
                        let dayStart = calendar.serviceDayStart(day)
                        let query = DayQuery(
                            day: day, stops: stops, low: Int(from - dayStart), high: Int(to - dayStart), filter: filter,
                            includeDropOffOnly: includeDropOffOnly, hasRouteTextColors: hasRouteTextColors,
                            translations: translations)
                        for departure in try query.timetabled(db) + query.frequencyBased(db) {
                            found.append((dayStart + Int64(departure.departureSecs), departure))
                        }
                    }
                    return found.sorted { a, b in
                        (a.instant, a.departure.routeLabel, a.departure.tripID, a.departure.stopID)
                            < (b.instant, b.departure.routeLabel, b.departure.tripID, b.departure.stopID)
                    }.map(\.departure)
                }
            }
        } catch {
            throw GTFSStoreError(path: path, message: "query failed (\(plainText(error)))")
        }
    }

    /// The ids plus the child stops of any that are stations.
    static func expand(_ stopIDs: Set<String>, _ db: Connection) throws(SQLiteError) -> [String] {
        Array(stopIDs.union(try children(of: stopIDs, db))).sorted()
    }

    /// The child stops (platforms) of any of `stopIDs` that are stations.
    static func children(of stopIDs: Set<String>, _ db: Connection) throws(SQLiteError) -> [String] {
        guard !stopIDs.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: stopIDs.count).joined(separator: ", ")
        let statement = try db.prepare("SELECT stop_id FROM stops WHERE parent_station IN (\(marks))")
        for (index, id) in stopIDs.enumerated() { try statement.bind(id, at: Int32(index + 1)) }
        var children: [String] = []
        while try statement.step() { children.append(statement[0]) }
        return children
    }
}

/// The departures of one service day within a seconds-from-day-start range.
private struct DayQuery {
    var day: CivilDate
    var stops: [String]
    /// `low ..< high` in seconds from the start of `day`.
    var low: Int
    var high: Int
    var filter: GTFSFilter
    var includeDropOffOnly: Bool
    /// Stores imported before route_text_color was kept have no such column.
    var hasRouteTextColors: Bool
    var translations: GTFSTranslations

    /// Services running on `day`: calendar's weekday flag within its dates, less the
    /// calendar_dates removals (2), plus its additions (1). SQLite applies compound
    /// operators left to right, which is exactly that order.
    private var activeServices: String {
        let weekday = GTFSSchema.weekdayColumns[day.weekday]
        return """
            WITH active(service_id) AS (
                SELECT service_id FROM calendar WHERE \(weekday) = 1 AND start_date <= :date AND end_date >= :date
                EXCEPT SELECT service_id FROM calendar_dates WHERE date = :date AND exception_type = 2
                UNION SELECT service_id FROM calendar_dates WHERE date = :date AND exception_type = 1)
            """
    }

    private var columns: String {
        """
        st.trip_id, st.stop_id, st.stop_sequence, st.departure_secs, st.stop_headsign, st.estimated, st.drop_off_only,
        t.route_id, t.headsign AS trip_headsign, t.direction_id, t.first_secs, t.last_stop_id,
        r.short_name, r.long_name, r.color AS route_color, \(hasRouteTextColors ? "r.text_color" : "NULL") AS route_text_color,
        last.name AS last_stop_name, here.platform_code
        """
    }

    private static let joins = """
        FROM stop_times st
        JOIN trips t ON t.trip_id = st.trip_id
        JOIN active a ON a.service_id = t.service_id
        LEFT JOIN routes r ON r.route_id = t.route_id
        LEFT JOIN stops last ON last.stop_id = t.last_stop_id
        LEFT JOIN stops here ON here.stop_id = st.stop_id
        """

    /// Compiles `sql` with this day's parameters bound, those it uses (the frequency query
    /// applies the range itself).
    private func prepare(_ sql: String, _ db: Connection) throws(SQLiteError) -> Statement {
        let statement = try db.prepare(sql)
        func bind(_ value: some SQLBindable, _ name: String) throws(SQLiteError) {
            if let index = statement.parameterIndex(name) { try statement.bind(value, at: index) }
        }
        try bind(GTFSValues.dateKey(day), ":date")
        try bind(low, ":low")
        try bind(high, ":high")
        try bind(includeDropOffOnly, ":dropOffOnly")
        for (index, stop) in stops.enumerated() { try bind(stop, ":s\(index)") }
        return statement
    }

    private var stopList: String {
        stops.indices.map { ":s\($0)" }.joined(separator: ", ")
    }

    func timetabled(_ db: Connection) throws(SQLiteError) -> [ScheduledDeparture] {
        guard !stops.isEmpty else { return [] }
        let row = try prepare(
            """
            \(activeServices)
            SELECT \(columns) \(Self.joins)
            WHERE st.stop_id IN (\(stopList)) AND st.departure_secs >= :low AND st.departure_secs < :high
              AND (:dropOffOnly OR st.drop_off_only = 0)
              AND NOT EXISTS (SELECT 1 FROM frequencies f WHERE f.trip_id = st.trip_id)
            """, db)
        var result: [ScheduledDeparture] = []
        while try row.step() {
            if let departure = make(row, departureSecs: row["departure_secs"], startTime: nil, headwayBased: false) {
                result.append(departure)
            }
        }
        return result
    }

    /// Each headway instance of a frequency-based trip is the template trip shifted by
    /// (instance start − the template's first stop time).
    func frequencyBased(_ db: Connection) throws(SQLiteError) -> [ScheduledDeparture] {
        guard !stops.isEmpty else { return [] }
        let row = try prepare(
            """
            \(activeServices)
            SELECT \(columns), f.start_secs, f.end_secs, f.headway_secs, f.exact_times \(Self.joins)
            JOIN frequencies f ON f.trip_id = st.trip_id
            WHERE st.stop_id IN (\(stopList)) AND st.departure_secs IS NOT NULL
              AND (:dropOffOnly OR st.drop_off_only = 0)
            """, db)
        var result: [ScheduledDeparture] = []
        while try row.step() {
            // exact_times=0: instances run "about every N minutes", so their times are estimates.
            let headwayBased = (row["exact_times"] as Int?) == 0
            let templateSecs: Int = row["departure_secs"]
            let offset = templateSecs - ((row["first_secs"] as Int?) ?? templateSecs)
            let start: Int = row["start_secs"], end: Int = row["end_secs"], headway: Int = row["headway_secs"]
            // First instance whose call here is at or after `low`.
            var instance = start + max(0, ceilDiv(low - offset - start, headway)) * headway
            while instance < end, instance + offset < high {
                if let departure = make(
                    row, departureSecs: instance + offset, startTime: GTFSValues.timeText(instance),
                    headwayBased: headwayBased)
                {
                    result.append(departure)
                }
                instance += headway
            }
        }
        return result
    }

    private func make(_ row: Statement, departureSecs: Int, startTime: String?, headwayBased: Bool) -> ScheduledDeparture? {
        let routeID: String = row["route_id"]
        let shortName: String? = row["short_name"]
        guard filter.accepts(routeID: routeID, shortName: shortName) else { return nil }
        let tripID: String = row["trip_id"], stopSequence: Int = row["stop_sequence"]
        let (original, headsign) = headsigns(row, tripID: tripID, stopSequence: stopSequence)
        let directionID: Int? = row["direction_id"]
        guard
            filter.accepts(headsign: original, directionID: directionID)
                || (headsign != original && filter.accepts(headsign: headsign, directionID: directionID))
        else { return nil }
        return ScheduledDeparture(
            tripID: tripID, routeID: routeID,
            routeLabel: GTFSTranslations.routeLabel(short: shortName, long: row["long_name"], routeID: routeID, translations),
            headsign: headsign, directionID: directionID, stopID: row["stop_id"], stopSequence: stopSequence,
            serviceDay: day, departureSecs: departureSecs, startTime: startTime, platform: row["platform_code"],
            isEstimated: row["estimated"] || headwayBased, isDropOffOnly: row["drop_off_only"],
            routeColor: GTFSValues.color(row["route_color"]), routeTextColor: GTFSValues.color(row["route_text_color"]))
    }
}

extension DayQuery {
    /// The feed's headsign (the call's, else the trip's, else its last stop's name) and the
    /// one to show, translated from the same field.
    fileprivate func headsigns(_ row: Statement, tripID: String, stopSequence: Int) -> (original: String, shown: String) {
        if let text: String = row["stop_headsign"] {
            return (text, translations.text(text, .stopHeadsign, recordID: tripID, subID: String(stopSequence)))
        }
        if let text: String = row["trip_headsign"] {
            return (text, translations.text(text, .tripHeadsign, recordID: tripID))
        }
        if let text: String = row["last_stop_name"] {
            return (text, translations.text(text, .stopName, recordID: row["last_stop_id"] ?? ""))
        }
        return ("", "")
    }
}

/// Division rounding toward positive infinity (divisor positive).
private func ceilDiv(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? (a + b - 1) / b : -((-a) / b)
}
