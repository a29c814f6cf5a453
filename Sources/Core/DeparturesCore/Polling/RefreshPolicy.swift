public import Retry

/// How often something polled from outside is fetched, how it backs off while it fails, and
/// how long its last good value may stand.
public struct RefreshPolicy: Sendable, Equatable {
    /// The wait after a success.
    public let interval: Duration
    /// The waits after consecutive failures.
    public let backoff: Backoff
    /// How long after the last success the last good value may still be used.
    public let staleLimit: Duration

    /// A board's or a hub's source: failures wait `interval`, doubling up to `maxBackoff`.
    public init(
        interval: Duration = .seconds(30), maxBackoff: Duration = .seconds(300),
        staleLimit: Duration = .seconds(900)
    ) {
        self.init(
            interval: interval, backoff: Backoff(first: interval, cap: max(maxBackoff, interval)),
            staleLimit: staleLimit)
    }

    /// A value whose retries follow a backoff of their own (a day's timetable check retries
    /// after minutes, not after a day).
    public init(interval: Duration, backoff: Backoff, staleLimit: Duration) {
        self.interval = interval
        self.backoff = backoff
        self.staleLimit = staleLimit
    }

    /// The longest wait between attempts while the source keeps failing.
    public var maxBackoff: Duration { backoff.cap }

    /// The wait before the next attempt: the interval after a success, else the backoff.
    public func delay(afterConsecutiveFailures failures: Int) -> Duration {
        failures > 0 ? backoff.delay(afterFailures: failures) : interval
    }
}
