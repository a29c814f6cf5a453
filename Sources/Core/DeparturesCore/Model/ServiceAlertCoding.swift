import ZoneInfo

/// An alert as the departures API carries it (additive, beside `data`):
/// `{"id", "header", "description"?, "cause"?, "effect"?, "severity"?, "routes"?, "stops"?,
/// "trips"?, "active_from"?, "active_until"?}`, times in ISO 8601 with an offset.
///
/// `routes`, `stops` and `trips` each become scopes of their own: an alert on route 24 and
/// stop 2000 concerns route 24 anywhere and every route at stop 2000. An answer whose rows
/// name their alerts (`alert_ids`) says exactly which rows it concerns.
extension ServiceAlert: Codable {
    enum CodingKeys: String, CodingKey {
        case id, header, description, cause, effect, severity, routes, stops, trips
        case activeFrom = "active_from", activeUntil = "active_until"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        header = try container.decode(String.self, forKey: .header)
        guard !id.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "empty")
        }
        guard !header.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .header, in: container, debugDescription: "empty")
        }
        description = try container.decodeIfPresent(String.self, forKey: .description).flatMap { $0.isEmpty ? nil : $0 }
        // Words this version does not know are the unknown value, never a refusal.
        cause = try container.decodeIfPresent(String.self, forKey: .cause).map(Cause.init(word:)) ?? .unknownCause
        effect = try container.decodeIfPresent(String.self, forKey: .effect).map(Effect.init(word:)) ?? .unknownEffect
        severity = try container.decodeIfPresent(String.self, forKey: .severity).map(Severity.init(word:)) ?? .unknown
        let start = try Self.instant(container, .activeFrom)
        let end = try Self.instant(container, .activeUntil)
        periods = start == nil && end == nil ? [] : [ActivePeriod(start: start, end: end)]
        let routes = try container.decodeIfPresent([String].self, forKey: .routes) ?? []
        let stops = try container.decodeIfPresent([String].self, forKey: .stops) ?? []
        let trips = try container.decodeIfPresent([String].self, forKey: .trips) ?? []
        scopes = routes.map { AlertScope(route: $0) } + stops.map { AlertScope(stop: $0) } + trips.map { AlertScope(trip: $0) }
    }

    /// An instant with its offset: a time without one would be read in whichever zone the
    /// reader happens to be in.
    private static func instant(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard Self.hasOffset(text), let instant = try? InstantParser.parse(text, zone: .utc) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "'\(text.prefix(40))' is not an ISO 8601 time with an offset such as 2026-11-27T09:30:00+11:00")
        }
        return instant
    }

    static func hasOffset(_ text: String) -> Bool {
        guard let time = text.lastIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }) else { return false }
        let rest = text[time...]
        return rest.hasSuffix("Z") || rest.hasSuffix("z") || rest.contains("+") || rest.contains("-")
    }

    /// The first period only: a writer trims to the period in force (`inForce(at:)`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(header, forKey: .header)
        try container.encodeIfPresent(description, forKey: .description)
        if cause != .unknownCause { try container.encode(cause.rawValue, forKey: .cause) }
        try container.encode(effect.rawValue, forKey: .effect)
        try container.encode(severity.rawValue, forKey: .severity)
        if !routes.isEmpty { try container.encode(routes, forKey: .routes) }
        if !stops.isEmpty { try container.encode(stops, forKey: .stops) }
        if !trips.isEmpty { try container.encode(trips, forKey: .trips) }
        if let period = periods.first {
            try container.encodeIfPresent(period.start.map { TimeText.iso8601($0, in: .utc) }, forKey: .activeFrom)
            try container.encodeIfPresent(period.end.map { TimeText.iso8601($0, in: .utc) }, forKey: .activeUntil)
        }
    }

    /// The routes, stops and trips it names, each once, in the order given.
    public var routes: [String] { Self.distinct(scopes.compactMap(\.route)) }
    public var stops: [String] { Self.distinct(scopes.compactMap(\.stop)) }
    public var trips: [String] { Self.distinct(scopes.compactMap(\.trip)) }

    private static func distinct(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
