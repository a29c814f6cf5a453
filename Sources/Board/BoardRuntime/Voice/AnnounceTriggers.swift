public import DeparturesCore

/// When a running board speaks by itself (`announce:`): on the clock every `every`, and when a
/// chosen route is `lead` minutes or less from leaving, once per trip.
public struct AnnounceRules: Sendable, Equatable {
    /// Clock-aligned (every 15 min: at :00, :15, :30, :45); nil: not on a schedule.
    public var every: Duration?
    /// Route names as the rows show them; empty: no route is watched.
    public var routes: Set<String>
    /// How many minutes before it leaves a watched route is announced.
    public var lead: Int

    public init(every: Duration? = nil, routes: Set<String> = [], lead: Int = 2) {
        self.every = every
        self.routes = routes
        self.lead = lead
    }
}

/// Why the board speaks now.
public enum AnnounceReason: Equatable, Sendable {
    /// The clock reached a multiple of `every`: the next departures.
    case scheduled
    /// These rows of watched routes are due: only they are spoken.
    case due([DepartureRow])

    /// For the log.
    public var label: String {
        switch self {
        case .scheduled: "schedule"
        case .due(let rows): "due: \(rows.map(\.route).joined(separator: ", "))"
        }
    }
}

/// The rules with what they have already announced. The first look only notes the clock's
/// slot, so a restart at 09:15:20 does not speak for 09:15.
public struct AnnounceTriggers: Sendable {
    public let rules: AnnounceRules
    private var slot: Int64?
    /// Trips announced and still on the board; a trip that leaves the board is forgotten.
    private var announced: Set<String> = []

    public init(rules: AnnounceRules) {
        self.rules = rules
    }

    /// What to say now, if anything; each slot and each trip is used once, whether or not the
    /// speech could be played (a board that may not speak now does not catch up later).
    public mutating func check(at now: Date, rows: [DepartureRow]) -> AnnounceReason? {
        var reason: AnnounceReason?
        if let seconds = rules.every.map(Self.seconds), seconds > 0 {
            let current = Int64(now.timeIntervalSince1970.rounded(.down)) / seconds
            if let slot, current != slot { reason = .scheduled }
            slot = current
        }
        guard !rules.routes.isEmpty else { return reason }
        let key = Self.keys(rows)
        announced.formIntersection(Set(rows.map(key)))
        let due = rows.filter { row in
            rules.routes.contains(row.route) && !row.isCancelled && row.minutes <= rules.lead && row.minutes >= 0
                && !announced.contains(key(row))
        }
        announced.formUnion(due.map(key))
        // The board's own schedule speaks every row anyway, the due ones among them.
        if reason == nil, !due.isEmpty { reason = .due(due) }
        return reason
    }

    /// The next instant the clock rule fires, for the draw loop's sleep; nil without one.
    public func nextScheduled(after now: Date) -> Date? {
        guard let seconds = rules.every.map(Self.seconds), seconds > 0 else { return nil }
        let t = Int64(now.timeIntervalSince1970.rounded(.down))
        return Date(timeIntervalSince1970: Double((t / seconds + 1) * seconds))
    }

    private static func seconds(_ duration: Duration) -> Int64 { duration.components.seconds }

    /// A row's key: its trip where the id names one (`TripIdentity`), else its route and time,
    /// so two buses under one placeholder id are two announcements.
    private static func keys(_ rows: [DepartureRow]) -> (DepartureRow) -> String {
        let places = Dictionary(grouping: rows, by: \.place.index).mapValues {
            TripIdentity(calls: $0.map { ($0.tripID, [$0.route, $0.headsign, $0.time]) })
        }
        return { row in
            let named = places[row.place.index]?.identifies(row.tripID) == true
            return "\(row.place.index)\u{1F}\(named ? row.tripID : row.time)\u{1F}\(row.route)"
        }
    }
}
