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
    public func merged(
        _ sources: [(place: SourcePlace, departures: [ResolvedDeparture])],
        now: Date
    ) -> [PlacedDeparture] {
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
    /// the earliest.
    static func oneCallPerTrip(_ rows: [PlacedDeparture]) -> [PlacedDeparture] {
        TripCalls.onePerTrip(rows, feed: \.place.feed, departure: \.resolved.departure, source: \.place.index) { row, held in
            row.isReachable != held.isReachable ? row.isReachable : row.resolved.instant < held.resolved.instant
        }
    }

    /// By the moment to leave; ties by departure, then as one source's rows, then by source.
    static func leavingOrder(_ lhs: PlacedDeparture, _ rhs: PlacedDeparture) -> Bool {
        if lhs.leaveAt != rhs.leaveAt { return lhs.leaveAt < rhs.leaveAt }
        if order(lhs.resolved, rhs.resolved) { return true }
        if order(rhs.resolved, lhs.resolved) { return false }
        return lhs.place.index < rhs.place.index
    }
}

/// A trip that several sources of one feed see (a bus passing two of the board's stops) is
/// one trip: the rule that keeps one of its calls, for a sign's rows and a hub stop's stream.
public enum TripCalls {
    /// Of the calls of one trip of one feed seen by different sources, the one `prefers`
    /// picks over the call held, in the place of the first; a trip calling twice at one
    /// source (a loop) keeps both calls. A call whose id names no one trip of its source's
    /// answer (`TripIdentity`) is kept as it is, never merged.
    public static func onePerTrip<Call>(
        _ calls: [Call], feed: (Call) -> String, departure: (Call) -> Departure,
        source: (Call) -> Int, prefers: (Call, Call) -> Bool
    ) -> [Call] {
        let answers = Dictionary(grouping: calls, by: source).mapValues { TripIdentity($0.map(departure)) }
        var chosen: [String: Int] = [:]  // feed + trip → index into `kept`
        var kept: [Call] = []
        for call in calls {
            let trip = departure(call).tripID
            guard answers[source(call)]?.identifies(trip) == true else {
                kept.append(call)
                continue
            }
            let key = feed(call) + "\u{1F}" + trip
            guard let index = chosen[key], source(kept[index]) != source(call) else {
                chosen[key] = chosen[key] ?? kept.count
                kept.append(call)
                continue
            }
            if prefers(call, kept[index]) { kept[index] = call }
        }
        return kept
    }
}
