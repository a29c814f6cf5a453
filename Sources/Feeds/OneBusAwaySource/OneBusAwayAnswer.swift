public import DeparturesCore

/// The answer of OneBusAway's `arrivals-and-departures-for-stop` (JSON, API version 2): the
/// envelope (`code`, `text`, `data`), the stop's `arrivalsAndDepartures` and the routes in
/// `references`. Times are epoch milliseconds; a prediction of 0 means none.
public enum OneBusAwayAnswer {
    public enum Problem: Error, Equatable {
        /// The server's own error: the envelope's `code` is not 200 (whatever the HTTP status).
        case server(code: Int, text: String)
        /// The answer breaks the documented shape.
        case data(DeparturesDataError)
    }

    /// Rows for the board, times in service-day seconds of `calendar`'s zone.
    public static func departures(_ bytes: [UInt8], calendar: ServiceDayCalendar) throws(Problem) -> [Departure] {
        try answer(bytes, calendar: calendar).departures
    }

    /// The rows, marked with the situations that concern them, and those situations
    /// (`references.situations`, as `OneBusAwaySituations` reads them). `stopID`: the board's.
    public static func answer(_ bytes: [UInt8], calendar: ServiceDayCalendar, stopID: String? = nil) throws(Problem) -> SourceAnswer {
        try reading(bytes, calendar: calendar, stopID: stopID).answer
    }

    /// The answer, and the arrivals left out of it (each alone, `RowReading`), for the log.
    public static func reading(
        _ bytes: [UInt8], calendar: ServiceDayCalendar, stopID: String? = nil
    ) throws(Problem) -> (answer: SourceAnswer, leftOut: [String]) {
        let envelope: Envelope
        do {
            envelope = try DeparturesDecoder.decodeJSON(Envelope.self, from: bytes, what: "OneBusAway JSON")
        } catch {
            throw .data(error)
        }
        guard envelope.code == 200 else { throw .server(code: envelope.code, text: envelope.text ?? "no text") }
        guard let entry = envelope.data?.entry else { throw .data(DeparturesDataError(path: "data.entry", problem: "missing")) }
        let routes = Dictionary((envelope.data?.references?.routes ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var reading = RowReading<(row: Departure, visit: Visit)>()
        for (index, visit) in entry.arrivalsAndDepartures.enumerated() {
            reading.read(index) { () throws(DeparturesDataError) in
                try departure(visit, route: routes[visit.routeId], calendar: calendar, path: "data.entry.arrivalsAndDepartures[\(index)]")
                    .map { ($0, visit) }
            }
        }
        let rows: [(row: Departure, visit: Visit)]
        do {
            rows = try reading.readRows()
        } catch {
            throw .data(error)
        }
        let situations = OneBusAwaySituations(
            (envelope.data?.references?.situations ?? []).compactMap(\.value), rows: rows, routes: routes,
            stopIDs: Set([stopID, entry.stopId].compactMap { $0 }), stopSituations: entry.situationIds?.value ?? [])
        return (SourceAnswer(departures: situations.marked(rows), alerts: situations.alerts), reading.leftOutReport)
    }

    /// One visit as a row: the departure time where the stop has one, else (the trip's last
    /// stop) the arrival, shown as an arrival. A visit with no time at all is skipped; one
    /// that breaks the shape is this row's problem (`RowReading`).
    static func departure(
        _ visit: Visit, route: Route?, calendar: ServiceDayCalendar, path: String
    ) throws(DeparturesDataError) -> Departure? {
        let departs = visit.departureEnabled ?? true
        let scheduled = nonZero(departs ? visit.scheduledDepartureTime : visit.scheduledArrivalTime)
        let predicted = (visit.predicted ?? true) ? nonZero(departs ? visit.predictedDepartureTime : visit.predictedArrivalTime) : nil
        guard let best = predicted ?? scheduled else { return nil }
        // Checked before any arithmetic on them: within range, their differences cannot overflow.
        for (name, value) in [("scheduled", scheduled), ("predicted", predicted)] {
            guard let value, OutsideNumber.instant(epochMilliseconds: value) == nil else { continue }
            let key = name + (departs ? "DepartureTime" : "ArrivalTime")
            throw DeparturesDataError(path: path + "." + key, problem: "\(value) ms is \(OutsideNumber.instantRangeText)")
        }
        let name = [visit.routeShortName, route?.shortName, visit.routeLongName, route?.longName]
            .compactMap { $0 }.first { !$0.isEmpty }
        guard let name else {
            throw DeparturesDataError(path: path + ".routeShortName", problem: "no route name, here or in references.routes")
        }
        // Both times count on the scheduled time's service day: a 23:58 trip expected at 00:02
        // is 86,520 s of that day, not 120 s of the next (which would put it a day early).
        let scheduledSeconds = calendar.secondsFromStart(of: instant(scheduled ?? best))
        let bestSeconds = calendar.liveSecondsFromStart(
            Int((best - (scheduled ?? best)) / 1000), after: scheduledSeconds, live: instant(best))
        let status = [visit.status, visit.tripStatus?.status].compactMap { $0?.uppercased() }
        // A frequency-based trip's scheduled times are "now plus the headway" (the API's own
        // words): there is no timetable to be late against, so no delay.
        let frequencyBased = visit.frequency != nil
        return Departure(
            // A placeholder is no id: one of the route and time, never another stop's trip.
            tripID: TripIdentity.given(visit.tripId) ?? "\(name) \(scheduledSeconds)", routeShortName: name,
            headsign: visit.tripHeadsign ?? "",
            scheduledTimeSecs: frequencyBased ? bestSeconds : scheduledSeconds, realtimeTimeSecs: bestSeconds,
            delaySeconds: frequencyBased ? 0 : scheduled.map { Int((best - $0) / 1000) } ?? 0, isRealtime: predicted != nil,
            platform: [visit.actualTrack, visit.scheduledTrack].compactMap { $0 }.first { !$0.isEmpty },
            isCancelled: status.contains("CANCELED") || status.contains("CANCELLED"),
            // A frequency-based trip's "scheduled" time is an estimate from the headway.
            isEstimated: predicted == nil && visit.frequency != nil,
            isDropOffOnly: !departs,
            routeColor: route?.color.flatMap { $0.isEmpty ? nil : $0 }, routeTextColor: route?.textColor.flatMap { $0.isEmpty ? nil : $0 },
            // The live prediction first, then the vehicle's reported status, then history.
            occupancy: [visit.predictedOccupancy, visit.occupancyStatus, visit.historicalOccupancy]
                .lazy.compactMap { $0.flatMap(Occupancy.init(word:)) }.first)
    }

    private static func nonZero(_ milliseconds: Int64?) -> Int64? {
        milliseconds.flatMap { $0 > 0 ? $0 : nil }
    }

    private static func instant(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    struct Envelope: Decodable {
        var code: Int
        var text: String?
        var data: Body?
    }

    struct Body: Decodable {
        var entry: Entry?
        var references: References?
    }

    struct Entry: Decodable {
        var stopId: String?
        var arrivalsAndDepartures: [Visit]
        /// The stop's own situations.
        var situationIds: Lenient<[String]>?
    }

    struct References: Decodable {
        var routes: [Route]?
        var situations: [Lenient<Situation>]?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            routes = try container.decodeIfPresent([Route].self, forKey: .routes)
            // Situations are extra: a shape this reader does not expect never costs the rows.
            situations = try? container.decodeIfPresent([Lenient<Situation>].self, forKey: .situations)
        }

        enum CodingKeys: String, CodingKey { case routes, situations }
    }

    struct Route: Decodable {
        var id: String
        var shortName: String?
        var longName: String?
        var color: String?
        var textColor: String?
    }

    struct Visit: Decodable {
        var routeId: String
        var tripId: String
        var routeShortName: String?
        var routeLongName: String?
        var tripHeadsign: String?
        var arrivalEnabled: Bool?
        var departureEnabled: Bool?
        var scheduledArrivalTime: Int64?
        var scheduledDepartureTime: Int64?
        var predicted: Bool?
        var predictedArrivalTime: Int64?
        var predictedDepartureTime: Int64?
        var frequency: Frequency?
        var status: String?
        var tripStatus: TripStatus?
        var actualTrack: String?
        var scheduledTrack: String?
        /// GTFS-Realtime's level names (`MANY_SEATS_AVAILABLE`); empty when unknown.
        var occupancyStatus: String?
        var predictedOccupancy: String?
        var historicalOccupancy: String?
        var situationIds: Lenient<[String]>?
    }

    struct Frequency: Decodable {
        var headwaySecs: Int?
    }

    struct TripStatus: Decodable {
        var status: String?
    }
}
