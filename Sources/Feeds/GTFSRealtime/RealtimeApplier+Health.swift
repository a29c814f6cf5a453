import DeparturesCore
import GTFSSchedule
/// How well a feed fits the timetable, for the board's routes (`RealtimeResult.matchRate`).
///
/// Counted: every TripUpdate entity (not is_deleted) whose route is one of the board's —
/// TripDescriptor.route_id, else the route of the scheduled rows with its trip_id. ADDED and
/// NEW trips are left out (they are not meant to match); DUPLICATED, REPLACEMENT, CANCELED
/// and DELETED name a timetable trip and count. Matched: the trip_id has a scheduled row or
/// `Lookups.hasTrip` knows it. An update without trip_id (route, direction and start time
/// only) counts as unmatched when its route is the board's: the applier matches by trip_id.
/// An update with neither route_id nor a scheduled row cannot be placed on a route and is not
/// counted, so a feed without route_ids whose trip ids all changed shows no rate (nil), not 0.
struct TripHealth: Equatable {
    var forBoardRoutes = 0
    var matched = 0
}

extension RealtimeApplier {
    func tripHealth(in feed: TransitRealtime_FeedMessage, board: BoardScope) -> TripHealth {
        var health = TripHealth()
        for entity in feed.entity where entity.hasTripUpdate && !entity.isDeleted {
            let trip = entity.tripUpdate.trip
            guard !TripRelationship(trip).isUnscheduledAddition else { continue }
            let tripID = trip.hasTripID ? TripIdentity.given(trip.tripID) : nil
            let scheduledRoute = tripID.flatMap { board.rowsByTrip[$0]?.first?.routeID }
            let route = trip.hasRouteID && !trip.routeID.isEmpty ? trip.routeID : scheduledRoute
            guard let route, board.routeIDs.contains(route) else { continue }
            health.forBoardRoutes += 1
            if let tripID, scheduledRoute != nil || lookups.hasTrip(tripID) { health.matched += 1 }
        }
        return health
    }
}
