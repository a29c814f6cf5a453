public import JSONPath

/// `kind: json`: how an agency's own JSON answer becomes rows, declared in the board file.
/// Plain data here, so the board file can hold it; `JSONMapSource` reads answers by it.
/// `rows` selects one node per departure; each field is read from that node by the first of
/// its queries that matches (`departure: [$.expected, $.scheduled]`).
public struct JSONMapping: Sendable, Equatable {
    public enum Field: String, Sendable, Equatable, CaseIterable {
        case route, headsign, departure, scheduled
        case tripID = "trip_id"
        case platform, cancelled, realtime
        /// With `service_day_s`: the service day's start as epoch seconds (Digitransit's `serviceDay`).
        case serviceDay = "service_day"
        /// Seconds late: with `scheduled`, the departure where the row has none (iRail, HAFAS).
        case delay
        /// How full the vehicle is, as GTFS-Realtime, SIRI or this API's JSON write it
        /// (`STANDING_ROOM_ONLY`, `standingAvailable`, `standing`); and its load in percent.
        case occupancy
        case occupancyPercent = "occupancy_percent"

        /// What a row cannot be without (`departure`, unless `scheduled` and `delay` make it).
        public static let required: [Field] = [.route, .headsign, .departure]
    }

    public enum TimeFormat: String, Sendable, Equatable, CaseIterable {
        /// `2026-11-23T09:35:00+11:00`, `…+1100`, `…Z`; without an offset, in the board's zone.
        case iso8601
        case epochSeconds = "epoch_s"
        case epochMilliseconds = "epoch_ms"
        /// Seconds from the start of the service day in the board's zone, as the departures API counts.
        case serviceDaySeconds = "service_day_s"
        /// Minutes from now (BART's `14`, `Leaving`): a countdown, read when the answer arrives.
        case minutes
    }

    /// One query, or several nested: the first runs on the answer, each next one on every node
    /// the one before found (Wiener Linien's lines, then each line's departures); the last
    /// one's nodes are the rows.
    public var rows: [JSONPath]
    /// Each field's queries, tried in order; every required field has at least one.
    public var fields: [Field: [Query]]
    public var timeFormat: TimeFormat

    /// A field's query: read from the row (`$.name`), or from a node a nested `rows` query ran
    /// on, written with `^` in place of `$` for each level up (`^.name`: the row's group).
    public struct Query: Sendable, Equatable, CustomStringConvertible {
        public var path: JSONPath
        public var levelsUp: Int
        /// As written.
        public var text: String

        public init(_ path: JSONPath, levelsUp: Int = 0) {
            self.path = path
            self.levelsUp = levelsUp
            self.text = levelsUp == 0 ? path.text : String(repeating: "^", count: levelsUp) + path.text.dropFirst()
        }

        /// `$…` or `^…`, `^^…`: a row query, or one the levels above it.
        public init(parsing text: String) throws(JSONPathSyntaxError) {
            let ups = text.prefix { $0 == "^" }.count
            guard ups > 0 || text.hasPrefix("$") else {
                throw JSONPathSyntaxError(
                    offset: 0, message: "a field's query starts with $ (the row) or ^ (the node rows ran on), as in $.line.name")
            }
            do {
                path = try JSONPath(ups == 0 ? text : "$" + text.dropFirst(ups))
            } catch {
                throw JSONPathSyntaxError(offset: error.offset + max(0, ups - 1), message: error.message)
            }
            levelsUp = ups
            self.text = text
        }

        public var description: String { text }
    }

    public init(rows: [JSONPath], fields: [Field: [Query]], timeFormat: TimeFormat = .iso8601) {
        self.rows = rows
        self.fields = fields
        self.timeFormat = timeFormat
    }

    /// One rows query, every field read from the row.
    public init(rows: JSONPath, fields: [Field: [JSONPath]], timeFormat: TimeFormat = .iso8601) {
        self.init(rows: [rows], fields: fields.mapValues { $0.map { Query($0) } }, timeFormat: timeFormat)
    }

    /// `rows` as written: `$.a[*]` or `[$.a[*], $.b[*]]`.
    public var writtenRows: String {
        rows.count == 1 ? rows[0].text : "[" + rows.map(\.text).joined(separator: ", ") + "]"
    }

    /// `fields.departure`, as messages and the board file name a field.
    public static func name(_ field: Field) -> String { "fields." + field.rawValue }

    /// A field's queries as written: `$.a` or `[$.a, $.b]`.
    public func written(_ field: Field) -> String {
        let queries = fields[field] ?? []
        if queries.isEmpty { return "(none)" }
        return queries.count == 1 ? queries[0].text : "[" + queries.map(\.text).joined(separator: ", ") + "]"
    }
}

/// `kind: json`'s request as the board file declares it: how it is sent and where the stop goes.
public enum JSONMapRequest {
    public enum Method: String, Sendable, Equatable, CaseIterable {
        case get = "GET", post = "POST"
    }

    /// Where the stop goes in the URL and the body.
    public static let stopPlaceholder = "{stop_id}"

    /// `template` with the stop in place of `{stop_id}` (unchanged without a stop).
    public static func filling(_ template: String, _ value: String?) -> String {
        guard let value else { return template }
        return template.replacing(stopPlaceholder, with: value)
    }
}
