public import DeparturesCore
import GTFSSchedule

/// The board's alerts from GTFS-Realtime feeds, each row marked with those that concern it.
public struct BoardAlerts: Sendable {
    /// In feed order, each id once; the core decides which are in force at a given moment.
    public var alerts: [ServiceAlert]
    /// Each alert's selectors that concern the board, by alert id.
    var selectors: [String: [AlertSelector]]
    var routes: [String: GTFSStore.RouteFacts]

    public init() {
        self.init(alerts: [], selectors: [:], routes: [:])
    }

    init(alerts: [ServiceAlert], selectors: [String: [AlertSelector]], routes: [String: GTFSStore.RouteFacts]) {
        self.alerts = alerts
        self.selectors = selectors
        self.routes = routes
    }

    /// The ids of the alerts that concern `row`, matched by GTFS ids.
    public func ids(for row: RowIdentity) -> [String] {
        alerts.compactMap { alert in
            (selectors[alert.id] ?? []).contains { $0.matches(row, routes: routes) } ? alert.id : nil
        }
    }

    /// `departures` (each with its `identities` entry, in order) with their alerts named.
    public func marked(_ departures: [Departure], identities: [RowIdentity]) -> [Departure] {
        guard !alerts.isEmpty else { return departures }
        return zip(departures, identities).map { departure, identity in
            var departure = departure
            departure.alertIDs = ids(for: identity)
            return departure
        }
    }
}

/// GTFS-Realtime `Alert` entities as the core's `ServiceAlert`: texts in the board's
/// language, cause, effect and severity in the core's words, active periods, and the
/// informed entities that concern the board as scopes.
///
/// Every alert that concerns the board is kept, whether in force now or not: the core
/// checks periods each frame. Alerts without an id or any text are passed over (the
/// reference requires both); nothing in a feed stops the others from being read.
public enum ServiceAlertReading {
    public static func read(_ feeds: [TransitRealtime_FeedMessage], language: String?, board: AlertBoard) -> BoardAlerts {
        var alerts: [ServiceAlert] = []
        var selectors: [String: [AlertSelector]] = [:]
        for feed in feeds {
            for entity in feed.entity where entity.hasAlert && !entity.isDeleted && !entity.id.isEmpty && selectors[entity.id] == nil {
                let source = entity.alert
                let concerning = source.informedEntity.compactMap(AlertSelector.init).filter { $0.concerns(board) }
                guard !concerning.isEmpty,
                    let alert = serviceAlert(
                        entity.id, source, language: language, board: board,
                        selectors: concerning)
                else { continue }
                selectors[entity.id] = concerning
                alerts.append(alert)
            }
        }
        return BoardAlerts(alerts: alerts, selectors: selectors, routes: board.routes)
    }

    static func serviceAlert(
        _ id: String, _ source: TransitRealtime_Alert, language: String?, board: AlertBoard,
        selectors: [AlertSelector]
    ) -> ServiceAlert? {
        let description = text(source.descriptionText, language: language)
        guard let header = text(source.headerText, language: language) ?? description else { return nil }
        var scopes: [AlertScope] = []
        for scope in selectors.flatMap({ $0.scopes(on: board) }) where !scopes.contains(scope) { scopes.append(scope) }
        return ServiceAlert(
            id: id, header: header, description: description == header ? nil : description,
            cause: cause(source), effect: effect(source), severity: severity(source),
            periods: source.activePeriod.map(period), scopes: scopes)
    }

    /// The translation for `language` (a BCP 47 tag), by the core's rule (`Translations`).
    public static func text(_ text: TransitRealtime_TranslatedString, language: String?) -> String? {
        Translations.pick(text.translation.map { ($0.hasLanguage ? $0.language : nil, $0.text) }, for: language)
    }

    /// POSIX seconds past year 9999 (or a start of 0) are read as no bound: no feed means them,
    /// and the board's clock text cannot write them.
    static func period(_ range: TransitRealtime_TimeRange) -> ActivePeriod {
        func instant(_ has: Bool, _ seconds: UInt64) -> Date? {
            has && seconds > 0 && seconds <= latestSeconds ? Date(timeIntervalSince1970: Double(seconds)) : nil
        }
        return ActivePeriod(start: instant(range.hasStart, range.start), end: instant(range.hasEnd, range.end))
    }

    /// 9999-12-31T23:59:59Z.
    static let latestSeconds: UInt64 = 253_402_300_799

    static func cause(_ alert: TransitRealtime_Alert) -> ServiceAlert.Cause {
        switch alert.cause {
        case .unknownCause: .unknownCause
        case .otherCause: .otherCause
        case .technicalProblem: .technicalProblem
        case .strike: .strike
        case .demonstration: .demonstration
        case .accident: .accident
        case .holiday: .holiday
        case .weather: .weather
        case .maintenance: .maintenance
        case .construction: .construction
        case .policeActivity: .policeActivity
        case .medicalEmergency: .medicalEmergency
        }
    }

    static func effect(_ alert: TransitRealtime_Alert) -> ServiceAlert.Effect {
        switch alert.effect {
        case .noService: .noService
        case .reducedService: .reducedService
        case .significantDelays: .significantDelays
        case .detour: .detour
        case .additionalService: .additionalService
        case .modifiedService: .modifiedService
        case .otherEffect: .otherEffect
        case .unknownEffect: .unknownEffect
        case .stopMoved: .stopMoved
        case .noEffect: .noEffect
        case .accessibilityIssue: .accessibilityIssue
        }
    }

    /// Absent is unknown, as the reference's default says.
    static func severity(_ alert: TransitRealtime_Alert) -> ServiceAlert.Severity {
        switch alert.severityLevel {
        case .unknownSeverity: .unknown
        case .info: .info
        case .warning: .warning
        case .severe: .severe
        }
    }
}
