/// Which scheduled departures a board wants. Every criterion left nil lets everything through.
public struct GTFSFilter: Sendable, Hashable {
    /// Route ids (`route_id`) to keep.
    public var routeIDs: Set<String>?
    /// Route short names (`route_short_name`) to keep.
    public var routeShortNames: Set<String>?
    /// Keep only headsigns containing this text, ignoring case.
    public var headsignContains: String?
    /// Keep only trips with this `direction_id` (0 or 1).
    public var directionID: Int?

    public init(
        routeIDs: Set<String>? = nil, routeShortNames: Set<String>? = nil,
        headsignContains: String? = nil, directionID: Int? = nil
    ) {
        self.routeIDs = routeIDs
        self.routeShortNames = routeShortNames
        self.headsignContains = headsignContains
        self.directionID = directionID
    }

    /// Lets every departure through.
    public static let all = GTFSFilter()

    /// A route passes when it matches either set; with neither set, every route passes.
    public func accepts(routeID: String, shortName: String?) -> Bool {
        if routeIDs == nil, routeShortNames == nil { return true }
        if routeIDs?.contains(routeID) == true { return true }
        if let shortName, routeShortNames?.contains(shortName) == true { return true }
        return false
    }

    public func accepts(headsign: String, directionID: Int?) -> Bool {
        if let wanted = self.directionID, directionID != wanted { return false }
        if let needle = headsignContains, !needle.isEmpty,
            !headsign.lowercased().contains(needle.lowercased())
        {
            return false
        }
        return true
    }
}
