/// One of a board's sources as its view model runs it: where it is, how it is fetched and
/// ruled (grace, limit), and how often it refreshes, backs off and may stand stale.
public struct BoardSource: Sendable {
    public var place: SourcePlace
    public var useCase: LoadDeparturesUseCase
    public var policy: RefreshPolicy

    public init(place: SourcePlace, useCase: LoadDeparturesUseCase, policy: RefreshPolicy) {
        self.place = place
        self.useCase = useCase
        self.policy = policy
    }
}

/// What one source last said. Observed: a change wakes the draw loop.
public struct SourceState: Sendable, Equatable {
    /// The outcome of its last refresh (loading until the first one ends).
    public var lastOutcome: BoardStatus = .loading
    /// When it last answered successfully.
    public var lastSuccess: Date?
    /// Its notice (a service alert) from the last successful refresh.
    public var notice: String?
    /// Its alerts from the last successful refresh, in force or not (checked per frame).
    public var alerts: [ServiceAlert] = []
    /// Its last good departures, resolved to instants and sorted.
    public var departures: [ResolvedDeparture] = []
    /// The detail of its last failure (for logs), nil after a success.
    public var lastError: DeparturesError?
    /// Failures since its last success; drives its backoff.
    public var consecutiveFailures = 0

    /// The message of its last failure, in the board's words; nil after a success.
    public var message: String? { lastError?.userMessage }

    public init() {}

    /// What its polled departures say: loading until the first fetch ends, then the last
    /// fetch's outcome over the last good rows.
    init(_ snapshot: Polled<FetchedDepartures, DeparturesError>.Snapshot) {
        if let value = snapshot.value {
            departures = value.departures
            alerts = value.alerts
            notice = value.notice
        }
        lastSuccess = snapshot.lastSuccess
        lastError = snapshot.lastError
        consecutiveFailures = snapshot.failures
        lastOutcome =
            snapshot.lastError != nil
            ? .error
            : snapshot.lastSuccess == nil ? .loading : departures.isEmpty ? .empty : .ok
    }
}

/// What the log says of a source: a failure with a new cause, or its recovery.
public enum SourceReport: Sendable, Equatable {
    case failing(DeparturesError)
    case recovered
}

/// One successful fetch of a board's source: its rows resolved to instants, its alerts and
/// its notice, read together.
struct FetchedDepartures: Sendable {
    var departures: [ResolvedDeparture]
    var alerts: [ServiceAlert]
    var notice: String?
}

/// A source's counters for status pages. Not observed, so they never wake the draw loop.
public struct SourceStats: Sendable, Equatable {
    /// When its last fetch ended, well or badly.
    public var lastAttempt: Date?
    /// Fetches that ended, and how many of them failed, since the board started.
    public var fetchCount = 0
    public var failureCount = 0
    /// Its own report after the last fetch.
    public var health: SourceHealth?

    public init() {}

    init(_ snapshot: Polled<FetchedDepartures, DeparturesError>.Snapshot, health: SourceHealth?) {
        lastAttempt = snapshot.lastAttempt
        fetchCount = snapshot.fetchCount
        failureCount = snapshot.failureCount
        self.health = health
    }
}
