/// Where departures come from: any of the seven source kinds (the departures API, a file, the
/// demo timetable, GTFS with GTFS-Realtime, SIRI, OneBusAway, a mapped JSON API).
/// The view model sees only this protocol; nothing above it knows about HTTP.
public protocol DeparturesRepository: Sendable {
    func departures() async throws(DeparturesError) -> [Departure]
    /// The departures with the alerts that concern the board (rows naming theirs in
    /// `alertIDs`). Sources without alerts need not write it.
    func answer() async throws(DeparturesError) -> SourceAnswer
    /// One short line the source wants on the board beside its departures (a service
    /// alert), read after each successful fetch; nil when there is none.
    func notice() async -> String?
    /// How the source's live parts are doing (a realtime feed's fit to the timetable), read
    /// after every fetch for status pages; nil for sources with nothing to report.
    func health() async -> SourceHealth?
    /// Whether rows can be live at all. A timetable with no realtime feed cannot: its rows
    /// are not marked as lacking what the board never has.
    var providesLiveData: Bool { get }
}

extension DeparturesRepository {
    public func answer() async throws(DeparturesError) -> SourceAnswer {
        SourceAnswer(departures: try await departures())
    }
    public func notice() async -> String? { nil }
    public func health() async -> SourceHealth? { nil }
    public var providesLiveData: Bool { true }
}

/// One answer of a source: its departures and its alerts, read together so neither can
/// belong to another fetch.
public struct SourceAnswer: Sendable, Equatable {
    public var departures: [Departure]
    public var alerts: [ServiceAlert]

    public init(departures: [Departure], alerts: [ServiceAlert] = []) {
        self.departures = departures
        self.alerts = alerts
    }
}

/// What a source says about its live data beside the departures themselves.
public struct SourceHealth: Sendable, Equatable {
    /// Share of the realtime feed's trips for the board's routes that matched the timetable,
    /// 0…1; nil when the feed had none (or there is no feed).
    public var realtimeMatchRate: Double?
    /// One line for people: `1234 entities, 42 of 48 trips … matched (88 %)`.
    public var realtimeSummary: String?
    /// Why the last realtime poll failed; nil when fine.
    public var realtimeError: String?

    public init(realtimeMatchRate: Double? = nil, realtimeSummary: String? = nil, realtimeError: String? = nil) {
        self.realtimeMatchRate = realtimeMatchRate
        self.realtimeSummary = realtimeSummary
        self.realtimeError = realtimeError
    }
}

/// Why a fetch failed, classified into the two messages a board shows.
public enum DeparturesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The network is unreachable or a name did not resolve.
    case offline(detail: String)
    /// The source answered badly or not at all (HTTP status, timeout, refused connection).
    case failed(detail: String)
    /// The source answered with data that breaks the API contract.
    case invalidData(source: String, DeparturesDataError)
    /// The timetable has no service today: it ran out, or starts later. Riders are told so
    /// (`Timetable expired 2026-11-01`) instead of seeing a quiet "No departures".
    case outOfService(message: String, detail: String)
    /// The source answers but cannot serve this board as set up (a stop its timetable does
    /// not have): the board says which in a few words, for the owner to mend.
    case misconfigured(message: String, detail: String)

    /// The seed app's two messages: the network is down, or anything else went wrong.
    public static let offlineMessage = "No internet connection"
    public static let failedMessage = "Failed to load departures"

    /// What the board shows, as in the seed app.
    public var userMessage: String {
        switch self {
        case .offline: return Self.offlineMessage
        case .failed, .invalidData: return Self.failedMessage
        case .outOfService(let message, _), .misconfigured(let message, _): return message
        }
    }

    /// What went wrong without the board's message, for embedding in another sentence.
    public var detail: String {
        switch self {
        case .offline(let detail), .failed(let detail), .outOfService(_, let detail), .misconfigured(_, let detail): return detail
        case .invalidData(let source, let error): return "\(source): \(error)"
        }
    }

    /// The detail for logs and stderr (never contains secrets).
    public var description: String {
        switch self {
        case .offline(let detail), .failed(let detail), .outOfService(_, let detail), .misconfigured(_, let detail):
            return "\(userMessage): \(detail)"
        case .invalidData(let source, let error): return "\(source): \(error)"
        }
    }
}
