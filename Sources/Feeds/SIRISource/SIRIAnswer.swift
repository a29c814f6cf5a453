public import DeparturesCore
import FeedKit

/// A SIRI StopMonitoring answer, in XML (SIRI 1.x or 2.x) or SIRI Lite JSON, told apart by
/// its first byte whatever the Content-Type says; its visits become rows of the board's zone.
public enum SIRIAnswer {
    public enum Problem: Error, Equatable {
        /// The server's `ErrorCondition`, in its words.
        case server(String)
        /// The answer is no StopMonitoring answer, or one refused unread (a DTD, too deep).
        case data(DeparturesDataError)
    }

    /// What one answer holds, from either format.
    struct Delivery {
        var visits: [SIRIVisit] = []
        /// The first `ErrorCondition` of a `ServiceDelivery` or `StopMonitoringDelivery`, or a SOAP fault.
        var error: Condition?
        /// A `StopMonitoringDelivery` was there, perhaps with no visit (none due).
        var hasDelivery = false
        /// The situations of a `SituationExchangeDelivery`, in a StopMonitoring answer or its own.
        var situations: [SIRISituation] = []
        var hasSituationDelivery = false

        /// An error's kind (`NoInfoForTopicError`) and what to say of it.
        struct Condition: Equatable {
            var kind: String?
            var message: String

            /// `OtherError: unknown stop`: the condition's kind and its words.
            init(kind: String?, text: String?, description: String?) {
                self.kind = kind
                let words = text ?? description ?? "no ErrorText"
                message = kind.map { "\($0): \(words)" } ?? words
            }
        }
    }

    /// Conditions that leave the answer standing: the server has nothing for a valid request
    /// (none due), or ignored a parameter and answered anyway.
    static let harmlessConditions: Set<String> = ["NoInfoForTopicError", "ParametersIgnoredError"]

    /// The visits, or the server's error.
    public static func visits(_ bytes: [UInt8]) throws(Problem) -> [SIRIVisit] {
        try read(bytes).visits
    }

    /// The visits and the situations the answer carries, or the server's error.
    static func read(_ bytes: [UInt8]) throws(Problem) -> Delivery {
        let delivery = try delivery(bytes)
        if let error = delivery.error {
            guard let kind = error.kind, harmlessConditions.contains(kind) else { throw .server(error.message) }
            if kind == "NoInfoForTopicError" { return delivery }
        }
        guard delivery.hasDelivery else {
            throw .data(DeparturesDataError(path: "", problem: "no StopMonitoringDelivery: not a SIRI StopMonitoring answer"))
        }
        return delivery
    }

    /// Either format, read whole; what it means is the caller's to judge.
    static func delivery(_ bytes: [UInt8]) throws(Problem) -> Delivery {
        // A UTF-8 byte order mark and blanks may come first.
        let start = AnswerStart.index(in: bytes)
        switch bytes.indices.contains(start) ? bytes[start] : 0 {
        case UInt8(ascii: "<"): return try SIRIXML.read(bytes[start...])
        case UInt8(ascii: "{"): return try SIRILiteJSON.read(Array(bytes[start...]))
        default: throw .data(DeparturesDataError(path: "", problem: "neither XML nor SIRI Lite JSON (it starts with neither '<' nor '{')"))
        }
    }

    /// Rows for the board, times in service-day seconds of `calendar`'s zone; `routeNames`
    /// maps line codes (`LineRef`) to what riders call the lines.
    public static func departures(
        _ bytes: [UInt8], calendar: ServiceDayCalendar,
        routeNames: [String: String] = [:]
    ) throws(Problem) -> [Departure] {
        try rows(visits(bytes), calendar: calendar, routeNames: routeNames)
    }

    /// The rows of visits already read.
    public static func rows(
        _ visits: [SIRIVisit], calendar: ServiceDayCalendar,
        routeNames: [String: String]
    ) throws(Problem) -> [Departure] {
        try placedRows(visits, calendar: calendar, routeNames: routeNames).rows.map(\.row)
    }

    /// Each row with the visit it came from (visits without a time give none); a visit that
    /// cannot be read is left out alone (`RowReading`), and said in `leftOut`.
    static func placedRows(
        _ visits: [SIRIVisit], calendar: ServiceDayCalendar,
        routeNames: [String: String]
    ) throws(Problem) -> (rows: [(row: Departure, visit: SIRIVisit)], leftOut: [String]) {
        var reading = RowReading<(row: Departure, visit: SIRIVisit)>()
        for (index, visit) in visits.enumerated() {
            reading.read(index) { () throws(DeparturesDataError) in
                try departure(visit, routeNames: routeNames, calendar: calendar, path: "MonitoredStopVisit[\(index)]").map { ($0, visit) }
            }
        }
        do {
            return (try reading.readRows(), reading.leftOutReport)
        } catch {
            throw .data(error)
        }
    }

    /// A visit as a row: its departure, or at a call with arrival times only, its arrival. That
    /// is an arrival (no boarding) at the journey's last stop or where `DepartureBoardingActivity`
    /// is `noBoarding`; elsewhere riders board at it. Live when an expected or actual time is
    /// known and the journey is not `Monitored: false`. A visit with no time at all is skipped.
    static func departure(
        _ visit: SIRIVisit, routeNames: [String: String], calendar: ServiceDayCalendar,
        path: String
    ) throws(DeparturesDataError) -> Departure? {
        func instant(_ field: SIRIVisit.Field) throws(DeparturesDataError) -> Date? {
            guard let text = visit[field] else { return nil }
            do {
                return try InstantParser.parse(text, zone: calendar.zone)
            } catch {
                throw DeparturesDataError(
                    path: path + "." + field.rawValue.replacing("/", with: "."),
                    problem: "expected a date-time such as 2026-11-23T09:30:00+11:00; got '\(text.prefix(40))'")
            }
        }
        let departs = [.aimedDepartureTime, .expectedDepartureTime, .actualDepartureTime].contains { visit[$0] != nil }
        let expected = try instant(departs ? .expectedDepartureTime : .expectedArrivalTime)
        let actual = try instant(departs ? .actualDepartureTime : .actualArrivalTime)
        let aimed = try instant(departs ? .aimedDepartureTime : .aimedArrivalTime)
        let live = expected ?? actual
        guard let best = live ?? aimed else { return nil }
        guard let route = visit.routeName(routeNames), !route.isEmpty else {
            throw DeparturesDataError(path: path + ".MonitoredVehicleJourney", problem: "no PublishedLineName or LineRef")
        }
        let delay = aimed.map { Int(best.timeIntervalSince($0).rounded()) } ?? 0
        let scheduledSeconds = calendar.secondsFromStart(of: aimed ?? best)
        let liveSeconds = calendar.liveSecondsFromStart(delay, after: scheduledSeconds, live: best)
        let statuses = [visit[.departureStatus], visit[.arrivalStatus]].compactMap { $0?.lowercased() }
        return Departure(
            tripID: visit.tripReference ?? syntheticTrip(visit, route: route, seconds: scheduledSeconds),
            routeShortName: route,
            headsign: visit[.destinationName] ?? visit[.destinationDisplay] ?? visit[.directionName] ?? "",
            scheduledTimeSecs: scheduledSeconds, realtimeTimeSecs: liveSeconds, delaySeconds: delay,
            isRealtime: live != nil && visit[.monitored]?.lowercased() != "false",
            platform: visit[.departurePlatformName] ?? visit[.arrivalPlatformName],
            isCancelled: statuses.contains("cancelled"),
            isDropOffOnly: visit[.departureBoardingActivity]?.lowercased() == "noboarding" || !departs && visit.endsHere,
            occupancy: visit.occupancy.flatMap(Occupancy.init(word:)))
    }

    /// For a server that names no journey: unique per stop, line and time, so two stops of
    /// one server never share it (the board keeps one row per trip of a feed).
    static func syntheticTrip(_ visit: SIRIVisit, route: String, seconds: Int) -> String {
        "siri-visit:\(visit[.monitoringRef] ?? ""):\(visit.lineRef ?? route):\(seconds)"
    }
}
