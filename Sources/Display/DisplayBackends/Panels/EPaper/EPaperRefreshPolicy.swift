public import Framebuffer

/// When an e-paper panel refreshes and how. Partial refreshes are fast and do not flash but
/// leave ghosts, so a full refresh is forced every `fullEvery` partials or after `fullAfter`;
/// refreshes closer than `minimumInterval` wear the panel, so such pushes wait.
public struct EPaperRefreshPolicy: Sendable, Equatable {
    /// Partials allowed between two full refreshes (0: always full).
    public var fullEvery: Int
    /// Longest time since the last full refresh before the next refresh is full again.
    public var fullAfter: Duration
    /// Shortest time between the end of one refresh and the start of the next.
    public var minimumInterval: Duration
    /// How long the driver lets BUSY stay asserted (reset, power on, refresh).
    public var busyTimeout: Duration

    public init(
        fullEvery: Int = 10, fullAfter: Duration = .seconds(30 * 60),
        minimumInterval: Duration = .seconds(10), busyTimeout: Duration = .seconds(30)
    ) {
        self.fullEvery = fullEvery
        self.fullAfter = fullAfter
        self.minimumInterval = minimumInterval
        self.busyTimeout = busyTimeout
    }
}

/// One refresh as a driver sends it; `partial` carries the damaged window in frame pixels
/// (before the driver widens it to the controller's 8-pixel RAM columns).
public enum EPaperRefresh: Equatable, Sendable {
    case full
    case partial(Rect)
}

/// Refreshes sent since a driver was made: what `bench` reports per hour, and what wears
/// the panel (a full refresh flashes the whole glass).
public struct EPaperRefreshCount: Sendable, Equatable {
    public var full = 0
    public var partial = 0

    public init(full: Int = 0, partial: Int = 0) {
        self.full = full
        self.partial = partial
    }
}

/// An e-paper driver: it counts the refreshes it sends.
public protocol EPaperDriver: PanelDriver {
    var refreshes: EPaperRefreshCount { get }
}

/// Monotonic time for the policy; tests inject their own closure instead.
public enum EPaperClock {
    /// Time since this call, from `ContinuousClock` so the 30-minute rule also counts suspend.
    public static func monotonic() -> @Sendable () -> Duration {
        let origin = ContinuousClock.now
        return { ContinuousClock.now - origin }
    }
}

/// The policy's memory: damage not yet shown, partials since the last full refresh, and when
/// the last refreshes ended. Pure value logic, so both drivers share it and tests can drive it.
public struct EPaperRefreshScheduler: Sendable {
    public let policy: EPaperRefreshPolicy
    /// Damage not yet refreshed (union of skipped pushes), in frame pixels.
    public private(set) var pending: Rect = .zero
    public private(set) var partialsSinceFull = 0
    public private(set) var lastFull: Duration?
    public private(set) var lastRefresh: Duration?
    /// Set by initialise, wake and failed refreshes: the panel's RAM or image is unknown.
    public private(set) var needsFull = true
    public private(set) var sent = EPaperRefreshCount()

    public init(policy: EPaperRefreshPolicy) {
        self.policy = policy
    }

    /// Adds `damage` and says what to send now; nil sends nothing (no damage, or too soon:
    /// the damage stays pending for the next push).
    public mutating func plan(damage: [Rect], bounds: Rect, now: Duration, partialSupported: Bool) -> EPaperRefresh? {
        for rect in damage { pending = pending.union(rect.intersection(bounds)) }
        if needsFull { pending = bounds }
        guard !pending.isEmpty else { return nil }
        if let last = lastRefresh, now - last < policy.minimumInterval { return nil }
        let stale = lastFull.map { now - $0 >= policy.fullAfter } ?? true
        if needsFull || !partialSupported || stale || partialsSinceFull >= policy.fullEvery {
            return .full
        }
        return .partial(pending)
    }

    /// Records a refresh that finished at `now`; its damage is now on the panel.
    public mutating func completed(_ refresh: EPaperRefresh, at now: Duration) {
        pending = .zero
        lastRefresh = now
        needsFull = false
        switch refresh {
        case .full:
            partialsSinceFull = 0
            lastFull = now
            sent.full += 1
        case .partial:
            partialsSinceFull += 1
            sent.partial += 1
        }
    }

    /// The panel's RAM or image can no longer be trusted: the next refresh is full.
    public mutating func invalidate() {
        needsFull = true
    }
}
