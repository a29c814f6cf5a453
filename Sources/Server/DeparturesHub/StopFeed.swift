public import DeparturesCore
public import Logging
import Locking
public import ZoneInfo

/// One stop as the hub serves it: its source polled on a loop, the last good answer kept
/// encoded, so a request only reads memory and never waits on the source, however many
/// signs ask.
public final class StopFeed: Sendable {
    public struct Settings: Sendable {
        /// The `{stopId}` in the URL.
        public var id: String
        /// What the status page calls the source (`demo`, `api`, `file`, `gtfs`).
        public var sourceKind: String
        /// Poll interval, backoff while failing, and how long the last good answer is served.
        public var policy: RefreshPolicy
        /// `Cache-Control: max-age`.
        public var maxAge: Duration
        /// Trims what is served to the soonest departures not yet gone; nil serves the source's list as is.
        public var selection: DepartureRules?
        /// The stop's zone: status times are written in it.
        public var zone: TimeZoneRules

        public init(id: String, sourceKind: String, policy: RefreshPolicy, maxAge: Duration,
                    selection: DepartureRules? = nil, zone: TimeZoneRules) {
            self.id = id
            self.sourceKind = sourceKind
            self.policy = policy
            self.maxAge = maxAge
            self.selection = selection
            self.zone = zone
        }
    }

    public let settings: Settings
    private let repository: any DeparturesRepository
    private let clock: any BoardClock
    private let logger: Logger
    private let state = Locked(FeedStatus())

    public init(settings: Settings, repository: any DeparturesRepository, clock: any BoardClock, logger: Logger) {
        self.settings = settings
        self.repository = repository
        self.clock = clock
        var logger = logger
        logger[metadataKey: "stop"] = "\(settings.id)"
        self.logger = logger
    }

    public var id: String { settings.id }

    /// What the feed knows now, for the status page and metrics.
    public var status: FeedStatus { state.withLock { $0 } }

    /// Polls now, then after each interval (or backoff), until the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            let delay = await poll()
            let next = clock.now.addingTimeInterval(delay.timeInterval)
            state.withLock { $0.nextAttempt = next }
            do { try await clock.sleep(for: delay) } catch { return }
        }
    }

    /// One fetch from the source, published on success; returns the wait before the next.
    /// Single flight: a poll while another is in flight returns without fetching.
    @discardableResult
    public func poll() async -> Duration {
        let started = clock.now
        let alreadyPolling = state.withLock { state -> Bool in
            guard !state.polling else { return true }
            state.polling = true
            state.lastAttempt = started
            state.upstreamFetches += 1
            return false
        }
        guard !alreadyPolling else { return settings.policy.interval }
        let outcome: Result<SourceAnswer, DeparturesError>
        do throws(DeparturesError) {
            outcome = .success(try await repository.answer())
        } catch {
            outcome = .failure(error)
        }
        let now = clock.now
        let published: Result<PublishedDepartures, DeparturesError> = outcome.flatMap { answer in
            Result { () throws(DeparturesError) in try self.publish(answer, at: now) }
        }
        let (before, failures, hasAnswer) = state.withLock { state -> (Int, Int, Bool) in
            state.polling = false
            let before = state.consecutiveFailures
            guard !Task.isCancelled else { return (before, before, state.published != nil) }
            switch published {
            case .success(var answer):
                // The same bytes again keep their date, so Last-Modified says when they changed.
                if let previous = state.published, previous.etag == answer.etag { answer.modifiedAt = previous.modifiedAt }
                state.published = answer
                state.lastError = nil
                state.consecutiveFailures = 0
            case .failure(let error):
                state.lastError = error.description
                state.consecutiveFailures += 1
                state.upstreamFailures += 1
            }
            return (before, state.consecutiveFailures, state.published != nil)
        }
        switch published {
        case .success(let answer) where before > 0:
            logger.info("source answers again", metadata: ["departures": "\(answer.count)", "failures": "\(before)"])
        case .success(let answer):
            logger.debug("departures fetched", metadata: ["departures": "\(answer.count)"])
        case .failure(let error) where !Task.isCancelled:
            let serving = hasAnswer ? "serving the last good departures" : "nothing to serve yet"
            logger.warning("fetch failed, \(serving): \(error.description)", metadata: ["failures": "\(failures)"])
        default:
            break
        }
        return settings.policy.delay(afterConsecutiveFailures: failures)
    }

    /// The departures as the API's JSON, bytes and tag computed once per poll. Rows keep
    /// the alert ids their source matched, so signs mark exactly those; alerts are passed
    /// on unless they have ended, each with the period in force (or next).
    private func publish(_ answer: SourceAnswer, at now: Date) throws(DeparturesError) -> PublishedDepartures {
        let departures = answer.departures
        var served = departures
        if let rules = settings.selection {
            served = rules.visible(rules.resolve(departures, now: now), now: now).map(\.departure)
        }
        let encoder = JSONEncoder()
        // Sorted keys: the same departures always give the same bytes, so the same ETag.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body: [UInt8]
        do {
            let alerts = answer.alerts.filter { !$0.isOver(at: now) }.map { $0.inForce(at: now) }
            let passed = Set(alerts.map(\.id))
            let rows = served.map { departure in
                var departure = departure
                departure.alertIDs = departure.alertIDs.filter(passed.contains)
                return departure
            }
            body = Array(try encoder.encode(DeparturesResponse(data: rows, alerts: alerts)))
        } catch {
            throw .failed(detail: "cannot encode the departures: \(error)")
        }
        return PublishedDepartures(body: body, etag: EntityTag.strong(for: body), fetchedAt: now, modifiedAt: now, count: served.count)
    }

    /// Counts one request and returns what the feed knows now.
    func recordRequest() -> FeedStatus {
        state.withLock { state in
            state.requests += 1
            return state
        }
    }

    /// Where the stop stands at `now`.
    public func condition(at now: Date) -> FeedCondition {
        status.condition(at: now, staleLimit: settings.policy.staleLimit)
    }
}

/// The last good answer, encoded once and served as is.
public struct PublishedDepartures: Sendable, Equatable {
    public let body: [UInt8]
    public let etag: String
    /// When the source answered.
    public let fetchedAt: Date
    /// When the source first answered these bytes.
    public internal(set) var modifiedAt: Date
    public let count: Int
}

/// A feed's counters and last outcome.
public struct FeedStatus: Sendable {
    public var published: PublishedDepartures?
    public var lastAttempt: Date?
    /// The last failure's detail; nil after a success.
    public var lastError: String?
    public var consecutiveFailures = 0
    public var upstreamFetches = 0
    public var upstreamFailures = 0
    public var requests = 0
    public var nextAttempt: Date?
    var polling = false

    func condition(at now: Date, staleLimit: Duration) -> FeedCondition {
        guard let published else { return lastError == nil ? .waiting : .unavailable }
        if now.timeIntervalSince(published.fetchedAt) > staleLimit.timeInterval { return .unavailable }
        return consecutiveFailures == 0 ? .ok : .stale
    }
}

public enum FeedCondition: String, Sendable {
    /// The last poll succeeded.
    case ok
    /// Polls fail; the last good answer is still served.
    case stale
    /// The first poll has not finished.
    case waiting
    /// Nothing to serve: no success yet, or the last one is older than the stale limit.
    case unavailable
}
