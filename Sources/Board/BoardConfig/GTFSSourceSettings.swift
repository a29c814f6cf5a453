/// A board fed by an agency's own GTFS schedule (imported into a local store with
/// `departure-board gtfs import`) and, optionally, its GTFS-Realtime feeds.
public struct GTFSSourceSettings: Sendable, Equatable {
    /// The SQLite store `gtfs import` writes and the board reads; resolved against the
    /// board file's folder. Default: the board file's name with `.gtfs.sqlite`.
    public var storePath: String
    /// The board's stops (a parent station stands for all its platforms).
    public var stopIDs: [String]
    /// GTFS-Realtime TripUpdates; without it the board shows the timetable.
    public var tripUpdatesURL: String?
    /// GTFS-Realtime ServiceAlerts for the board's routes and stops, shown as a notice line.
    public var alertsURL: String?
    /// GTFS-Realtime VehiclePositions: how full each row's vehicle and its carriages are.
    public var vehiclePositionsURL: String?
    /// Route ids or short names to keep; empty keeps every route.
    public var routes: [String]
    /// Keep only headsigns containing this text (case-insensitive).
    public var headsignContains: String?
    /// Keep only trips with this `direction_id` (0 or 1).
    public var directionID: Int?
    /// How far ahead the timetable is searched.
    public var window: Duration
    /// A realtime feed whose header timestamp is older than this is ignored (rows fall
    /// back to the timetable) rather than shown as live.
    public var realtimeMaxAge: Duration
    /// The agency's GTFS zip: the running board downloads it when it has no store and
    /// checks it every `scheduleRefresh` with a conditional GET.
    public var scheduleURL: String?
    public var scheduleRefresh: Duration
    /// The zip inside the zip to import, for agencies that publish several feeds in one file.
    public var scheduleMember: String?
    /// Arrivals (calls where no one boards: drop-off only, a trip's last stop): hidden by
    /// default, or shown marked as arrivals.
    public var arrivals: Arrivals
    /// Cancelled trips and skipped stops show as `Cancelled` while they are at most this far
    /// ahead; zero hides them.
    public var cancelledWindow: Duration
    /// A realtime feed matching fewer of the board's trips than this share (percent) is a warning.
    public var realtimeMatchWarning: Int

    public enum Arrivals: String, Sendable, Equatable, CaseIterable {
        case hide, show
    }

    public init(
        storePath: String, stopIDs: [String], tripUpdatesURL: String? = nil, alertsURL: String? = nil,
        routes: [String] = [], headsignContains: String? = nil, directionID: Int? = nil,
        window: Duration = .seconds(2 * 3600), realtimeMaxAge: Duration = .seconds(5 * 60),
        scheduleURL: String? = nil, scheduleRefresh: Duration = .seconds(24 * 3600), scheduleMember: String? = nil,
        arrivals: Arrivals = .hide, cancelledWindow: Duration = .seconds(3600), realtimeMatchWarning: Int = 50,
        vehiclePositionsURL: String? = nil
    ) {
        self.vehiclePositionsURL = vehiclePositionsURL
        self.scheduleURL = scheduleURL
        self.scheduleRefresh = scheduleRefresh
        self.scheduleMember = scheduleMember
        self.arrivals = arrivals
        self.cancelledWindow = cancelledWindow
        self.realtimeMatchWarning = realtimeMatchWarning
        self.storePath = storePath
        self.stopIDs = stopIDs
        self.tripUpdatesURL = tripUpdatesURL
        self.alertsURL = alertsURL
        self.routes = routes
        self.headsignContains = headsignContains
        self.directionID = directionID
        self.window = window
        self.realtimeMaxAge = realtimeMaxAge
    }
}

/// The `source:` keys of `kind: gtfs`.
enum GTFSSourceSchema {
    static let keys = [
        "store", "stop_ids", "trip_updates_url", "alerts_url", "vehicle_positions_url", "routes", "headsign_contains",
        "direction_id", "window", "realtime_max_age", "schedule_url", "schedule_refresh", "schedule_member",
        "arrivals", "cancelled_window", "realtime_match_warning",
    ]

    static func build(_ section: Section, boardPath: String) throws(BoardFileError) -> GTFSSourceSettings {
        var stops: [String] = []
        if let single = try section.string("stop_id") { stops = [single] }
        if let list = try section.scalarList("stop_ids", example: "[\"2000421\", \"2000422\"]") {
            if section.has("stop_id") {
                throw section.error("stop_ids", "use either stop_id or stop_ids, not both", atKey: true)
            }
            for item in list {
                if let problem = Validators.gtfsID(item.text) { throw item.error(problem) }
                stops.append(item.text)
            }
        }
        guard !stops.isEmpty else {
            throw Section.error(
                section.file, section.mark, section.keyPath("stop_ids"),
                "required when kind is gtfs: the board's stop ids, e.g. [\"2000421\"]")
        }
        var settings = GTFSSourceSettings(
            storePath: BoardPath.defaultStore(for: boardPath),
            stopIDs: stops)
        if let store = try section.string("store") {
            if let problem = Validators.filePath(store) { throw section.error("store", problem) }
            settings.storePath = BoardPath.resolve(store, against: boardPath)
        }
        if let url = try section.string("trip_updates_url") {
            if let problem = Validators.feedURL(url) { throw section.error("trip_updates_url", problem) }
            settings.tripUpdatesURL = url
        }
        if let url = try section.string("alerts_url") {
            if let problem = Validators.feedURL(url) { throw section.error("alerts_url", problem) }
            settings.alertsURL = url
        }
        if let url = try section.string("vehicle_positions_url") {
            if let problem = Validators.feedURL(url) { throw section.error("vehicle_positions_url", problem) }
            settings.vehiclePositionsURL = url
        }
        for item in try section.scalarList("routes", example: "[T1, T9]") ?? [] {
            if let problem = Validators.gtfsID(item.text) { throw item.error(problem) }
            settings.routes.append(item.text)
        }
        if let text = try section.string("headsign_contains") {
            if text.isBlank { throw section.error("headsign_contains", "must not be empty") }
            settings.headsignContains = text
        }
        settings.directionID = try section.wholeNumber("direction_id", in: 0...1)
        settings.window = try section.duration("window", atLeast: .seconds(10 * 60), atMost: .seconds(24 * 3600)) ?? settings.window
        settings.realtimeMaxAge =
            try section.duration("realtime_max_age", atLeast: .seconds(30), atMost: .seconds(3600))
            ?? settings.realtimeMaxAge
        if let url = try section.string("schedule_url") {
            if let problem = Validators.feedURL(url) { throw section.error("schedule_url", problem) }
            settings.scheduleURL = url
        }
        settings.scheduleRefresh =
            try section.duration("schedule_refresh", atLeast: .seconds(3600), atMost: .seconds(30 * 86_400))
            ?? settings.scheduleRefresh
        if let member = try section.string("schedule_member") {
            if let problem = Validators.zipMember(member) { throw section.error("schedule_member", problem) }
            settings.scheduleMember = member
        }
        settings.arrivals = try section.choice("arrivals", as: GTFSSourceSettings.Arrivals.self) ?? settings.arrivals
        settings.cancelledWindow =
            try section.duration("cancelled_window", atLeast: .zero, atMost: .seconds(24 * 3600))
            ?? settings.cancelledWindow
        settings.realtimeMatchWarning = try section.wholeNumber("realtime_match_warning", in: 0...100) ?? settings.realtimeMatchWarning
        return settings
    }
}

extension Validators {
    /// A stop id's rule, and no surrounding blanks: a feed's fields are read trimmed, so such
    /// an id could never match one.
    static func gtfsID(_ id: String) -> String? {
        if let problem = stopID(id) { return problem }
        if id != id.trimmingBlanks { return "must not have spaces at either end; got '\(shown(id))'" }
        return nil
    }

    /// A member of a zip: a plain relative name, never a way out of the extraction folder.
    static func zipMember(_ name: String) -> String? {
        if name.isEmpty { return "must not be empty" }
        // Plain spaces are fine in a member name; other blanks and control characters are not.
        let oddCharacter = name.unicodeScalars.contains { $0 != " " && hasControlOrSpace(String($0)) }
        if name.hasPrefix("/") || name.split(separator: "/").contains("..") || oddCharacter {
            return "expected a member name such as google_transit.zip; got '\(shown(name))'"
        }
        return nil
    }

    /// A feed URL: like a base URL, but agencies' feed paths may carry a query.
    static func feedURL(_ url: String) -> String? {
        let base = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        if url.contains("#") { return "URL must not have a fragment; got '\(shown(url))'" }
        if hasControlOrSpace(url) { return "URL must not contain spaces or control characters; got '\(shown(url))'" }
        return baseURL(base)
    }
}

extension String {
    var trimmingBlanks: String {
        String(
            unicodeScalars.drop(while: \.properties.isWhitespace).reversed().drop(while: \.properties.isWhitespace).reversed()
                .map(Character.init))
    }
}
