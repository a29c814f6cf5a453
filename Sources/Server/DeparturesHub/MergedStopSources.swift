public import DeparturesCore
public import Logging
import Locking

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

    struct PartState {
        var departures: [Departure] = []
        var alerts: [ServiceAlert] = []
        var lastSuccess: Date?
        var nextDue: Date?
        var failures = 0
        var lastError: DeparturesError?
    }

    private let parts: [Part]
    private let clock: any BoardClock
    private let logger: Logger
    private let states: Locked<[PartState]>

    public init(parts: [Part], clock: any BoardClock, logger: Logger) {
        self.parts = parts
        self.clock = clock
        self.logger = logger
        states = Locked(Array(repeating: PartState(), count: parts.count))
    }

    /// The stop's own polling: as often as its most frequent source, served as long as its
    /// longest-lived source's data lasts, backing off as the board's departures section says.
    public static func policy(of parts: [Part], maxBackoff: Duration) -> RefreshPolicy {
        RefreshPolicy(interval: parts.map(\.policy.interval).min() ?? .seconds(30), maxBackoff: maxBackoff,
                      staleLimit: parts.map(\.policy.staleLimit).max() ?? .seconds(600))
    }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await answer().departures
    }

    public func answer() async throws(DeparturesError) -> SourceAnswer {
        let now = clock.now
        let due = states.withLock { states in
            parts.indices.filter { states[$0].nextDue.map { now >= $0 } ?? true }
        }
        let outcomes = await withTaskGroup(of: (Int, Result<SourceAnswer, DeparturesError>).self) { group in
            for index in due {
                let repository = parts[index].repository
                group.addTask {
                    do throws(DeparturesError) { return (index, .success(try await repository.answer())) }
                    catch { return (index, .failure(error)) }
                }
            }
            var outcomes: [(Int, Result<SourceAnswer, DeparturesError>)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }
        }
        for (index, outcome) in outcomes { record(outcome, for: index, at: now) }
        return try merged(at: now)
    }

    private func record(_ outcome: Result<SourceAnswer, DeparturesError>, for index: Int, at now: Date) {
        let part = parts[index]
        let before = states.withLock { states in
            let before = states[index].failures
            switch outcome {
            case .success(let answer):
                states[index] = PartState(departures: answer.departures, alerts: answer.alerts, lastSuccess: now,
                                          nextDue: now.addingTimeInterval(part.policy.interval.timeInterval))
            case .failure(let error):
                states[index].failures += 1
                states[index].lastError = error
                let wait = part.policy.delay(afterConsecutiveFailures: states[index].failures)
                states[index].nextDue = now.addingTimeInterval(wait.timeInterval)
            }
            return before
        }
        switch outcome {
        case .success where before > 0:
            logger.info("\(part.name) answers again", metadata: ["failures": "\(before)"])
        case .failure(let error):
            logger.warning("\(part.name) failed, the stop's other sources carry on: \(error.description)")
        default:
            break
        }
    }

    /// Every source's departures still within its stale limit, a trip seen by two sources
    /// of one feed once (its earlier call), in time order; their alerts, each id once.
    private func merged(at now: Date) throws(DeparturesError) -> SourceAnswer {
        let states = states.withLock { $0 }
        var calls: [(departure: Departure, part: Int)] = []
        var alerts: [ServiceAlert] = []
        var anyData = false
        for (index, state) in states.enumerated() {
            guard let success = state.lastSuccess,
                  now.timeIntervalSince(success) <= parts[index].policy.staleLimit.timeInterval else { continue }
            anyData = true
            calls += state.departures.map { ($0, index) }
            alerts += state.alerts.filter { alert in !alerts.contains { $0.id == alert.id } }
        }
        if !anyData, let error = states.lazy.compactMap(\.lastError).first { throw error }
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
