/// How often a board refreshes, how it backs off, and how long old data may stand.
public struct RefreshPolicy: Sendable, Equatable {
    public var interval: Duration
    /// The longest wait between attempts while the source keeps failing.
    public var maxBackoff: Duration
    /// How long after the last success stale rows may still be shown.
    public var staleLimit: Duration

    public init(interval: Duration = .seconds(30), maxBackoff: Duration = .seconds(300),
                staleLimit: Duration = .seconds(900)) {
        self.interval = interval
        self.maxBackoff = max(maxBackoff, interval)
        self.staleLimit = staleLimit
    }

    /// The wait before the next attempt: the interval after a success, then doubling with
    /// each consecutive failure (interval, 2×, 4×, …) up to `maxBackoff`, so a failing
    /// server is not hammered and a recovered one is noticed within `maxBackoff`.
    public func delay(afterConsecutiveFailures failures: Int) -> Duration {
        guard failures > 1 else { return interval }
        var delay = interval
        for _ in 1..<min(failures, 32) {
            delay *= 2
            if delay >= maxBackoff { return maxBackoff }
        }
        return delay
    }
}
