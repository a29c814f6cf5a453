/// Which alerts a board shows and in which order, and the scope rule (`concerns`) by which an
/// alert takes in a row. `marked` marks the rows of `api` and `file` answers; GTFS-Realtime
/// (`ServiceAlertReading`, by informed entity), SIRI (`SIRISituationAlerts`) and OneBusAway
/// (`OneBusAwaySituations`: the ids a row names, then this scope rule) mark their own rows.
extension ServiceAlert {
    /// In force at `instant`: no periods (in force while published), or one containing it.
    public func isActive(at instant: Date) -> Bool {
        ActivePeriod.inForce(periods, at: instant)
    }

    /// Every period has ended by `instant` (an alert without periods never ends).
    public func isOver(at instant: Date) -> Bool {
        !periods.isEmpty && periods.allSatisfy { $0.end.map { $0 <= instant } ?? false }
    }

    /// The alert with only the period in force at `instant`, else the next to come (else the
    /// last): what a writer of one `active_from`/`active_until` pair should say.
    public func inForce(at instant: Date) -> ServiceAlert {
        guard periods.count > 1 else { return self }
        var copy = self
        let chosen =
            periods.first { $0.contains(instant) }
            ?? periods.filter { ($0.start ?? instant) > instant }.min { ($0.start ?? instant) < ($1.start ?? instant) }
            ?? periods[periods.count - 1]
        copy.periods = [chosen]
        return copy
    }

    /// Whether it concerns a departure at one of `stopIDs`, by its scopes alone (for
    /// sources that do not match alerts to rows themselves). A scope naming only a route
    /// type, or a direction without a route, cannot be told from a departure: it is not matched.
    /// A trip scope concerns only a row whose id names one trip of its answer (`trips`).
    public func concerns(_ departure: Departure, atStops stopIDs: Set<String>, trips: TripIdentity) -> Bool {
        scopes.contains { scope in
            guard
                scope.route != nil || scope.trip != nil || scope.stop != nil
                    || (scope.agency != nil && scope.routeType == nil && scope.direction == nil)
            else { return false }
            if let route = scope.route, route != departure.routeShortName { return false }
            if let trip = scope.trip, trip != departure.tripID || !trips.identifies(trip) { return false }
            if let stop = scope.stop, !stopIDs.contains(stop) { return false }
            return true
        }
    }

    /// Severest first; among equals, the effect that stops riders most, then by text.
    public static func boardOrder(_ lhs: ServiceAlert, _ rhs: ServiceAlert) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        if lhs.effect.weight != rhs.effect.weight { return lhs.effect.weight > rhs.effect.weight }
        if lhs.header != rhs.header { return lhs.header < rhs.header }
        return lhs.id < rhs.id
    }
}

extension ActivePeriod {
    /// No periods: in force while published; otherwise while one of them contains `instant`.
    public static func inForce(_ periods: [ActivePeriod], at instant: Date) -> Bool {
        periods.isEmpty || periods.contains { $0.contains(instant) }
    }
}

public enum AlertRules {
    /// Rows marked with the alerts that concern them. An answer whose rows already name
    /// their alerts (`alert_ids`) is taken at its word; otherwise each alert's scopes decide.
    public static func marked(_ departures: [Departure], with alerts: [ServiceAlert], atStops stopIDs: Set<String>) -> [Departure] {
        guard !alerts.isEmpty, !departures.contains(where: { !$0.alertIDs.isEmpty }) else { return departures }
        let trips = TripIdentity(departures)
        return departures.map { departure in
            var departure = departure
            departure.alertIDs = alerts.filter { $0.concerns(departure, atStops: stopIDs, trips: trips) }.map(\.id)
            return departure
        }
    }

    /// The alerts a board shows at `now` from its sources' lists: in force, each id once
    /// (the first source's), severest first.
    public static func shown(_ lists: [[ServiceAlert]], at now: Date) -> [ServiceAlert] {
        var seen = Set<String>()
        var shown: [ServiceAlert] = []
        for alert in lists.joined() where alert.isActive(at: now) && seen.insert(alert.id).inserted {
            shown.append(alert)
        }
        return shown.sorted(by: ServiceAlert.boardOrder)
    }
}
