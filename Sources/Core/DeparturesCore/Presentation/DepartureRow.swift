public import ZoneInfo

/// One row as a board shows it: everything already turned into text for `now`.
public struct DepartureRow: Hashable, Sendable {
    public var tripID: String
    public var route: String
    public var headsign: String
    /// Whole minutes until departure, never negative.
    public var minutes: Int
    /// The feed's delay in seconds, negative when early (what `words` rounds).
    public var delaySeconds: Int = 0
    /// `HH:mm` of the departure instant in the board's zone.
    public var time: String
    /// False for timetable-only rows, which a board shows differently.
    public var isRealtime: Bool
    /// The platform, track or bay, where known.
    public var platform: String?
    /// Cancelled, or not stopping here: the countdown reads `Cancelled`.
    public var isCancelled: Bool
    /// An interpolated time (a stop that is not a timepoint).
    public var isEstimated: Bool
    /// An arrival where no one can board.
    public var isDropOffOnly: Bool
    /// Drawn as a timetable time (`~`, dimmed): not live where live data was expected. A
    /// board whose source has no live data at all shows its timetable plainly.
    public var looksScheduled: Bool
    /// The route's colours from the source (`F99D1C`), where it has them.
    public var routeColor: String?
    public var routeTextColor: String?
    /// Where the departure leaves from: which of the board's sources, and the walk there.
    public var place = SourcePlace()
    /// Whole minutes until the rider must leave to catch it, never negative.
    public var leaveInMinutes: Int
    /// False for a departure too soon to walk to, kept by `unreachable: show`.
    public var isReachable = true
    /// How full the vehicle is, its load in percent and each carriage's level, where known.
    public var occupancy: Occupancy?
    public var occupancyPercent: Int?
    public var carriages: [Occupancy?]?
    /// The alerts in force that concern it (`ServiceAlert.id`); the board marks the row.
    public var alertIDs: [String]

    /// The source's label, or its 1-based position in `sources:` when it has none.
    public var source: String { place.name }
    /// The walk from the sign to the source's stop, in seconds.
    public var walkSeconds: Int { Int(place.walk.components.seconds) }
    /// Its countdown, delay and leave-by in words, long and short, and the numbers they say.
    public var words: RowWords {
        RowWords(
            minutesToGo: minutes, delaySeconds: delaySeconds, minutesToLeave: leaveInMinutes,
            isCancelled: isCancelled, isReachable: isReachable)
    }
    /// `5 min`, `Now` in the last minute, or `Cancelled`.
    public var countdown: String { words.countdown() }
    /// `+2 min` when late, nil otherwise.
    public var delay: String? { words.delay() }
    /// `leave in 3 min`, `go now`, or `too late` for a row kept by `unreachable: show`.
    public var leave: String { words.leave() }

    /// A row of a board with several sources: its place, walk and moment to leave.
    public init(_ placed: PlacedDeparture, now: Date, zone: TimeZoneRules, liveDataExpected: Bool = true) {
        self.init(placed.resolved, now: now, zone: zone, liveDataExpected: liveDataExpected)
        // The place as the rider sees it: which feed the trip came from is the merge's business.
        place = SourcePlace(index: placed.place.index, label: placed.place.label, walk: placed.place.walk)
        leaveInMinutes = Self.minutes(until: placed.leaveAt, from: now)
        isReachable = placed.isReachable
    }

    public init(_ resolved: ResolvedDeparture, now: Date, zone: TimeZoneRules, liveDataExpected: Bool = true) {
        let departure = resolved.departure
        tripID = departure.tripID
        route = departure.routeShortName
        headsign = departure.headsign
        minutes = Self.minutes(until: resolved.instant, from: now)
        leaveInMinutes = minutes
        isCancelled = departure.isCancelled
        delaySeconds = departure.delaySeconds
        time = TimeText.clock(resolved.instant, in: zone)
        isRealtime = departure.isRealtime
        platform = departure.platform
        isEstimated = departure.isEstimated
        isDropOffOnly = departure.isDropOffOnly
        looksScheduled = liveDataExpected && !departure.isRealtime
        routeColor = departure.routeColor
        routeTextColor = departure.routeTextColor
        occupancy = departure.occupancy
        occupancyPercent = departure.occupancyPercent
        carriages = departure.carriages
        alertIDs = departure.alertIDs
    }

    /// max(0, ⌊(instant − now) / 60 s⌋).
    public static func minutes(until instant: Date, from now: Date) -> Int {
        let seconds = instant.timeIntervalSince(now)
        guard seconds > 0 else { return 0 }
        return Int((seconds / 60).rounded(.down))
    }
}
