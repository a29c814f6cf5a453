/// Where one of a board's sources is, as a rider at the sign sees it.
public struct SourcePlace: Hashable, Sendable {
    /// 0-based position in the board's `sources:`.
    public var index: Int
    /// A short name for the place ("Bay A", "Tram"); nil when the board gives none.
    public var label: String?
    /// How long the walk from the sign to the stop takes.
    public var walk: Duration
    /// Names the feed the source's trip ids come from (an API's base URL, a timetable's
    /// store): two sources of one feed may see the same trip, which the board shows once.
    public var feed: String

    public init(index: Int = 0, label: String? = nil, walk: Duration = .zero, feed: String = "") {
        self.index = index
        self.label = label
        self.walk = walk
        self.feed = feed
    }

    /// The label, or the 1-based position when there is none: what rows and status name.
    public var name: String { label ?? String(index + 1) }
}

/// What a board does with a departure the rider can no longer reach on foot.
public enum UnreachableRows: String, Sendable, Equatable, CaseIterable {
    /// Left out (the default): the board lists only what can still be caught.
    case hide
    /// Kept and marked, for riders who run.
    case show
}
