import DeparturesCore
import GTFSRealtime
import Locking

/// What realtime polling remembers between refreshes: the last feed that decoded (the
/// applier judges its age) and when to try again after failures.
final class RealtimePolling: Sendable {
    private struct State {
        var lastFeed: TransitRealtime_FeedMessage?
        var lastError: String?
        var failures = 0
        var retryAt: Date?
    }

    private let state = Locked(State())

    var lastFeed: TransitRealtime_FeedMessage? { state.withLock { $0.lastFeed } }
    /// Why the last poll failed; nil after a success.
    var lastError: String? { state.withLock { $0.lastError } }

    func isDue(at now: Date) -> Bool {
        state.withLock { state in state.retryAt.map { now >= $0 } ?? true }
    }

    /// A feed stamped older than the one held (a lagging mirror or cache behind a load
    /// balancer) does not replace it: the board keeps the newest data it was given.
    /// Returns the failure this success ends, if any.
    @discardableResult
    func succeeded(with feed: TransitRealtime_FeedMessage) -> String? {
        state.withLock { state in
            let held = state.lastFeed, ended = state.lastError
            let older = held.map { $0.header.hasTimestamp && feed.header.hasTimestamp && feed.header.timestamp < $0.header.timestamp }
            state = State(lastFeed: older == true ? held : feed)
            return ended
        }
    }

    /// Returns whether the cause differs from the last failure's (a new one to report).
    @discardableResult
    func failed(at now: Date, policy: RefreshPolicy, error: String) -> Bool {
        state.withLock { state in
            let changed = state.lastError != error
            state.failures += 1
            state.lastError = error
            let wait = policy.delay(afterConsecutiveFailures: state.failures)
            // Half a second early, so a refresh scheduled exactly one wait later still polls.
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18 - 0.5
            state.retryAt = now.addingTimeInterval(max(0, seconds))
            return changed
        }
    }
}
