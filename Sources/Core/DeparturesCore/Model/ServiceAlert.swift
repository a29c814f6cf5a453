/// A disruption as every source tells it: GTFS-Realtime's Alert, SIRI's situation and the
/// departures API's `alerts` all become this. Causes, effects and severities are
/// GTFS-Realtime's enumerations, in the lower-case words the API and the board state use.
public struct ServiceAlert: Hashable, Sendable {
    public var id: String
    /// One line for the board: what happened.
    public var header: String
    /// The longer text, where the source has one.
    public var description: String?
    public var cause: Cause
    public var effect: Effect
    public var severity: Severity
    /// When it is in force; none: while the source publishes it.
    public var periods: [ActivePeriod]
    /// What it concerns, each scope read as GTFS-Realtime's `EntitySelector`: every field
    /// given must match. Routes are named as the rows name them (`route_short_name`).
    public var scopes: [AlertScope]

    public init(
        id: String, header: String, description: String? = nil, cause: Cause = .unknownCause,
        effect: Effect = .unknownEffect, severity: Severity = .unknown,
        periods: [ActivePeriod] = [], scopes: [AlertScope] = []
    ) {
        self.id = id
        self.header = header
        self.description = description
        self.cause = cause
        self.effect = effect
        self.severity = severity
        self.periods = periods
        self.scopes = scopes
    }

    public enum Cause: String, Sendable, Hashable, CaseIterable {
        case unknownCause = "unknown_cause", otherCause = "other_cause", technicalProblem = "technical_problem"
        case strike, demonstration, accident, holiday, weather, maintenance, construction
        case policeActivity = "police_activity", medicalEmergency = "medical_emergency"

        /// A source's word in any spelling (`TECHNICAL_PROBLEM`, `technicalProblem`), or a
        /// SIRI reason (`roadworks`, `signalFailure`: `SIRIWords`); unknown otherwise.
        public init(word: String) {
            let key = Words.key(word)
            self = Self.allCases.first { Words.key($0.rawValue) == key } ?? SIRIWords.causes[key] ?? .unknownCause
        }
    }

    public enum Effect: String, Sendable, Hashable, CaseIterable {
        case noService = "no_service", reducedService = "reduced_service"
        case significantDelays = "significant_delays", detour
        case additionalService = "additional_service", modifiedService = "modified_service"
        case otherEffect = "other_effect", unknownEffect = "unknown_effect"
        case stopMoved = "stop_moved", noEffect = "no_effect", accessibilityIssue = "accessibility_issue"

        /// GTFS-Realtime's words, or a SIRI `Condition` (`cancelled`, `diverted`: `SIRIWords`).
        public init(word: String) {
            let key = Words.key(word)
            self = Self.allCases.first { Words.key($0.rawValue) == key } ?? SIRIWords.effects[key] ?? .unknownEffect
        }

        /// `no service`, `stop moved`: the word with spaces, for people.
        public var words: String { String(rawValue.map { $0 == "_" ? " " : $0 }) }

        /// Effects that change whether or where a rider can board: told in words, not only marked.
        public var isToldAsText: Bool {
            self == .noService || self == .reducedService || self == .detour || self == .stopMoved
        }

        /// Higher first among alerts of one severity: no service before a moved stop.
        var weight: Int {
            switch self {
            case .noService: return 6
            case .reducedService: return 5
            case .stopMoved: return 4
            case .detour: return 3
            case .significantDelays: return 2
            case .modifiedService, .accessibilityIssue: return 1
            default: return 0
            }
        }
    }

    /// GTFS-Realtime's `severity_level`, in order.
    public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
        case unknown, info, warning, severe

        /// GTFS-Realtime's words, and SIRI's `Severity` (`slight`, `normal`, `verySevere`…).
        public init(word: String) {
            switch Words.key(word) {
            case "info", "noimpact", "veryslight", "slight": self = .info
            case "warning", "normal": self = .warning
            case "severe", "verysevere": self = .severe
            default: self = .unknown
            }
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }
}

/// A time range an alert is in force: start ≤ t < end; a missing end is open.
public struct ActivePeriod: Hashable, Sendable {
    public var start: Date?
    public var end: Date?

    public init(start: Date? = nil, end: Date? = nil) {
        self.start = start
        self.end = end
    }

    public func contains(_ instant: Date) -> Bool {
        (start.map { $0 <= instant } ?? true) && (end.map { instant < $0 } ?? true)
    }
}

/// What an alert concerns, as GTFS-Realtime's `EntitySelector`.
public struct AlertScope: Hashable, Sendable {
    public var agency: String?
    /// The route as rows name it (`route_short_name`).
    public var route: String?
    public var routeType: Int?
    public var direction: Int?
    public var stop: String?
    public var trip: String?

    public init(
        agency: String? = nil, route: String? = nil, routeType: Int? = nil, direction: Int? = nil,
        stop: String? = nil, trip: String? = nil
    ) {
        self.agency = agency
        self.route = route
        self.routeType = routeType
        self.direction = direction
        self.stop = stop
        self.trip = trip
    }

    /// `route 24 at stop 2000`, `trip T1`, `agency TfNSW`: the status page's words.
    public var words: String {
        var parts: [String] = []
        if let agency { parts.append("agency \(agency)") }
        if let routeType { parts.append("route type \(routeType)") }
        if let route { parts.append("route \(route)") }
        if let direction { parts.append("direction \(direction)") }
        if let trip { parts.append("trip \(trip)") }
        if let stop { parts.append(parts.isEmpty ? "stop \(stop)" : "at stop \(stop)") }
        return parts.joined(separator: " ")
    }
}

/// The spelling of a word without case, `_`, `-` and spaces, so every standard's form matches.
enum Words {
    static func key(_ word: String) -> String {
        String(String.UnicodeScalarView(word.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) }))
    }
}
