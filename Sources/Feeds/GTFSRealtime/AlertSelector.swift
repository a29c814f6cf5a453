import DeparturesCore
import GTFSSchedule
import ZoneInfo

/// One `informed_entity` of an alert in GTFS ids: every field given must match
/// (GTFS-Realtime reference, EntitySelector).
struct AlertSelector: Hashable, Sendable {
    var agencyID: String?
    var routeID: String?
    var routeType: Int?
    var directionID: Int?
    var stopID: String?
    var trip: Trip?

    /// A TripDescriptor: by trip_id, or by route, direction and start time for feeds that
    /// name trips that way (frequency-based services).
    struct Trip: Hashable, Sendable {
        var tripID: String?
        var routeID: String?
        var directionID: Int?
        var startSecs: Int?
        var startDate: CivilDate?

        func matches(_ row: RowIdentity) -> Bool {
            if let startDate, let day = row.serviceDay, day != startDate { return false }
            if let tripID { return tripID == row.tripID && (startSecs == nil || row.startSecs == nil || startSecs == row.startSecs) }
            guard let routeID, let startSecs else { return false }
            return routeID == row.routeID && startSecs == row.startSecs && (directionID == nil || directionID == row.directionID)
        }
    }

    /// Nil for a selector that names nothing, or names it in a way the reference does not
    /// allow (a direction without a route, a trip with neither id nor route and start time).
    init?(_ selector: TransitRealtime_EntitySelector) {
        func text(_ has: Bool, _ value: String) -> String? { has && !value.isEmpty ? value : nil }
        agencyID = text(selector.hasAgencyID, selector.agencyID)
        routeID = text(selector.hasRouteID, selector.routeID)
        routeType = selector.hasRouteType ? Int(selector.routeType) : nil
        directionID = selector.hasDirectionID ? Int(selector.directionID) : nil
        stopID = text(selector.hasStopID, selector.stopID)
        if selector.hasTrip {
            let descriptor = selector.trip
            let trip = Trip(
                tripID: descriptor.hasTripID ? TripIdentity.given(descriptor.tripID) : nil,
                routeID: text(descriptor.hasRouteID, descriptor.routeID) ?? routeID,
                directionID: descriptor.hasDirectionID ? Int(descriptor.directionID) : directionID,
                startSecs: descriptor.hasStartTime ? GTFSText.seconds(fromTime: descriptor.startTime) : nil,
                startDate: descriptor.hasStartDate ? GTFSText.date(fromYYYYMMDD: descriptor.startDate) : nil)
            guard trip.tripID != nil || (trip.routeID != nil && trip.startSecs != nil) else { return nil }
            self.trip = trip
        }
        if directionID != nil, routeID == nil, trip == nil { return nil }
        guard agencyID != nil || routeID != nil || routeType != nil || stopID != nil || trip != nil else { return nil }
    }

    /// Whether a row is concerned, by its ids and its route's type and agency.
    func matches(_ row: RowIdentity, routes: [String: GTFSStore.RouteFacts]) -> Bool {
        let route = row.routeID.flatMap { routes[$0] }
        if let agencyID, route?.agencyID != agencyID { return false }
        if let routeID, row.routeID != routeID { return false }
        if let routeType, route?.routeType != routeType { return false }
        if let directionID, row.directionID != directionID { return false }
        if let stopID, !row.stopIDs.contains(stopID) { return false }
        if let trip, !trip.matches(row) { return false }
        return true
    }

    /// Whether it concerns the board: a row it matches, or (without a trip, which names rows
    /// only) the board's stops and routes even when none of their rows is showing now.
    func concerns(_ board: AlertBoard) -> Bool {
        if board.rows.contains(where: { matches($0, routes: board.routes) }) { return true }
        guard trip == nil else { return false }
        if let stopID, !board.stopIDs.contains(stopID) { return false }
        let candidates = routeID.map { id in board.routes[id].map { [$0] } ?? [] } ?? Array(board.routes.values)
        guard routeID != nil || agencyID != nil || routeType != nil else { return true }
        return candidates.contains { route in
            (agencyID == nil || route.agencyID == agencyID) && (routeType == nil || route.routeType == routeType)
        }
    }

    /// The core's scope: the route as rows name it, the trips it matched on the board.
    func scopes(on board: AlertBoard) -> [AlertScope] {
        let label = routeID.map { board.routes[$0]?.label ?? $0 }
        let base = AlertScope(agency: agencyID, route: label, routeType: routeType, direction: directionID, stop: stopID)
        guard let trip else { return [base] }
        var seen = Set<String>()
        let trips = board.rows.filter { matches($0, routes: board.routes) }.map(\.tripID).filter { seen.insert($0).inserted }
        let tripLabel = base.route ?? trip.routeID.map { board.routes[$0]?.label ?? $0 }
        return trips.map { id in
            var scope = base
            scope.route = tripLabel
            scope.trip = id
            return scope
        }
    }
}
