public import ZoneInfo

/// A departure placed on the time line: its service day and instants.
public struct ResolvedDeparture: Hashable, Sendable {
    public var departure: Departure
    public var serviceDay: CivilDate
    public var scheduledInstant: Date
    /// The best-known departure instant (realtime when the feed has it).
    public var instant: Date

    public init(departure: Departure, serviceDay: CivilDate, scheduledInstant: Date, instant: Date) {
        self.departure = departure
        self.serviceDay = serviceDay
        self.scheduledInstant = scheduledInstant
        self.instant = instant
    }
}

/// The time rules of a board: which departures show, in what order, how many.
public struct DepartureRules: Sendable, Equatable {
    public var calendar: ServiceDayCalendar
    /// Departures further than this in the past are not shown.
    public var departedGrace: Duration
    /// Rows kept after sorting.
    public var limit: Int
    /// Departures too soon to walk to: left out, or kept and marked.
    public var unreachable: UnreachableRows

    public init(
        calendar: ServiceDayCalendar, departedGrace: Duration = .seconds(60), limit: Int = 20,
        unreachable: UnreachableRows = .hide
    ) {
        self.calendar = calendar
        self.departedGrace = departedGrace
        self.limit = limit
        self.unreachable = unreachable
    }

    /// Places each departure on its service day. The scheduled time picks the day, so a
    /// delay never moves a trip to another day; the realtime time then gives the instant.
    public func resolve(_ departures: [Departure], now: Date) -> [ResolvedDeparture] {
        departures.map { departure in
            let day = calendar.nearestServiceDay(for: departure.scheduledTimeSecs, now: now)
            return ResolvedDeparture(
                departure: departure, serviceDay: day,
                scheduledInstant: calendar.instant(departure.scheduledTimeSecs, on: day),
                instant: calendar.instant(departure.realtimeTimeSecs, on: day))
        }
    }

    /// Drops departed trips, sorts by instant, keeps `limit`.
    public func visible(_ departures: [ResolvedDeparture], now: Date) -> [ResolvedDeparture] {
        let earliest = now.addingTimeInterval(-departedGrace.timeInterval)
        let shown = departures.filter { $0.instant >= earliest }.sorted(by: Self.order)
        return Array(shown.prefix(limit))
    }

    /// By instant; ties by scheduled instant, route and trip, so the order never depends on
    /// the order the source happened to send.
    static func order(_ lhs: ResolvedDeparture, _ rhs: ResolvedDeparture) -> Bool {
        if lhs.instant != rhs.instant { return lhs.instant < rhs.instant }
        if lhs.scheduledInstant != rhs.scheduledInstant { return lhs.scheduledInstant < rhs.scheduledInstant }
        if lhs.departure.routeShortName != rhs.departure.routeShortName {
            return lhs.departure.routeShortName < rhs.departure.routeShortName
        }
        return lhs.departure.tripID < rhs.departure.tripID
    }
}
