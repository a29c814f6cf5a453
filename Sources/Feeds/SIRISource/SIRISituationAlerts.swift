public import DeparturesCore

/// SIRI situations as the core's alerts: the ones that concern the board, and its rows
/// marked with theirs. Words become causes, effects and severities through the core
/// (`ServiceAlert.Cause(word:)` and its siblings); here is only what SIRI's structure says.
public struct SIRISituationAlerts: Sendable {
    /// What the board is, as its answer and its file tell.
    public struct Board: Sendable, Equatable {
        /// The `MonitoringRef` and the visits' stop references.
        public var stops: Set<String> = []
        /// Line codes: the visits', `line_ref` and `route_names`.
        public var lines: Set<String> = []
        public var journeys: Set<String> = []
        public var operators: Set<String> = []
        /// Line codes to what the rows call them.
        public var lineNames: [String: String] = [:]

        public init(
            stops: Set<String> = [], lines: Set<String> = [], journeys: Set<String> = [],
            operators: Set<String> = [], lineNames: [String: String] = [:]
        ) {
            self.stops = stops
            self.lines = lines
            self.journeys = journeys
            self.operators = operators
            self.lineNames = lineNames
        }

        /// The board a StopMonitoring answer shows: its visits, named as its rows name them.
        public init(monitoringRef: String, lineRef: String?, visits: [SIRIVisit], routeNames: [String: String]) {
            stops = [monitoringRef]
            lines = Set(routeNames.keys)
            if let lineRef { lines.insert(lineRef) }
            for visit in visits {
                for field in [SIRIVisit.Field.monitoringRef, .stopPointRef] { if let stop = visit[field] { stops.insert(stop) } }
                if let journey = visit.tripReference { journeys.insert(journey) }
                if let operatorRef = visit[.operatorRef] { operators.insert(operatorRef) }
                guard let line = visit.lineRef else { continue }
                lines.insert(line)
                if lineNames[line] == nil { lineNames[line] = visit.routeName(routeNames) }
            }
            for (code, name) in routeNames where lineNames[code] == nil { lineNames[code] = name }
        }
    }

    /// The alerts, and why situations that concern the board could not be read (each skipped).
    public var alerts: [ServiceAlert] = []
    public var problems: [String] = []
    /// The alert each situation read became, by its reference.
    var ids: [(reference: SIRISituation.Reference, id: String)] = []

    /// `language`: the board's (BCP 47), choosing among a situation's translations.
    public init(
        _ situations: [SIRISituation], board: Board, referenced: [SIRISituation.Reference],
        language: String?, calendar: ServiceDayCalendar
    ) {
        let current = Self.latest(situations).filter { $0.progress?.lowercased() != "closed" }
        var numbers: [String: Set<String?>] = [:]
        for situation in current { numbers[situation.reference.number, default: []].insert(situation.reference.participant) }
        for situation in current {
            let reference = situation.reference
            guard referenced.contains(where: { $0.names(reference) }) || Self.concerns(situation.affects, board) else { continue }
            // The number names it, unless two participants use the same one.
            let id =
                numbers[reference.number, default: []].count > 1
                ? "\(reference.participant ?? ""):\(reference.number)" : reference.number
            do throws(DeparturesDataError) {
                guard let alert = try Self.alert(situation, id: id, board: board, language: language, calendar: calendar) else { continue }
                alerts.append(alert)
                ids.append((reference, id))
            } catch {
                problems.append("PtSituationElement \(reference.number): \(error)")
            }
        }
    }

    /// Rows marked with their alerts: those their visit names, then those whose scopes
    /// concern them (`ServiceAlert.concerns`, the core's rule).
    func marked(_ rows: [(row: Departure, visit: SIRIVisit)], atStops stops: Set<String>) -> [Departure] {
        let trips = TripIdentity(rows.map(\.row))
        return rows.map { placed in
            var row = placed.row
            let named = Set(placed.visit.situationRefs.flatMap { reference in ids.filter { reference.names($0.reference) }.map(\.id) })
            row.alertIDs = alerts.filter { named.contains($0.id) || $0.concerns(row, atStops: stops, trips: trips) }.map(\.id)
            return row
        }
    }

    /// One situation per reference: the highest `Version`, else the first given.
    static func latest(_ situations: [SIRISituation]) -> [SIRISituation] {
        var kept: [SIRISituation] = []
        for situation in situations {
            if let index = kept.firstIndex(where: { $0.reference == situation.reference }) {
                if (situation.version ?? 0) > (kept[index].version ?? 0) { kept[index] = situation }
            } else {
                kept.append(situation)
            }
        }
        return kept
    }

    /// Whether it names one of the board's lines (anywhere, or at the board's stops), stops,
    /// journeys or operators.
    static func concerns(_ affects: SIRISituation.Affects, _ board: Board) -> Bool {
        affects.lines.contains { board.lines.contains($0.ref) && ($0.stops.isEmpty || $0.stops.contains(where: board.stops.contains)) }
            || affects.stops.contains {
                board.stops.contains($0.ref) && ($0.lines.isEmpty || $0.lines.contains(where: board.lines.contains))
            }
            || affects.journeys.contains { journey in
                journey.ref.map(board.journeys.contains) ?? journey.line.map(board.lines.contains) ?? false
            }
            || affects.operators.contains(where: board.operators.contains)
    }

    static func alert(
        _ situation: SIRISituation, id: String, board: Board, language: String?,
        calendar: ServiceDayCalendar
    ) throws(DeparturesDataError) -> ServiceAlert? {
        func pick(_ texts: [SIRISituation.Text]) -> String? {
            Translations.pick(texts.map { ($0.language, $0.text) }, for: language)
        }
        // Without a summary the description is the one line; without either there is nothing to say.
        guard let header = pick(situation.summaries) ?? pick(situation.descriptions) else { return nil }
        let description = situation.summaries.isEmpty ? pick(situation.details) : pick(situation.descriptions) ?? pick(situation.details)
        var periods: [ActivePeriod] = []
        let windows = situation.validity.isEmpty ? situation.publication : situation.validity
        for (index, window) in windows.enumerated() {
            func instant(_ text: String?, _ name: String) throws(DeparturesDataError) -> Date? {
                guard let text else { return nil }
                do {
                    return try InstantParser.parse(text, zone: calendar.zone)
                } catch {
                    let element = situation.validity.isEmpty ? "PublicationWindow" : "ValidityPeriod"
                    throw DeparturesDataError(
                        path: "\(element)[\(index)].\(name)",
                        problem: "expected a date-time such as 2026-11-23T09:30:00+11:00; got '\(text.prefix(40))'")
                }
            }
            periods.append(ActivePeriod(start: try instant(window.start, "StartTime"), end: try instant(window.end, "EndTime")))
        }
        return ServiceAlert(
            id: id, header: header, description: description == header ? nil : description,
            cause: cause(situation.reasons), effect: effect(situation.consequences),
            severity: ServiceAlert.Severity(word: situation.severity ?? situation.consequences.lazy.compactMap(\.severity).first ?? ""),
            periods: periods, scopes: scopes(situation.affects, board))
    }

    /// The first reason the core knows the word of; else what its element says of it.
    static func cause(_ reasons: [SIRISituation.Reason]) -> ServiceAlert.Cause {
        for reason in reasons {
            let cause = ServiceAlert.Cause(word: reason.word)
            if cause != .unknownCause { return cause }
        }
        // A word this version does not know, of a kind that tells enough.
        let known = reasons.first { $0.word.lowercased() != "unknown" }
        switch known?.kind {
        case "EnvironmentReason": return .weather
        case "EquipmentReason": return .technicalProblem
        case "PersonnelReason", "MiscellaneousReason": return .otherCause
        default: return .unknownCause
        }
    }

    /// The first consequence whose `Condition` the core knows; else a journey planner's
    /// block (nothing runs there) or a delay.
    static func effect(_ consequences: [SIRISituation.Consequence]) -> ServiceAlert.Effect {
        for consequence in consequences {
            let effect = consequence.condition.map(ServiceAlert.Effect.init(word:)) ?? .unknownEffect
            if effect != .unknownEffect { return effect }
        }
        if consequences.contains(where: \.blocksJourneyPlanner) { return .noService }
        if consequences.contains(where: \.hasDelay) { return .significantDelays }
        return .unknownEffect
    }

    /// Lines named as the rows name them; a line at some stops, or a stop for some lines,
    /// is a scope per pair.
    static func scopes(_ affects: SIRISituation.Affects, _ board: Board) -> [AlertScope] {
        func name(_ line: String, published: String? = nil) -> String { board.lineNames[line] ?? published ?? line }
        var scopes: [AlertScope] = []
        for line in affects.lines {
            let route = name(line.ref, published: line.publishedName)
            scopes += line.stops.isEmpty ? [AlertScope(route: route)] : line.stops.map { AlertScope(route: route, stop: $0) }
        }
        for stop in affects.stops {
            scopes += stop.lines.isEmpty ? [AlertScope(stop: stop.ref)] : stop.lines.map { AlertScope(route: name($0), stop: stop.ref) }
        }
        scopes += affects.journeys.map { AlertScope(route: $0.line.map { name($0) }, trip: $0.ref) }
        scopes += affects.operators.map { AlertScope(agency: $0) }
        var seen = Set<AlertScope>()
        return scopes.filter { seen.insert($0).inserted }
    }
}
