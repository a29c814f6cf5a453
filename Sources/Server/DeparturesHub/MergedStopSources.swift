public import DeparturesCore
public import Logging

/// A hub stop with `sources:`: several sources answered as one list, so a fleet's signs read
/// one merged stream. Each source keeps its own interval, backoff and stale limit: a poll
/// fetches only the sources that are due, and one that fails serves its last good
/// departures until its own stale limit, then nothing, while the others carry on. The
/// merged answer fails only when no source has anything to give.
public final class MergedStopSources: DeparturesRepository {
    public struct Part: Sendable {
        public var repository: any DeparturesRepository
        /// Names the feed the trip ids come from: a trip two sources of one feed see is listed once.
        public var feed: String
        /// How it is named in the log (`sources[1] (gtfs)`).
        public var name: String
        public var policy: RefreshPolicy

        public init(repository: any DeparturesRepository, feed: String, name: String, policy: RefreshPolicy) {
            self.repository = repository
            self.feed = feed
            self.name = name
            self.policy = policy
        }
    }

    private let parts: [Part]
    private let logger: Logger
    private let clock: any BoardClock
    /// Each part's last good answer, failures, backoff and stale limit.
    private let set: SourceSet<SourceAnswer>

    public init(parts: [Part], clock: any BoardClock, logger: Logger) {
        self.parts = parts
        self.clock = clock
        self.logger = logger
        set = SourceSet(
            parts.map { part in
                let repository = part.repository
                return (part.name, part.policy, { () async throws(DeparturesError) -> SourceAnswer in try await repository.answer() })
            }, clock: clock)
    }

    /// The stop's own polling: as often as its most frequent source, served as long as its
    /// longest-lived source's data lasts, backing off as the board's departures section says.
    public static func policy(of parts: [Part], maxBackoff: Duration) -> RefreshPolicy {
        RefreshPolicy(
            interval: parts.map(\.policy.interval).min() ?? .seconds(30), maxBackoff: maxBackoff,
            staleLimit: parts.map(\.policy.staleLimit).max() ?? .seconds(600))
    }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await answer().departures
    }

    public func answer() async throws(DeparturesError) -> SourceAnswer {
        for (index, outcome) in await set.pollDue() {
            let name = parts[index].name
            switch outcome {
            case .succeeded(let ended?):
                logger.info("\(name) answers again", metadata: ["failures": "\(ended.failures)"])
            case .failed(let error, _, let newCause):
                logger.log(
                    level: newCause ? .warning : .debug,
                    "\(name) failed, the stop's other sources carry on: \(error.description)")
            default:
                break
            }
        }
        return try merged(at: clock.now)
    }

    /// Every source's departures still within its stale limit, a trip seen by two sources
    /// of one feed once (its earlier call), in time order; their alerts, each id once.
    private func merged(at now: Date) throws(DeparturesError) -> SourceAnswer {
        let standing = set.standing(at: now)
        if standing.isEmpty, let error = set.failure(at: now) { throw error }
        var calls: [(departure: Departure, part: Int)] = []
        var alerts: [ServiceAlert] = []
        for (index, answer) in standing {
            calls += answer.departures.map { ($0, index) }
            alerts += answer.alerts.filter { alert in !alerts.contains { $0.id == alert.id } }
        }
        let merged = TripCalls.onePerTrip(calls, feed: { parts[$0.part].feed }, departure: \.departure, source: \.part) {
            $0.departure.realtimeTimeSecs < $1.departure.realtimeTimeSecs
        }
        let departures = merged.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.departure.realtimeTimeSecs, rhs.element.departure.realtimeTimeSecs)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element.departure)
        return SourceAnswer(departures: departures, alerts: alerts)
    }

    public func notice() async -> String? {
        for part in parts {
            if let notice = await part.repository.notice() { return notice }
        }
        return nil
    }

    public func health() async -> SourceHealth? {
        for part in parts {
            if let health = await part.repository.health() { return health }
        }
        return nil
    }

    public var providesLiveData: Bool { parts.contains { $0.repository.providesLiveData } }
}
