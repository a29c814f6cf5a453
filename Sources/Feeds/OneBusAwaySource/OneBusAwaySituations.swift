import DeparturesCore

/// OneBusAway's situations (`references.situations`, named by `situationIds` on the stop and
/// on each arrival) as the core's alerts. Its words are SIRI's or GTFS-Realtime's, which the
/// core reads (`ServiceAlert.Cause(word:)` and its siblings).
struct OneBusAwaySituations {
    var alerts: [ServiceAlert] = []
    private let stopIDs: Set<String>

    /// The situations that concern the board: named by the stop or an arrival, or about one of
    /// its stops, routes or trips. Routes are named as the rows name them.
    init(
        _ situations: [OneBusAwayAnswer.Situation], rows: [(row: Departure, visit: OneBusAwayAnswer.Visit)],
        routes: [String: OneBusAwayAnswer.Route], stopIDs: Set<String>, stopSituations: [String]
    ) {
        self.stopIDs = stopIDs
        var names: [String: String] = [:]
        for placed in rows where names[placed.visit.routeId] == nil { names[placed.visit.routeId] = placed.row.routeShortName }
        func name(_ routeID: String) -> String {
            names[routeID] ?? routes[routeID].flatMap { [$0.shortName, $0.longName].compactMap { $0 }.first { !$0.isEmpty } } ?? routeID
        }
        let named = Set(stopSituations + rows.flatMap { $0.visit.situationIds?.value ?? [] })
        rowSituations = rows.map { Set($0.visit.situationIds?.value ?? []) }
        let identity = TripIdentity(rows.map(\.row))
        let trips = Set(rows.map(\.visit.tripId).filter(identity.identifies)), routeIDs = Set(rows.map(\.visit.routeId))
        var seen = Set<String>()
        for situation in situations where !situation.id.isEmpty && seen.insert(situation.id).inserted {
            let affects = situation.allAffects ?? []
            let concerns =
                named.contains(situation.id)
                || affects.contains { affect in
                    [affect.stopId.map(stopIDs.contains), affect.routeId.map(routeIDs.contains), affect.tripId.map(trips.contains)]
                        .contains(true)
                }
            guard concerns, let alert = Self.alert(situation, name: name) else { continue }
            alerts.append(alert)
        }
    }

    /// Each row's own `situationIds`, in row order.
    private let rowSituations: [Set<String>]

    /// Rows marked with the situations they name, and those whose scopes concern them.
    func marked(_ rows: [(row: Departure, visit: OneBusAwayAnswer.Visit)]) -> [Departure] {
        let trips = TripIdentity(rows.map(\.row))
        return zip(rows, rowSituations).map { placed, named in
            var row = placed.row
            row.alertIDs = alerts.filter { named.contains($0.id) || $0.concerns(row, atStops: stopIDs, trips: trips) }.map(\.id)
            return row
        }
    }

    static func alert(_ situation: OneBusAwayAnswer.Situation, name: (String) -> String) -> ServiceAlert? {
        let summary = situation.summary?.value.flatMap { $0.isEmpty ? nil : $0 }
        let description = situation.description?.value.flatMap { $0.isEmpty ? nil : $0 }
        guard let header = summary ?? description else { return nil }
        let windows = (situation.activeWindows ?? []).isEmpty ? situation.publicationWindows ?? [] : situation.activeWindows ?? []
        // Epoch milliseconds; 0 is an open end, and one past 2200 stays there (no huge instant).
        func instant(_ milliseconds: Int64?) -> Date? {
            milliseconds.flatMap {
                $0 > 0
                    ? OutsideNumber.instant(epochMilliseconds: $0) ?? Date(timeIntervalSince1970: OutsideNumber.epochSeconds.upperBound)
                    : nil
            }
        }
        let scopes = (situation.allAffects ?? []).compactMap { affect -> AlertScope? in
            func given(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
            let scope = AlertScope(
                agency: given(affect.agencyId), route: given(affect.routeId).map(name),
                direction: given(affect.directionId).flatMap { Int($0) },
                stop: given(affect.stopId), trip: given(affect.tripId))
            return scope == AlertScope() ? nil : scope
        }
        return ServiceAlert(
            id: situation.id, header: header, description: summary == nil || description == header ? nil : description,
            cause: ServiceAlert.Cause(word: situation.reason ?? ""), effect: effect(situation.consequences ?? []),
            severity: ServiceAlert.Severity(word: situation.severity ?? ""),
            periods: windows.map { ActivePeriod(start: instant($0.from), end: instant($0.to)) }
                .filter { $0.start != nil || $0.end != nil },
            scopes: scopes)
    }

    /// The first consequence's condition the core knows; a diversion path alone is a detour.
    static func effect(_ consequences: [OneBusAwayAnswer.Consequence]) -> ServiceAlert.Effect {
        for consequence in consequences {
            let effect = ServiceAlert.Effect(word: consequence.condition ?? "")
            if effect != .unknownEffect { return effect }
        }
        return consequences.contains { $0.conditionDetails?.diversionPath != nil } ? .detour : .unknownEffect
    }
}

extension OneBusAwayAnswer {
    /// A part of the answer read if it can be, nil otherwise.
    struct Lenient<Value: Decodable>: Decodable {
        var value: Value?

        init(from decoder: any Decoder) throws {
            value = try? Value(from: decoder)
        }
    }

    struct Situation: Decodable {
        var id: String
        var summary: Text?
        var description: Text?
        var reason: String?
        var severity: String?
        var activeWindows: [Window]?
        var publicationWindows: [Window]?
        var allAffects: [Affects]?
        var consequences: [Consequence]?
    }

    struct Text: Decodable {
        var value: String?
        var lang: String?
    }

    struct Window: Decodable {
        var from: Int64?
        var to: Int64?
    }

    struct Affects: Decodable {
        var agencyId: String?
        var routeId: String?
        var directionId: String?
        var stopId: String?
        var tripId: String?
    }

    struct Consequence: Decodable {
        var condition: String?
        var conditionDetails: ConditionDetails?
    }

    struct ConditionDetails: Decodable {
        var diversionPath: Lenient<DiversionPath>?
        var diversionStopIds: [String]?
    }

    /// An encoded polyline; only its presence is read.
    struct DiversionPath: Decodable {
        var points: String?
    }
}
