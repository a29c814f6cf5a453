/// A row's words and the numbers they say: the one owner of how a countdown, a delay and a
/// leave-by read, long (`5 min`, `+2 min`, `leave in 3 min`) and short for narrow panels
/// (`5m`, `+2`, `go 3m`). The panels, the text and JSON states, the voice and `bench` read
/// it; the voice says the same numbers in its own language.
public struct RowWords: Hashable, Sendable {
    /// Whole minutes until departure, never negative.
    public var minutesToGo: Int
    /// Whole minutes late, at least 1 for any positive delay (so 40 s never reads `+0`); nil
    /// when on time or early.
    public var minutesLate: Int?
    /// Whole minutes early; nil under a minute early, which reads as on time.
    public var minutesEarly: Int?
    /// Whole minutes until the rider must leave, never negative.
    public var minutesToLeave: Int
    public var isCancelled: Bool
    /// False for a departure the walk cannot reach (`unreachable: show`).
    public var isReachable: Bool

    public init(minutesToGo: Int, delaySeconds: Int, minutesToLeave: Int, isCancelled: Bool = false, isReachable: Bool = true) {
        self.minutesToGo = minutesToGo
        minutesLate = delaySeconds > 0 ? max(1, delaySeconds / 60) : nil
        minutesEarly = delaySeconds <= -60 ? -delaySeconds / 60 : nil
        self.minutesToLeave = minutesToLeave
        self.isCancelled = isCancelled
        self.isReachable = isReachable
    }

    /// `5 min` (`5m`), `Now` in the last minute, `Cancelled` (`Canc`).
    public func countdown(short: Bool = false) -> String {
        if isCancelled { return short ? "Canc" : Self.cancelled }
        if minutesToGo == 0 { return "Now" }
        return short ? "\(minutesToGo)m" : "\(minutesToGo) min"
    }

    /// `+2 min` (`+2`) when late; nil when on time, early or cancelled.
    public func delay(short: Bool = false) -> String? {
        guard !isCancelled, let minutesLate else { return nil }
        return short ? "+\(minutesLate)" : "+\(minutesLate) min"
    }

    /// `leave in 3 min` (`go 3m`), `go now`, `too late` (`-`) for a row the walk cannot reach.
    public func leave(short: Bool = false) -> String {
        guard isReachable else { return short ? "-" : Self.tooLate }
        if minutesToLeave == 0 { return Self.goNow }
        return short ? "go \(minutesToLeave)m" : "leave in \(minutesToLeave) min"
    }

    public static let cancelled = "Cancelled"
    public static let goNow = "go now"
    public static let tooLate = "too late"
}
