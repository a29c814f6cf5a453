/// How long to wait before trying again after failures: `first`, doubling with each
/// consecutive failure (first, 2×, 4×, …), never more than `cap`. So a failing server or
/// helper is not hammered, and its recovery is noticed within `cap`.
///
/// The project's one doubling rule: a board's refresh, the hub's polls, the timetable's
/// checks, the realtime feed, a panel's bus retries and the helper processes (HUB75 driver,
/// status server) all wait by it.
public struct Backoff: Sendable, Hashable {
    public var first: Duration
    public var cap: Duration
    /// A healthy run at least this long forgets the failures before it (a helper process that
    /// served for a while and then died starts again at `first`); nil: only a success does.
    public var resetAfter: Duration?

    public init(first: Duration, cap: Duration, resetAfter: Duration? = nil) {
        self.first = first
        self.cap = cap
        self.resetAfter = resetAfter
    }

    /// The wait after `failures` consecutive failures: `first` for none or one, then doubling,
    /// at most `cap`. Never overflows, whatever the count.
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = min(first, cap)
        guard failures > 1 else { return delay }
        for _ in 1..<failures {
            // Halving the cap rather than doubling the wait: no overflow near Duration's limits.
            guard delay < cap / 2 else { return cap }
            delay *= 2
        }
        return delay
    }

    /// A counter of consecutive failures that answers the wait before the next try.
    public func counter() -> Counter { Counter(backoff: self) }

    /// Consecutive failures of one retry loop, and the wait each one earns.
    public struct Counter: Sendable, Hashable {
        public let backoff: Backoff
        public private(set) var failures = 0

        public init(backoff: Backoff) {
            self.backoff = backoff
        }

        /// Counts a failure that ended a run of `ran` (nil: it never started, or the loop does
        /// not time its runs) and returns the wait before the next try.
        public mutating func failed(afterRunning ran: Duration? = nil) -> Duration {
            if let ran, let resetAfter = backoff.resetAfter, ran >= resetAfter { failures = 0 }
            failures += 1
            return backoff.delay(afterFailures: failures)
        }

        public mutating func succeeded() { failures = 0 }
    }
}
