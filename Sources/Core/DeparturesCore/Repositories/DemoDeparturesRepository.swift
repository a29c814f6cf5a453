import ZoneInfo

/// A live-looking timetable for a Sydney stop, synthesised around "now", so the preview
/// board always has upcoming departures without a network.
///
/// It is a pure function of the clock's instant: the same `--now` gives the same rows on
/// every machine (no random numbers, no `Hasher`, whose seed changes per process).
public struct DemoDeparturesRepository: DeparturesRepository {
    struct Route {
        let name: String
        let headsigns: [String]
        let headwayMinutes: Int
        let firstMinute: Int
    }

    static let routes: [Route] = [
        Route(name: "T1", headsigns: ["Emu Plains", "Berowra"], headwayMinutes: 10, firstMinute: 2),
        Route(name: "T4", headsigns: ["Cronulla", "Waterfall"], headwayMinutes: 15, firstMinute: 6),
        Route(name: "T8", headsigns: ["Macarthur via Airport"], headwayMinutes: 12, firstMinute: 4),
        Route(name: "T9", headsigns: ["Hornsby via Strathfield"], headwayMinutes: 20, firstMinute: 9),
        Route(name: "M1", headsigns: ["Tallawong"], headwayMinutes: 8, firstMinute: 1),
        Route(name: "L2", headsigns: ["Randwick"], headwayMinutes: 9, firstMinute: 3),
        Route(name: "333", headsigns: ["Bondi Beach"], headwayMinutes: 7, firstMinute: 5),
    ]

    /// How far ahead the timetable reaches.
    public static let horizonMinutes = 90

    private let calendar: ServiceDayCalendar
    private let clock: any BoardClock

    public init(calendar: ServiceDayCalendar, clock: any BoardClock) {
        self.calendar = calendar
        self.clock = clock
    }

    public func departures() async throws(DeparturesError) -> [Departure] {
        timetable(at: clock.now)
    }

    /// Departures scheduled from 2 minutes ago to `horizonMinutes` ahead, as service-day
    /// seconds of today's service day (values past 86400 after midnight, as GTFS has them).
    public func timetable(at now: Date) -> [Departure] {
        let today = calendar.localDate(at: now)
        let dayStart = calendar.serviceDayStart(today)
        let nowMinute = Int((now.unixSeconds - dayStart) / 60)
        var result: [Departure] = []
        for route in Self.routes {
            let firstTrip = Self.firstTripIndex(route, atOrAfter: nowMinute - 2)
            var trip = firstTrip
            while true {
                let minute = route.firstMinute + trip * route.headwayMinutes
                if minute > nowMinute + Self.horizonMinutes { break }
                result.append(Self.departure(route: route, trip: trip, minute: minute, day: today))
                trip += 1
            }
        }
        return result
    }

    static func firstTripIndex(_ route: Route, atOrAfter minute: Int) -> Int {
        let offset = minute - route.firstMinute
        guard offset > 0 else { return 0 }
        return (offset + route.headwayMinutes - 1) / route.headwayMinutes
    }

    static func departure(route: Route, trip: Int, minute: Int, day: CivilDate) -> Departure {
        let tripID = "\(route.name)-\(day.year * 10_000 + day.month * 100 + day.day)-\(trip)"
        let hash = fnv1a(tripID)
        let headsign = route.headsigns[Int(hash % UInt64(route.headsigns.count))]
        let scheduled = minute * 60
        let kind = (hash >> 8) % 10
        let realtime: Bool
        let delay: Int
        switch kind {
        case 0...4: (realtime, delay) = (true, 0)
        case 5: (realtime, delay) = (true, 40)  // shows as +1 min
        case 6, 7: (realtime, delay) = (true, 60 * (1 + Int((hash >> 16) % 6)))  // +1 … +6 min
        case 8: (realtime, delay) = (true, -30)  // slightly early
        default: (realtime, delay) = (false, 0)  // timetable only
        }
        return Departure(
            tripID: tripID, routeShortName: route.name, headsign: headsign,
            scheduledTimeSecs: scheduled, realtimeTimeSecs: scheduled + delay,
            delaySeconds: delay, isRealtime: realtime)
    }

    /// FNV-1a: a stable hash, so delays do not change between runs.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
