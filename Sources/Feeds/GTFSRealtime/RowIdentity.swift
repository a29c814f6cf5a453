public import DeparturesCore
public import GTFSSchedule
public import ZoneInfo

/// A board row as GTFS names it: what alerts and vehicle positions are matched against,
/// by ids, never by the labels rows show (two routes may share a short name).
public struct RowIdentity: Sendable, Hashable {
    public var tripID: String
    public var routeID: String?
    public var directionID: Int?
    /// The row's stop and that stop's parent station, if it has one.
    public var stopIDs: Set<String>
    /// The service day of the trip's instance; nil when unknown (a trip only the feed has).
    public var serviceDay: CivilDate?
    /// When the trip starts, seconds from its service day's start: a frequency row's
    /// start_time, else its first timed stop.
    public var startSecs: Int?

    public init(
        tripID: String, routeID: String? = nil, directionID: Int? = nil, stopIDs: Set<String> = [],
        serviceDay: CivilDate? = nil, startSecs: Int? = nil
    ) {
        self.tripID = tripID
        self.routeID = routeID
        self.directionID = directionID
        self.stopIDs = stopIDs
        self.serviceDay = serviceDay
        self.startSecs = startSecs
    }

    /// A timetable row, with its stop's station (`parents`) and its trip's first timed stop
    /// (`tripStarts`, from the store).
    public init(_ row: ScheduledDeparture, parents: [String: String], tripStarts: [String: Int]) {
        var stops: Set<String> = [row.stopID]
        if let parent = parents[row.stopID] { stops.insert(parent) }
        self.init(
            tripID: row.tripID, routeID: row.routeID, directionID: row.directionID, stopIDs: stops,
            serviceDay: row.serviceDay,
            startSecs: row.startTime.flatMap(GTFSText.seconds(fromTime:)) ?? tripStarts[row.tripID])
    }

    /// A row of a trip only the TripUpdates feed has (ADDED, NEW, DUPLICATED, REPLACEMENT):
    /// named by its descriptor, at the board's stops it calls at.
    public init(
        addedTrip tripID: String, in feed: TransitRealtime_FeedMessage?, boardStops: Set<String>,
        parents: [String: String]
    ) {
        self.init(tripID: tripID)
        guard let update = feed?.entity.first(where: { $0.hasTripUpdate && $0.tripUpdate.trip.tripID == tripID })?.tripUpdate
        else { return }
        let trip = update.trip
        routeID = trip.hasRouteID && !trip.routeID.isEmpty ? trip.routeID : nil
        directionID = trip.hasDirectionID ? Int(trip.directionID) : nil
        serviceDay = trip.hasStartDate ? GTFSText.date(fromYYYYMMDD: trip.startDate) : nil
        startSecs = trip.hasStartTime ? GTFSText.seconds(fromTime: trip.startTime) : nil
        for call in update.stopTimeUpdate {
            guard let stop = LaterSpec.stopID(of: call), boardStops.contains(stop) else { continue }
            stopIDs.insert(stop)
            if let parent = parents[stop] { stopIDs.insert(parent) }
        }
    }
}

extension RowIdentity {
    /// Each row's GTFS ids: its timetable row (the call at its scheduled time, for a trip
    /// calling twice), else, for a trip only the feed has, its TripUpdate's descriptor.
    public static func of(
        _ departures: [Departure], scheduled: [ScheduledDeparture], parents: [String: String],
        tripStarts: [String: Int], tripFeed: TransitRealtime_FeedMessage?,
        boardStops: Set<String>
    ) -> [RowIdentity] {
        let byTrip = Dictionary(grouping: scheduled, by: \.tripID)
        return departures.map { departure in
            guard let calls = byTrip[departure.tripID], let first = calls.first else {
                return RowIdentity(addedTrip: departure.tripID, in: tripFeed, boardStops: boardStops, parents: parents)
            }
            let call = calls.first { $0.departureSecs == departure.scheduledTimeSecs } ?? first
            return RowIdentity(call, parents: parents, tripStarts: tripStarts)
        }
    }
}

/// What a board is, for deciding which alerts concern it.
public struct AlertBoard: Sendable {
    /// The board's routes by route_id (the store's routes the board's filter keeps).
    public var routes: [String: GTFSStore.RouteFacts]
    /// The board's stops, their platforms and their stations.
    public var stopIDs: Set<String>
    /// The rows it shows.
    public var rows: [RowIdentity]

    public init(routes: [GTFSStore.RouteFacts], stopIDs: Set<String>, rows: [RowIdentity]) {
        self.routes = Dictionary(routes.map { ($0.routeID, $0) }, uniquingKeysWith: { first, _ in first })
        self.stopIDs = stopIDs
        self.rows = rows
    }
}
