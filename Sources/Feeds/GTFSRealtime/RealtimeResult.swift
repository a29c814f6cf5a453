public import DeparturesCore

/// The board rows after applying a feed, and what became of the feed.
public struct RealtimeResult: Sendable, Equatable {
    /// The scheduled rows in input order (a cancelled trip or skipped call as a row with
    /// `isCancelled`, while within the applier's `cancelledWindow`; DELETED trips and
    /// replaced calls left out), then the rows of trips the timetable does not have (ADDED,
    /// NEW, DUPLICATED, REPLACEMENT) ordered by expected time, scheduled time, trip, stop.
    public var departures: [Departure]
    /// The feed header's timestamp; nil when there was no feed or it had none.
    public var feedTimestamp: Date?
    /// True when a feed was given but ignored for its age (or a missing timestamp).
    public var isStale: Bool
    /// Why realtime was not used, for logs and the board's message; nil when it was.
    public var note: String?
    /// Header texts of active service alerts for the rows' routes or stops.
    public var alerts: [String]
    /// Rows whose platform realtime moved, in `departures` order.
    public var platformChanges: [PlatformChange]
    /// `FeedMessage.entity` count of the feed given (0 without one), stale or not.
    public var entityCount: Int
    /// The feed's TripUpdates for the board's routes, ADDED and NEW trips left out: the
    /// denominator of `matchRate`. Counted for any feed given, stale or not.
    public var tripsForBoardRoutes: Int
    /// How many of `tripsForBoardRoutes` name a trip_id the timetable has.
    public var matchedTrips: Int

    /// matchedTrips / tripsForBoardRoutes; nil when there is nothing to count. A feed that
    /// still updates but no longer matches the timetable (trip ids renumbered, a feed for
    /// another timetable version) shows as a rate near 0 while every row says "scheduled".
    public var matchRate: Double? {
        tripsForBoardRoutes == 0 ? nil : Double(matchedTrips) / Double(tripsForBoardRoutes)
    }

    public init(
        departures: [Departure], feedTimestamp: Date?, isStale: Bool, note: String?, alerts: [String] = [],
        platformChanges: [PlatformChange] = [], entityCount: Int = 0, tripsForBoardRoutes: Int = 0,
        matchedTrips: Int = 0
    ) {
        self.departures = departures
        self.feedTimestamp = feedTimestamp
        self.isStale = isStale
        self.note = note
        self.alerts = alerts
        self.platformChanges = platformChanges
        self.entityCount = entityCount
        self.tripsForBoardRoutes = tripsForBoardRoutes
        self.matchedTrips = matchedTrips
    }
}

/// A row whose call realtime moved to another stop of the station, with another platform
/// code: the board can flag it. `Departure.platform` already holds the new code.
public struct PlatformChange: Sendable, Hashable {
    public var tripID: String
    /// The timetable's platform code (nil when the scheduled stop had none).
    public var scheduledPlatform: String?
    public var platform: String

    public init(tripID: String, scheduledPlatform: String?, platform: String) {
        self.tripID = tripID
        self.scheduledPlatform = scheduledPlatform
        self.platform = platform
    }
}
