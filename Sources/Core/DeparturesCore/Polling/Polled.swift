import Locking

/// One value fetched from outside again and again: its last good value and when it came,
/// its consecutive failures and when it is next due (by its policy's interval and backoff),
/// one fetch at a time, each cause of failure reported once, and whether the value is still
/// fresh enough to use.
///
/// The project's one owner of "keep the last good answer, back off, decide stale": a board's
/// sources, the hub's stops and their parts, the realtime side feeds, SIRI's situations and
/// the timetable check all poll through it. What a caller logs, it decides from the
/// `Outcome`, so every feed logs a new cause and a recovery exactly once.
public final class Polled<Value: Sendable, Failure: Error & Equatable & Sendable>: Sendable {
    /// What the value knows at one instant.
    public struct Snapshot: Sendable {
        /// The last good value (a failure never replaces it).
        public var value: Value?
        /// When the last good value came.
        public var lastSuccess: Date?
        /// When the last fetch ended, well or badly.
        public var lastAttempt: Date?
        /// The last failure; nil after a success.
        public var lastError: Failure?
        /// Failures since the last success; they drive the backoff.
        public var failures = 0
        /// When the next fetch is due; nil: at once.
        public var nextDue: Date?
        /// Fetches that ended, and how many of them failed.
        public var fetchCount = 0
        public var failureCount = 0
        /// True while a fetch is under way.
        public internal(set) var isPolling = false

        /// How the value stands at `now` under `staleLimit`.
        public func freshness(at now: Date, staleLimit: Duration) -> Freshness {
            guard let usableUntil = usableUntil(staleLimit: staleLimit) else { return lastError == nil ? .waiting : .expired }
            if now > usableUntil { return .expired }
            return failures == 0 ? .fresh : .stale
        }

        /// The last instant the value may be used, whatever happens meanwhile; nil before a success.
        public func usableUntil(staleLimit: Duration) -> Date? {
            lastSuccess?.addingTimeInterval(staleLimit.timeInterval)
        }
    }

    public enum Freshness: String, Sendable {
        /// No fetch has ended yet.
        case waiting
        /// The last fetch succeeded, within the stale limit.
        case fresh
        /// Fetches fail; the last good value is still within the stale limit.
        case stale
        /// Nothing usable: no success yet, or the last one is older than the stale limit.
        case expired
    }

    /// What one call of `poll` did, for the caller's log.
    public enum Outcome: Sendable {
        /// A fresh value; `ended` is the failure it ends (with how many there were), once.
        case succeeded(ended: (error: Failure, failures: Int)?)
        /// A failure; `newCause` is true when it differs from the last one (log it then).
        case failed(Failure, failures: Int, newCause: Bool)
        /// Another fetch was under way; this call waited for it and fetched nothing.
        case joined
        /// Another fetch was under way; this call fetched nothing and did not wait.
        case skipped
        /// Not due yet (only with `ifDue`).
        case notDue
        /// The polling task was cancelled during the fetch: nothing was recorded.
        case cancelled
    }

    public let policy: RefreshPolicy
    private let clock: any BoardClock
    private let dueSlack: Duration
    private let state = Locked(State())

    private struct State {
        var snapshot = Snapshot()
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// `dueSlack`: a value counts as due this much before its time, so a caller that comes
    /// back exactly one wait later (a board refresh driving a side feed) still fetches.
    public init(policy: RefreshPolicy, clock: any BoardClock, dueSlack: Duration = .zero) {
        self.policy = policy
        self.clock = clock
        self.dueSlack = dueSlack
    }

    public var snapshot: Snapshot { state.withLock { $0.snapshot } }
    public var value: Value? { state.withLock { $0.snapshot.value } }

    public func isDue(at now: Date) -> Bool {
        state.withLock { Self.isDue($0.snapshot, at: now, slack: dueSlack) }
    }

    public func freshness(at now: Date) -> Freshness {
        snapshot.freshness(at: now, staleLimit: policy.staleLimit)
    }

    /// The last instant the value may be used, whatever happens meanwhile; nil before a success.
    public var usableUntil: Date? { snapshot.usableUntil(staleLimit: policy.staleLimit) }

    /// The value at `now` if it may still be used (fresh or stale), else nil.
    public func usableValue(at now: Date) -> Value? {
        let snapshot = self.snapshot
        switch snapshot.freshness(at: now, staleLimit: policy.staleLimit) {
        case .fresh, .stale: return snapshot.value
        case .waiting, .expired: return nil
        }
    }

    /// The wait before the next fetch after the last outcome.
    public var delay: Duration { policy.delay(afterConsecutiveFailures: snapshot.failures) }

    /// What a poll does while another fetch of the value is under way.
    public enum WhilePolling: Sendable {
        /// Waits for it to end (a board's "refresh now" gets the answer in flight).
        case wait
        /// Returns at once (a loop that will come back anyway).
        case skip
    }

    /// When a fetch may start: always, or only when due. `firstDue` stands in for a value
    /// never polled by this process (a cadence saved by an earlier one).
    public enum When: Sendable {
        case now
        case ifDue(firstDue: Date? = nil)
    }

    /// A fetch claimed by `begin`; whoever holds it must `end` it.
    public struct Claim: Sendable {
        fileprivate init() {}
    }

    /// Fetches now (or, with `ifDue`, only when due) unless a fetch is under way: then it
    /// waits for that one or skips, as `whilePolling` says. A success replaces the value; a
    /// failure keeps it and backs off.
    @discardableResult
    public func poll(
        ifDue: Bool = false, whilePolling: WhilePolling = .wait,
        isolation: isolated (any Actor)? = #isolation,
        _ fetch: () async throws(Failure) -> Value
    ) async -> Outcome {
        let claim: Claim
        switch begin(ifDue ? .ifDue() : .now) {
        case .claimed(let claimed): claim = claimed
        case .notDue: return .notDue
        case .polling where whilePolling == .skip: return .skipped
        case .polling:
            await withCheckedContinuation { continuation in
                let stillPolling = state.withLock { state in
                    if state.snapshot.isPolling { state.waiters.append(continuation) }
                    return state.snapshot.isPolling
                }
                if !stillPolling { continuation.resume() }
            }
            return .joined
        }
        let result: Result<Value, Failure>
        do throws(Failure) { result = .success(try await fetch()) } catch { result = .failure(error) }
        return end(claim, with: result)
    }

    public enum Begun: Sendable {
        case claimed(Claim)
        case notDue
        /// Another fetch is under way.
        case polling
    }

    /// Claims the next fetch, for a caller that runs it elsewhere (a background download):
    /// `at` is the instant it is judged due at (default: the clock's now).
    public func begin(_ when: When, at instant: Date? = nil) -> Begun {
        let now = instant ?? clock.now
        return state.withLock { state in
            if state.snapshot.isPolling { return .polling }
            if case .ifDue(let firstDue) = when {
                var snapshot = state.snapshot
                snapshot.nextDue = snapshot.nextDue ?? firstDue
                guard Self.isDue(snapshot, at: now, slack: dueSlack) else { return .notDue }
            }
            state.snapshot.isPolling = true
            return .claimed(Claim())
        }
    }

    /// Records the claimed fetch's result (nothing when the polling task was cancelled) at
    /// `at` (default: the clock's now), and wakes the polls that waited for it.
    @discardableResult
    public func end(_ claim: Claim, with result: Result<Value, Failure>, at instant: Date? = nil) -> Outcome {
        let cancelled = Task.isCancelled
        let now = instant ?? clock.now
        let (outcome, waiters) = state.withLock { state -> (Outcome, [CheckedContinuation<Void, Never>]) in
            defer { state.waiters = [] }
            state.snapshot.isPolling = false
            guard !cancelled else { return (.cancelled, state.waiters) }
            return (Self.record(result, at: now, policy: policy, in: &state.snapshot), state.waiters)
        }
        waiters.forEach { $0.resume() }
        return outcome
    }

    private static func record(
        _ result: Result<Value, Failure>, at now: Date, policy: RefreshPolicy,
        in snapshot: inout Snapshot
    ) -> Outcome {
        snapshot.lastAttempt = now
        snapshot.fetchCount += 1
        let outcome: Outcome
        switch result {
        case .success(let value):
            outcome = .succeeded(ended: snapshot.lastError.map { ($0, snapshot.failures) })
            snapshot.value = value
            snapshot.lastSuccess = now
            snapshot.lastError = nil
            snapshot.failures = 0
        case .failure(let error):
            let newCause = snapshot.lastError != error
            snapshot.failures += 1
            snapshot.failureCount += 1
            snapshot.lastError = error
            outcome = .failed(error, failures: snapshot.failures, newCause: newCause)
        }
        snapshot.nextDue = now.addingTimeInterval(policy.delay(afterConsecutiveFailures: snapshot.failures).timeInterval)
        return outcome
    }

    private static func isDue(_ snapshot: Snapshot, at now: Date, slack: Duration) -> Bool {
        guard let nextDue = snapshot.nextDue else { return true }
        return now >= nextDue.addingTimeInterval(-slack.timeInterval)
    }
}
