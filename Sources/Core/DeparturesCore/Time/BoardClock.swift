/// "Now" and waiting, in one injectable place, so the time rules and the refresh loop can
/// run on a test clock and `render --now` gives the same bytes on every machine.
public protocol BoardClock: Sendable {
    /// The current instant.
    var now: Date { get }
    /// Suspends for `duration` of this clock's time; throws `CancellationError` when cancelled.
    func sleep(for duration: Duration) async throws
    /// True only for the real clock: what a board saves as real time (a timetable's last
    /// check) is never taken from a preview's, a test's or a shifted clock.
    var isWallClock: Bool { get }
}

extension BoardClock {
    public var isWallClock: Bool { false }
}

/// The real clock: wall time for "now", the monotonic clock for waiting, so a wall-clock
/// step (NTP, manual change) never stretches or skips a refresh interval.
public struct SystemBoardClock: BoardClock {
    public init() {}

    public var now: Date { Date() }
    public var isWallClock: Bool { true }

    public func sleep(for duration: Duration) async throws {
        try await ContinuousClock().sleep(for: duration)
    }
}

/// Real time shifted to start at another instant (`run --now`): a past-dated feed plays as
/// if live. Not the real clock, so nothing it times is saved as real (a timetable's checks).
public struct ShiftedBoardClock: BoardClock {
    private let offset: Double

    public init(startingAt start: Date, realNow: Date = Date()) {
        offset = start.timeIntervalSince(realNow)
    }

    public var now: Date { Date().addingTimeInterval(offset) }

    public func sleep(for duration: Duration) async throws {
        try await ContinuousClock().sleep(for: duration)
    }
}

/// A clock stopped at one instant, for one-shot renders. Waiting returns at once.
public struct FixedBoardClock: BoardClock {
    public let now: Date

    public init(now: Date) {
        self.now = now
    }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
    }
}

extension Duration {
    /// Seconds as a floating-point value, for arithmetic with `Date`.
    public var timeInterval: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
