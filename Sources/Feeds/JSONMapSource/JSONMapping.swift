public import JSONPath

/// `kind: json`: how an agency's own JSON answer becomes rows, declared in the board file.
/// `rows` selects one node per departure; each field is read from that node by the first of
/// its queries that matches (`departure: [$.expected, $.scheduled]`).
public struct JSONMapping: Sendable, Equatable {
    public enum Field: String, Sendable, Equatable, CaseIterable {
        case route, headsign, departure, scheduled
        case tripID = "trip_id"
        case platform, cancelled, realtime
        /// With `service_day_s`: the service day's start as epoch seconds (Digitransit's `serviceDay`).
        case serviceDay = "service_day"

        /// What a row cannot be without.
        public static let required: [Field] = [.route, .headsign, .departure]

        /// Fields that hold times, read by `time_format`.
        public var isTime: Bool { self == .departure || self == .scheduled }
    }

    public enum TimeFormat: String, Sendable, Equatable, CaseIterable {
        /// `2026-11-23T09:35:00+11:00`, `…+1100`, `…Z`; without an offset, in the board's zone.
        case iso8601
        case epochSeconds = "epoch_s"
        case epochMilliseconds = "epoch_ms"
        /// Seconds from the start of the service day in the board's zone, as the departures API counts.
        case serviceDaySeconds = "service_day_s"
    }

    public var rows: JSONPath
    /// Each field's queries, tried in order; every required field has at least one.
    public var fields: [Field: [JSONPath]]
    public var timeFormat: TimeFormat

    public init(rows: JSONPath, fields: [Field: [JSONPath]], timeFormat: TimeFormat = .iso8601) {
        self.rows = rows
        self.fields = fields
        self.timeFormat = timeFormat
    }

    /// `fields.departure`, as messages and the board file name a field.
    public static func name(_ field: Field) -> String { "fields." + field.rawValue }

    /// A field's queries as written: `$.a` or `[$.a, $.b]`.
    public func written(_ field: Field) -> String {
        let queries = fields[field] ?? []
        return queries.count == 1 ? queries[0].text : "[" + queries.map(\.text).joined(separator: ", ") + "]"
    }
}
