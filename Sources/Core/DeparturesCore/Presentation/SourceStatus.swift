/// How one of a board's sources is doing at the frame's instant: what the status page lists
/// and what marks a failing source's label on the panel.
public struct SourceStatus: Hashable, Sendable {
    public var place: SourcePlace
    /// `ok` (also when it answered with no departures), `stale` (rows kept past a failure,
    /// within its stale limit), `error` (nothing to show), or `loading` before its first answer.
    public var status: Health
    /// Why it fails, in the board's words; nil while it is fine.
    public var message: String?
    /// When it last answered; nil before its first answer. (An instant, not an age, so a
    /// state does not change every second while nothing on the board does.)
    public var lastSuccess: Date?

    public enum Health: String, Sendable, Equatable, CaseIterable {
        case loading, ok, stale, error
    }

    public init(place: SourcePlace, status: Health, message: String?, lastSuccess: Date?) {
        self.place = place
        self.status = status
        self.message = message
        self.lastSuccess = lastSuccess
    }

    public var isFailing: Bool { status == .stale || status == .error }

    /// Whole seconds since it last answered, at `now`; nil before its first answer.
    public func dataAgeSeconds(at now: Date) -> Int? {
        lastSuccess.map { max(0, Int(now.timeIntervalSince($0).rounded(.down))) }
    }
}
