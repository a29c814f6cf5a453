/// A validated hub file: the stops a departures hub serves, each with its own source, and
/// where it listens. Defaults are applied during parsing.
public struct HubFile: Sendable, Equatable {
    /// The path as given to the loader.
    public var path: String
    /// `listen`, `token_env`/`token_file`: the same keys and rules as a board's `status:`.
    public var server: StatusSettings
    /// `Cache-Control: max-age` for every stop; nil derives it from each stop's interval.
    public var maxAge: Duration?
    /// In file order; ids are unique.
    public var stops: [HubStop]

    public init(
        path: String, server: StatusSettings = StatusSettings(listen: HubFile.defaultListen),
        maxAge: Duration? = nil, stops: [HubStop]
    ) {
        self.path = path
        self.server = server
        self.maxAge = maxAge
        self.stops = stops
    }

    public static let defaultListen = ListenAddress(host: "127.0.0.1", port: 8090)
}

/// One stop of a hub: its id in the URL and the board it would be, so a sign's source
/// assembly builds its repository unchanged.
public struct HubStop: Sendable, Equatable {
    /// The `{stopId}` of `/api/v1/stops/{stopId}/departures`.
    public var id: String
    /// Named after the stop; its `source`, `timezone` and `departures` come from the entry.
    public var board: BoardFile
    /// Departures kept per response (the soonest not yet gone); nil serves all the source returns.
    public var limit: Int?

    public init(id: String, board: BoardFile, limit: Int? = nil) {
        self.id = id
        self.board = board
        self.limit = limit
    }
}

/// Reads, parses and validates hub files, with the board files' errors and suggestions.
public struct HubFileLoader: Sendable {
    private let zones: ZoneCheck

    public init(zones: ZoneCheck) {
        self.zones = zones
    }

    /// Checks zones by name only, with no suggestions (tests).
    public init(zoneExists: @escaping @Sendable (String) -> Bool) {
        self.init(zones: ZoneCheck(exists: zoneExists))
    }

    public func load(path: String) throws(BoardFileError) -> HubFile {
        try parse(BoardFileLoader.readText(path: path, what: "hub file"), path: path)
    }

    public func parse(_ text: String, path: String) throws(BoardFileError) -> HubFile {
        let root = try BoardFileLoader.parseRoot(text, path: path, what: "hub file", topKeys: HubSchema.top.keys)
        return try HubSchema.build(root: root, path: path, zones: zones)
    }
}
