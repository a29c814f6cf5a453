extension RealtimeApplier {
    /// What the applier asks the timetable store about trips, routes and stops the scheduled
    /// rows do not carry: added trips need a label, a headsign and a platform; platform
    /// changes need the new stop's code; realtime health needs to know which trips exist.
    ///
    /// Every closure must be pure for one store (the applier promises same inputs, same
    /// rows). The defaults look nothing up: no added rows get labels beyond the feed's own
    /// ids, no platform changes show, and only trips with a scheduled row count as matched.
    public struct Lookups: Sendable {
        /// The board's label for a route_id (short name, else long name); nil when unknown.
        public var routeLabel: @Sendable (_ routeID: String) -> String?
        /// stops.stop_name of a stop_id; nil when unknown.
        public var stopName: @Sendable (_ stopID: String) -> String?
        /// stops.platform_code of a stop_id; nil when unknown or the stop has none.
        public var platformCode: @Sendable (_ stopID: String) -> String?
        /// True when the timetable has this trip_id (on any day).
        public var hasTrip: @Sendable (_ tripID: String) -> Bool
        /// Whether the board shows an added trip: the board's route, headsign and direction
        /// filter, which the store applies to scheduled rows. Default: every trip.
        public var showsAddedTrip: @Sendable (_ trip: AddedTrip) -> Bool

        public init(
            routeLabel: @escaping @Sendable (_ routeID: String) -> String? = { _ in nil },
            stopName: @escaping @Sendable (_ stopID: String) -> String? = { _ in nil },
            platformCode: @escaping @Sendable (_ stopID: String) -> String? = { _ in nil },
            hasTrip: @escaping @Sendable (_ tripID: String) -> Bool = { _ in false },
            showsAddedTrip: @escaping @Sendable (_ trip: AddedTrip) -> Bool = { _ in true }
        ) {
            self.routeLabel = routeLabel
            self.stopName = stopName
            self.platformCode = platformCode
            self.hasTrip = hasTrip
            self.showsAddedTrip = showsAddedTrip
        }
    }

    /// What `Lookups.showsAddedTrip` is told about an added trip's row, to filter it as
    /// the store filters scheduled trips.
    public struct AddedTrip: Sendable, Hashable {
        /// TripDescriptor.route_id, else the route of the trip it copies or replaces.
        public var routeID: String?
        public var routeLabel: String
        public var headsign: String
        /// TripDescriptor.direction_id, else that of the trip it copies or replaces.
        public var directionID: Int?

        public init(routeID: String?, routeLabel: String, headsign: String, directionID: Int?) {
            self.routeID = routeID
            self.routeLabel = routeLabel
            self.headsign = headsign
            self.directionID = directionID
        }
    }
}
