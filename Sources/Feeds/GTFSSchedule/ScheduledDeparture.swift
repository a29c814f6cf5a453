public import ZoneInfo
/// One scheduled call of a trip at a board stop, on one service day.
public struct ScheduledDeparture: Sendable, Hashable {
    public var tripID: String
    public var routeID: String
    public var routeLabel: String
    public var headsign: String
    public var directionID: Int?
    public var stopID: String
    public var stopSequence: Int
    public var serviceDay: CivilDate
    /// Seconds from the start of `serviceDay` (local noon − 12 h); may exceed 86 400.
    /// The departure time; for a drop-off-only call, the arrival time.
    public var departureSecs: Int
    /// For frequency-based trips: the instance's start time "HH:MM:SS"; nil otherwise.
    public var startTime: String?
    /// `stops.platform_code` of the call's stop, where the feed has one.
    public var platform: String?
    /// The time is approximate: the feed left the call untimed and it was interpolated
    /// between the trip's timed stops, the call has `timepoint=0`, or the trip runs by
    /// headway (`frequencies.txt` with `exact_times=0`).
    public var isEstimated: Bool
    /// No one can board here: `pickup_type=1`, or the trip's last stop (highest
    /// stop_sequence; a trip of a single call excepted). Left out of `scheduledDepartures`
    /// unless asked for.
    public var isDropOffOnly: Bool
    /// `routes.txt`'s route_color and route_text_color, six hex digits, where the feed has them.
    public var routeColor: String?
    public var routeTextColor: String?

    public init(
        tripID: String, routeID: String, routeLabel: String, headsign: String, directionID: Int?, stopID: String,
        stopSequence: Int, serviceDay: CivilDate, departureSecs: Int, startTime: String? = nil,
        platform: String? = nil, isEstimated: Bool = false, isDropOffOnly: Bool = false,
        routeColor: String? = nil, routeTextColor: String? = nil
    ) {
        self.routeColor = routeColor
        self.routeTextColor = routeTextColor
        self.tripID = tripID
        self.routeID = routeID
        self.routeLabel = routeLabel
        self.headsign = headsign
        self.directionID = directionID
        self.stopID = stopID
        self.stopSequence = stopSequence
        self.serviceDay = serviceDay
        self.departureSecs = departureSecs
        self.startTime = startTime
        self.platform = platform
        self.isEstimated = isEstimated
        self.isDropOffOnly = isDropOffOnly
    }
}
