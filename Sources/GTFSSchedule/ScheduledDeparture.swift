import ZoneInfo
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
    public var departureSecs: Int
    /// For frequency-based trips: the instance's start time "HH:MM:SS"; nil otherwise.
    public var startTime: String?
    public init(tripID: String, routeID: String, routeLabel: String, headsign: String, directionID: Int?, stopID: String, stopSequence: Int, serviceDay: CivilDate, departureSecs: Int, startTime: String? = nil) {
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
    }
}
