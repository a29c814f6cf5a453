public import ZoneInfo

/// What a board is showing.
public enum BoardStatus: String, Sendable, Equatable, CaseIterable {
    /// No data yet.
    case loading
    /// Fresh departures.
    case ok
    /// The source answered: no departures.
    case empty
    /// The last good departures, still counting down, after a failed refresh.
    case stale
    /// No usable data: the message fills the board.
    case error
}

/// Everything the layout needs for one frame, computed for one instant.
public struct BoardState: Equatable, Sendable {
    public var boardName: String
    public var now: Date
    public var status: BoardStatus
    /// The error message for `stale` and `error`, nil otherwise.
    public var message: String?

    /// What the board says for `stale` and `error`: the source's message, else the seed app's.
    public var shownMessage: String { message ?? DeparturesError.failedMessage }

    /// The line a board shows instead of rows (every layout and the text output say the same),
    /// nil while there are rows to show.
    public var placeholder: String? {
        switch status {
        case .loading: return "Loading departures…"
        case .empty: return "No departures"
        case .error: return shownMessage
        case .ok, .stale: return nil
        }
    }
    /// When the source last answered successfully.
    public var updated: Date?
    public var rows: [DepartureRow]
    /// A line from the source (a service alert) shown with `ok` rows; nil otherwise.
    public var notice: String?
    /// The alerts in force from the sources whose rows are shown, severest first.
    public var alerts: [ServiceAlert]
    /// The alerts told in words (no service, reduced service, a detour, a moved stop), in order.
    public var toldAlerts: [ServiceAlert] { alerts.filter(\.effect.isToldAsText) }
    /// The notice a layout draws: a source's notice stands in for alerts only beside fresh
    /// rows of a board that has none.
    public var shownNotice: String? { status == .ok && alerts.isEmpty ? notice : nil }
    /// The board's zone: every clock shown (header, "updated") is read in it.
    public var zone: TimeZoneRules
    /// Each source's own state, in `sources:` order: one entry on a one-source board.
    public var sources: [SourceStatus]

    /// The places (`SourcePlace.index`) of the sources that fail: their labels carry a mark.
    public var failingSources: Set<Int> { Set(sources.filter(\.isFailing).map(\.place.index)) }

    /// The sources of a board that otherwise shows rows which fail with none left on it: no
    /// row carries their marked label, so the panel says so in a line of its own.
    public var failingWithoutRows: [SourceStatus] {
        guard sources.count > 1 else { return [] }
        let shown = Set(rows.map(\.place.index))
        return sources.filter { $0.status == .error && !shown.contains($0.place.index) }
    }

    /// What a panel says of such a source: its label, marked as its rows' would be, and why.
    public static func failingLine(_ source: SourceStatus) -> String {
        source.place.name + "! " + (source.message ?? DeparturesError.failedMessage)
    }

    public init(
        boardName: String, now: Date, status: BoardStatus, message: String?, updated: Date?,
        rows: [DepartureRow], notice: String? = nil, alerts: [ServiceAlert] = [], zone: TimeZoneRules,
        sources: [SourceStatus] = []
    ) {
        self.alerts = alerts
        self.zone = zone
        self.sources = sources
        self.boardName = boardName
        self.now = now
        self.status = status
        self.message = message
        self.updated = updated
        self.rows = rows
        self.notice = notice
    }
}
