/// A departure of one of a board's sources, placed for a rider at the sign.
public struct PlacedDeparture: Hashable, Sendable {
    public var resolved: ResolvedDeparture
    public var place: SourcePlace
    /// When the rider must leave the sign to catch it: the departure less the walk.
    public var leaveAt: Date
    /// False when the walk is longer than the time left (kept only by `unreachable: show`).
    public var isReachable: Bool

    public init(_ resolved: ResolvedDeparture, place: SourcePlace, now: Date) {
        self.resolved = resolved
        self.place = place
        leaveAt = resolved.instant.addingTimeInterval(-place.walk.timeInterval)
        // With no walk, the departed grace alone decides, as on a one-stop board.
        isReachable = place.walk == .zero || leaveAt >= now
    }
}

extension DepartureRules {
    /// Several sources' departures as one board's rows: departed ones dropped, unreachable
    /// ones hidden (or marked), a trip that two sources of one feed both see kept once at
    /// the call the rider reaches first, then sorted by the moment to leave (ties by
    /// departure) and cut to `limit`.
    public func merged(_ sources: [(place: SourcePlace, departures: [ResolvedDeparture])],
                       now: Date) -> [PlacedDeparture] {
        let earliest = now.addingTimeInterval(-departedGrace.timeInterval)
        var placed: [PlacedDeparture] = []
        for source in sources {
            for departure in source.departures where departure.instant >= earliest {
                let row = PlacedDeparture(departure, place: source.place, now: now)
                if row.isReachable || unreachable == .show { placed.append(row) }
            }
        }
        return Array(Self.oneCallPerTrip(placed).sorted(by: Self.leavingOrder).prefix(limit))
    }

    /// One call per trip and feed: of the calls two sources of one feed see, the earliest
    /// departure the rider can still reach (the bus is caught where it comes first), else
    /// the earliest. A trip calling twice at one source (a loop) keeps both calls.
    static func oneCallPerTrip(_ rows: [PlacedDeparture]) -> [PlacedDeparture] {
        var chosen: [String: Int] = [:]   // feed + trip → index into `kept`
        var kept: [PlacedDeparture] = []
        for row in rows {
            let key = row.place.feed + "\u{1F}" + row.resolved.departure.tripID
            guard let index = chosen[key], kept[index].place.index != row.place.index else {
                chosen[key] = chosen[key] ?? kept.count
                kept.append(row)
                continue
            }
            let held = kept[index]
            if row.isReachable != held.isReachable ? row.isReachable : row.resolved.instant < held.resolved.instant {
                kept[index] = row
            }
        }
        return kept
    }

    /// By the moment to leave; ties by departure, then as one source's rows, then by source.
    static func leavingOrder(_ lhs: PlacedDeparture, _ rhs: PlacedDeparture) -> Bool {
        if lhs.leaveAt != rhs.leaveAt { return lhs.leaveAt < rhs.leaveAt }
        if order(lhs.resolved, rhs.resolved) { return true }
        if order(rhs.resolved, lhs.resolved) { return false }
        return lhs.place.index < rhs.place.index
    }
}
