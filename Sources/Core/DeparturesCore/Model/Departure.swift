/// One departure as the API sends it (`GET /api/v1/stops/{stopId}/departures`).
///
/// Times count seconds from the start of a service day (GTFS style), not instants:
/// `ServiceDayCalendar` turns them into instants in the board's zone.
public struct Departure: Codable, Hashable, Sendable {
    public var tripID: String
    public var routeShortName: String
    public var headsign: String
    public var scheduledTimeSecs: Int
    public var realtimeTimeSecs: Int
    /// Seconds late (negative when early) as reported by the feed.
    public var delaySeconds: Int
    /// False when only the timetable is known (no live vehicle data).
    public var isRealtime: Bool
    // Optional keys (absent in older responses): what a rider must know beyond the time.
    /// The platform, track or bay, where the source knows it.
    public var platform: String?
    /// The trip is cancelled, or skips this stop today: shown as such, never as a departure.
    public var isCancelled: Bool
    /// The time is interpolated between timed stops (a stop that is not a timepoint).
    public var isEstimated: Bool
    /// No one can board here (drop-off only, or the trip's last stop): an arrival.
    public var isDropOffOnly: Bool
    /// The route's own colours, six hex digits as GTFS writes them (`F99D1C`): its badge
    /// unless the board sets one.
    public var routeColor: String?
    public var routeTextColor: String?
    /// How full the vehicle is, where the source knows; its load in percent of its capacity
    /// (above 100 when crushed); each carriage's level, front to back (nil: no data for it).
    public var occupancy: Occupancy?
    public var occupancyPercent: Int?
    public var carriages: [Occupancy?]?
    /// The alerts (`ServiceAlert.id`) that concern this departure, as its source matched them.
    public var alertIDs: [String]

    public init(
        tripID: String, routeShortName: String, headsign: String,
        scheduledTimeSecs: Int, realtimeTimeSecs: Int, delaySeconds: Int, isRealtime: Bool,
        platform: String? = nil, isCancelled: Bool = false, isEstimated: Bool = false, isDropOffOnly: Bool = false,
        routeColor: String? = nil, routeTextColor: String? = nil,
        occupancy: Occupancy? = nil, occupancyPercent: Int? = nil, carriages: [Occupancy?]? = nil,
        alertIDs: [String] = []
    ) {
        self.alertIDs = alertIDs
        self.occupancy = occupancy
        self.occupancyPercent = occupancyPercent
        self.carriages = carriages
        self.routeColor = routeColor
        self.routeTextColor = routeTextColor
        self.tripID = tripID
        self.routeShortName = routeShortName
        self.headsign = headsign
        self.scheduledTimeSecs = scheduledTimeSecs
        self.realtimeTimeSecs = realtimeTimeSecs
        self.delaySeconds = delaySeconds
        self.isRealtime = isRealtime
        self.platform = platform
        self.isCancelled = isCancelled
        self.isEstimated = isEstimated
        self.isDropOffOnly = isDropOffOnly
    }

    /// Whole numbers are read through `Double` so `1.5` is reported at its key as "expected
    /// a whole number" (the decoder alone calls it invalid JSON, with no path).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func wholeNumber(_ key: CodingKeys) throws -> Int {
            if let value = try? container.decode(Int.self, forKey: key) { return value }
            let number: Double
            do {
                number = try container.decode(Double.self, forKey: key)
            } catch DecodingError.typeMismatch(_, let context) {
                throw DecodingError.typeMismatch(Int.self, context)
            }
            guard number.rounded() == number, let value = Int(exactly: number) else {
                throw DecodingError.typeMismatch(
                    Int.self,
                    DecodingError.Context(
                        codingPath: container.codingPath + [key], debugDescription: "\(number) is not a whole number"))
            }
            return value
        }
        tripID = try container.decode(String.self, forKey: .tripID)
        routeShortName = try container.decode(String.self, forKey: .routeShortName)
        headsign = try container.decode(String.self, forKey: .headsign)
        scheduledTimeSecs = try wholeNumber(.scheduledTimeSecs)
        realtimeTimeSecs = try wholeNumber(.realtimeTimeSecs)
        delaySeconds = try wholeNumber(.delaySeconds)
        isRealtime = try container.decode(Bool.self, forKey: .isRealtime)
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
        isCancelled = try container.decodeIfPresent(Bool.self, forKey: .isCancelled) ?? false
        isEstimated = try container.decodeIfPresent(Bool.self, forKey: .isEstimated) ?? false
        isDropOffOnly = try container.decodeIfPresent(Bool.self, forKey: .isDropOffOnly) ?? false
        routeColor = try container.decodeIfPresent(String.self, forKey: .routeColor)
        routeTextColor = try container.decodeIfPresent(String.self, forKey: .routeTextColor)
        // Crowding is additive: a word this version does not know is no data, never a refusal.
        occupancy = (try? container.decodeIfPresent(String.self, forKey: .occupancy))?.flatMap(Occupancy.init(word:))
        occupancyPercent = (try? container.decodeIfPresent(Double.self, forKey: .occupancyPercent))?
            .flatMap { $0.isFinite && $0 >= 0 && $0 < 1000 ? Int($0.rounded()) : nil }
        carriages = (try? container.decodeIfPresent([String?].self, forKey: .carriages))?.map { $0.flatMap(Occupancy.init(word:)) }
        alertIDs = (try? container.decodeIfPresent([String].self, forKey: .alertIDs)) ?? []
    }

    /// Absent optional keys stay absent, so a response carries only what its source knows.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tripID, forKey: .tripID)
        try container.encode(routeShortName, forKey: .routeShortName)
        try container.encode(headsign, forKey: .headsign)
        try container.encode(scheduledTimeSecs, forKey: .scheduledTimeSecs)
        try container.encode(realtimeTimeSecs, forKey: .realtimeTimeSecs)
        try container.encode(delaySeconds, forKey: .delaySeconds)
        try container.encode(isRealtime, forKey: .isRealtime)
        try container.encodeIfPresent(platform, forKey: .platform)
        if isCancelled { try container.encode(true, forKey: .isCancelled) }
        if isEstimated { try container.encode(true, forKey: .isEstimated) }
        if isDropOffOnly { try container.encode(true, forKey: .isDropOffOnly) }
        try container.encodeIfPresent(routeColor, forKey: .routeColor)
        try container.encodeIfPresent(routeTextColor, forKey: .routeTextColor)
        try container.encodeIfPresent(occupancy, forKey: .occupancy)
        try container.encodeIfPresent(occupancyPercent, forKey: .occupancyPercent)
        try container.encodeIfPresent(carriages, forKey: .carriages)
        if !alertIDs.isEmpty { try container.encode(alertIDs, forKey: .alertIDs) }
    }

    /// True for six hex digits, the form GTFS and this API write colours in.
    public static func isColor(_ text: String) -> Bool {
        text.utf8.count == 6 && text.utf8.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
    }

    enum CodingKeys: String, CodingKey {
        case tripID = "trip_id"
        case routeShortName = "route_short_name"
        case headsign
        case scheduledTimeSecs = "scheduled_time_secs"
        case realtimeTimeSecs = "realtime_time_secs"
        case delaySeconds = "delay_s"
        case isRealtime = "realtime"
        case platform
        case isCancelled = "cancelled"
        case isEstimated = "estimated"
        case isDropOffOnly = "drop_off_only"
        case routeColor = "route_color"
        case routeTextColor = "route_text_color"
        case occupancy
        case occupancyPercent = "occupancy_percent"
        case carriages
        case alertIDs = "alert_ids"
    }
}

/// The API's envelope: `{"data": [Departure], "alerts": [ServiceAlert]}`, `alerts` additive.
public struct DeparturesResponse: Codable, Hashable, Sendable {
    public var data: [Departure]
    public var alerts: [ServiceAlert]

    public init(data: [Departure], alerts: [ServiceAlert] = []) {
        self.data = data
        self.alerts = alerts
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = try container.decode([Departure].self, forKey: .data)
        alerts = try container.decodeIfPresent([ServiceAlert].self, forKey: .alerts) ?? []
    }

    /// Without alerts the bytes are the contract's first form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data, forKey: .data)
        if !alerts.isEmpty { try container.encode(alerts, forKey: .alerts) }
    }

    enum CodingKeys: String, CodingKey { case data, alerts }
}
