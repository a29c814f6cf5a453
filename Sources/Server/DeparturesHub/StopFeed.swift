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
        /// What the status page calls the source: its `kind` (`demo`, `api`, `file`, `gtfs`,
        /// `onebusaway`, `siri`, `json`), or its sources' kinds joined by `+`.
        public var sourceKind: String
        /// Poll interval, backoff while failing, and how long the last good answer is served.
        public var policy: RefreshPolicy
        /// `Cache-Control: max-age`.
        public var maxAge: Duration
        /// Trims what is served to the soonest departures not yet gone; nil serves the source's list as is.
        public var selection: DepartureRules?
        /// The stop's zone: status times are written in it.
        public var zone: TimeZoneRules

        public init(
            id: String, sourceKind: String, policy: RefreshPolicy, maxAge: Duration,
            selection: DepartureRules? = nil, zone: TimeZoneRules
        ) {
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
    private let logger: Logger
    /// The last good answer, failures, backoff and freshness.
    private let polled: Polled<PublishedDepartures, DeparturesError>
    private let requests = Locked(0)

    public init(settings: Settings, repository: any DeparturesRepository, clock: any BoardClock, logger: Logger) {
        self.settings = settings
        self.repository = repository
        self.clock = clock
        var logger = logger
        logger[metadataKey: "stop"] = "\(settings.id)"
        self.logger = logger
        polled = Polled(policy: settings.policy, clock: clock)
    }

    private let clock: any BoardClock

    public var id: String { settings.id }

    /// What the feed knows now, for the status page and metrics.
    public var status: FeedStatus { FeedStatus(polled.snapshot, requests: requests.withLock { $0 }) }

    /// Polls now, then after each interval (or backoff), until the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            let delay = await poll()
            do { try await clock.sleep(for: delay) } catch { return }
        }
    }

    /// One fetch from the source, published on success; returns the wait before the next.
    /// Single flight: a poll while another is in flight returns without fetching.
    @discardableResult
    public func poll() async -> Duration {
        let outcome = await polled.poll(whilePolling: .skip) { () throws(DeparturesError) in
            let answer = try await repository.answer()
            var published = try publish(answer, at: clock.now)
            // The same bytes again keep their date, so Last-Modified says when they changed.
            if let previous = polled.value, previous.etag == published.etag { published.modifiedAt = previous.modifiedAt }
            return published
        }
        switch outcome {
        case .succeeded(let ended?):
            logger.info("source answers again", metadata: ["departures": "\(polled.value?.count ?? 0)", "failures": "\(ended.failures)"])
        case .succeeded(nil):
            logger.debug("departures fetched", metadata: ["departures": "\(polled.value?.count ?? 0)"])
        case .failed(let error, let failures, let newCause):
            let serving = polled.value != nil ? "serving the last good departures" : "nothing to serve yet"
            let level: Logger.Level = newCause ? .warning : .debug
            logger.log(level: level, "fetch failed, \(serving): \(error.description)", metadata: ["failures": "\(failures)"])
        case .joined, .skipped, .notDue, .cancelled:
            break
        }
        return polled.delay
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
        let count = requests.withLock { count in
            count += 1
            return count
        }
        return FeedStatus(polled.snapshot, requests: count)
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

/// A feed's counters and last outcome, read from its polled answer.
public struct FeedStatus: Sendable {
    /// Requests clients made for this stop.
    public var requests: Int
    private let snapshot: Polled<PublishedDepartures, DeparturesError>.Snapshot

    init(_ snapshot: Polled<PublishedDepartures, DeparturesError>.Snapshot, requests: Int) {
        self.snapshot = snapshot
        self.requests = requests
    }

    public var published: PublishedDepartures? { snapshot.value }
    public var lastAttempt: Date? { snapshot.lastAttempt }
    /// The last failure's detail; nil after a success.
    public var lastError: String? { snapshot.lastError?.description }
    public var consecutiveFailures: Int { snapshot.failures }
    /// A fetch under way counts, as the status page always did.
    public var upstreamFetches: Int { snapshot.fetchCount + (snapshot.isPolling ? 1 : 0) }
    public var upstreamFailures: Int { snapshot.failureCount }
    public var nextAttempt: Date? { snapshot.nextDue }

    func condition(at now: Date, staleLimit: Duration) -> FeedCondition {
        switch snapshot.freshness(at: now, staleLimit: staleLimit) {
        case .waiting: return .waiting
        case .fresh: return .ok
        case .stale: return .stale
        case .expired: return .unavailable
        }
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
