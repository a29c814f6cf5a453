/// `announce:` — when a running board speaks by itself, besides its speak button: on the
/// clock (`every`) and when one of `routes` is `before` or less from leaving.
public struct AnnounceSettings: Sendable, Equatable {
    /// Clock-aligned: `15m` speaks at :00, :15, :30 and :45.
    public var every: Duration?
    /// Route names as the board shows them.
    public var routes: [String]
    /// Whole minutes before a watched route leaves.
    public var before: Duration

    public init(every: Duration? = nil, routes: [String] = [], before: Duration = .seconds(120)) {
        self.every = every
        self.routes = routes
        self.before = before
    }
}

enum AnnounceSchema {
    static let announce = SectionSchema(keys: ["every", "routes", "before"])

    static func build(_ section: Section) throws(BoardFileError) -> AnnounceSettings {
        var settings = AnnounceSettings()
        settings.every = try section.duration("every", atLeast: .seconds(60), atMost: .seconds(86_400))
        if let every = settings.every, every.components.seconds % 60 != 0 {
            throw section.error("every", "must be whole minutes (the clock's slots start on a minute); got \(every.components.seconds) s")
        }
        settings.routes = try (section.scalarList("routes", example: "[T1, T2]") ?? []).map(\.text)
        if let before = try section.duration("before", atLeast: .zero, atMost: .seconds(3600)) {
            guard before.components.seconds % 60 == 0 else {
                throw section.error("before", "must be whole minutes, as countdowns are; got \(before.components.seconds) s")
            }
            guard !settings.routes.isEmpty else {
                throw section.error("before", "is how long before a watched route leaves: name the routes too", atKey: true)
            }
            settings.before = before
        }
        if settings.every == nil && settings.routes.isEmpty {
            throw Section.error(section.file, section.mark, section.path, "name when to speak: every (like 15m), routes, or both")
        }
        return settings
    }
}
