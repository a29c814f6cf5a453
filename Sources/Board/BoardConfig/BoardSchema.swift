import HTTPFetch
import YAMLTree

/// The board file schema: which keys each section accepts, and how a tree becomes a `BoardFile`.
/// To add a section: give it a `SectionSchema`, list its key in `top`, and read it in `build`.
enum BoardSchema {
    static let top = SectionSchema(keys: [
        "name", "timezone", "language", "source", "sources", "departures", "display", "output", "schedule", "brightness", "buttons",
        "speech", "announce", "status", "updates",
    ])
    static let source = SectionSchema(
        keys: sourceKeys,
        keysForKind: { kind in
            // An unknown key lists what this kind takes, not every kind's keys; without a kind, nothing
            // sensible can be listed (the message then asks for the kind).
            guard let kind = kind.flatMap(SourceKind.init(rawValue:)) else { return [] }
            return sourceKeys.filter { sourceKeyKinds[$0]?.contains(kind) ?? true }
        })
    static let sourceKeys =
        [
            "kind", "base_url", "stop_id", "api_key_env", "api_key_file", "api_key_header", "api_key_prefix",
            "request_timeout", "resource_timeout", "max_response_bytes", "proxy", "path", "refresh_interval",
            "label", "walk", "stale_limit",
        ] + GTFSSourceSchema.keys + SIRISourceSchema.keys + JSONMapSourceSchema.keys.filter { !SIRISourceSchema.keys.contains($0) }
    static let departures = SectionSchema(keys: ["limit", "departed_grace", "stale_limit", "max_backoff", "unreachable"])

    /// Source keys that only make sense for some kinds; the others apply to every kind.
    static let sourceKeyKinds: [String: [SourceKind]] = {
        var kinds: [String: [SourceKind]] = [
            "base_url": [.api, .onebusaway], "stop_id": [.api, .gtfs, .onebusaway, .siri, .json],
            "api_key_env": [.api, .gtfs, .onebusaway, .siri, .json], "api_key_file": [.api, .gtfs, .onebusaway, .siri, .json],
            // OneBusAway takes its key as `?key=`, never in a header.
            "api_key_header": [.api, .gtfs, .siri, .json], "api_key_prefix": [.api, .gtfs, .siri, .json],
            "path": [.file],
        ]
        for key in ["request_timeout", "resource_timeout", "max_response_bytes", "proxy"] {
            kinds[key] = [.api, .gtfs, .onebusaway, .siri, .json]
        }
        for key in GTFSSourceSchema.keys { kinds[key] = [.gtfs] }
        for key in SIRISourceSchema.keys { kinds[key] = [.siri] }
        for key in JSONMapSourceSchema.keys { kinds[key, default: []].append(.json) }
        return kinds
    }()
    static let requiredSourceKeys: [SourceKind: [String]] = [
        .api: ["base_url", "stop_id"], .onebusaway: ["base_url", "stop_id"], .siri: ["url", "stop_id"], .file: ["path"],
        .json: ["url", "rows", "fields"],
    ]

    /// The board and the first problem of each section (`AllProblems` finds the rest).
    static func build(root: YAMLNode, path: String, zones: ZoneCheck) -> (value: BoardFile, problems: [BoardFileError]) {
        var board = BoardFileLoader.defaultBoard(path: path)
        var problems: [BoardFileError] = []
        /// Runs one section's reading; a problem is kept and the next section still read.
        func read(_ step: () throws(BoardFileError) -> Void) -> Bool {
            do {
                try step()
                return true
            } catch {
                problems.append(error)
                return false
            }
        }
        let top: Section
        do {
            top = try Section(root, path: "", mark: root.mark, schema: Self.top, file: path)
        } catch {
            return (board, [error])
        }
        _ = read { () throws(BoardFileError) in
            guard let name = try top.string("name") else { return }
            if let problem = Validators.displayName(name) { throw top.error("name", problem) }
            board.name = name
        }
        _ = read { () throws(BoardFileError) in
            guard let zone = try top.string("timezone") else { return }
            if let problem = zones.problem(zone) {
                // A GTFS board can take its agency's own zone, the surest answer.
                let sections = (try? SourcesSchema.sections(top, mark: root.mark, file: path)) ?? []
                let gtfs = sections.contains { section in (try? section.string("kind")) == "gtfs" }
                throw top.error(
                    "timezone",
                    problem + (gtfs ? "; or leave timezone out: a GTFS board takes its agency's (agency.txt's agency_timezone)" : ""))
            }
            board.timezone = zone
            board.timezoneIsExplicit = true
        }
        _ = read { () throws(BoardFileError) in
            guard let language = try top.string("language") else { return }
            if let problem = Validators.languageTag(language) { throw top.error("language", problem) }
            board.language = language
        }
        var sourceSections: [Section] = []
        let sourceRead = read { () throws(BoardFileError) in
            sourceSections = try SourcesSchema.sections(top, mark: root.mark, file: path)
            board.sources = try SourcesSchema.build(sourceSections, boardPath: path)
        }
        let departuresRead = read { () throws(BoardFileError) in
            guard let section = try top.section("departures", schema: departures) else { return }
            board.departures = try buildDepartures(section)
        }
        // The output is checked against the display, so only against one that was read.
        if read({ () throws(BoardFileError) in
            guard let section = try top.section("display", schema: DisplaySchema.display) else { return }
            board.display = try DisplaySchema.build(section, boardPath: path)
        }) {
            _ = read { () throws(BoardFileError) in
                guard let section = try top.section("output", schema: OutputSchema.output) else { return }
                board.output = try OutputSchema.build(section, display: board.display)
            }
        }
        let scheduleRead = read { () throws(BoardFileError) in
            guard let section = try top.section("schedule", schema: ScheduleSchema.schedule) else { return }
            board.schedule = try ScheduleSchema.buildSchedule(section)
        }
        _ = read { () throws(BoardFileError) in
            guard let section = try top.section("brightness", schema: BrightnessSchema.brightness) else { return }
            // mode: schedule is checked against schedule.contrast only when that section was read.
            // A GTFS board may leave out its place: the feed's stop has one.
            board.brightness = try BrightnessSchema.build(
                section, schedule: scheduleRead ? board.schedule : nil,
                output: board.output, boardPath: path,
                placeFromFeed: sourceRead && !board.gtfsSourceIndices.isEmpty)
        }
        _ = read { () throws(BoardFileError) in
            guard let section = try top.section("buttons", schema: ButtonSchema.buttons) else { return }
            board.buttons = try ButtonSchema.buildButtons(section)
        }
        _ = read { () throws(BoardFileError) in
            guard let section = try top.section("speech", schema: SpeechSchema.speech) else { return }
            board.speech = try SpeechSchema.build(section)
        }
        _ = read { () throws(BoardFileError) in
            guard let section = try top.section("updates", schema: UpdateSchema.updates) else { return }
            board.updates = try UpdateSchema.build(section)
        }
        _ = read { () throws(BoardFileError) in
            guard let section = try top.section("announce", schema: AnnounceSchema.announce) else { return }
            board.announce = try AnnounceSchema.build(section)
        }
        _ = read { () throws(BoardFileError) in
            guard let section = try top.section("status", schema: StatusSchema.status) else { return }
            board.status = try StatusSchema.listenAndToken(section, boardPath: path, defaultPort: 8080)
        }
        if sourceRead && departuresRead {
            _ = read { () throws(BoardFileError) in
                for (settings, section) in zip(board.sources, sourceSections) {
                    try checkBackoff(settings, board.departures, top: top, sourceSection: section)
                }
            }
        }
        return (board, problems)
    }

    static func buildSource(_ section: Section, boardPath: String) throws(BoardFileError) -> SourceSettings {
        guard let kind = try section.choice("kind", as: SourceKind.self) else {
            throw Section.error(
                section.file, section.mark, section.keyPath("kind"),
                "required: one of " + SourceKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        for key in section.order {
            if let owners = sourceKeyKinds[key], !owners.contains(kind) {
                let names =
                    owners.dropLast().map(\.rawValue).joined(separator: ", ")
                    + (owners.count > 1 ? " or " : "") + (owners.last?.rawValue ?? "")
                throw section.error(key, "only applies to kind \(names) (this source is kind \(kind.rawValue))", atKey: true)
            }
        }
        for key in requiredSourceKeys[kind] ?? [] where !section.has(key) {
            throw Section.error(section.file, section.mark, section.keyPath(key), "required when kind is \(kind.rawValue)")
        }
        // Read in the order the keys' messages have always come in; the kind's payload last.
        let baseURL = try section.string("base_url")
        if let baseURL, let problem = Validators.baseURL(baseURL) { throw section.error("base_url", problem) }
        var gtfs: GTFSSourceSettings?
        var stopID: String?
        if kind == .gtfs {
            gtfs = try GTFSSourceSchema.build(section, boardPath: boardPath)
        } else if let stop = try section.string("stop_id") {
            if let problem = Validators.stopID(stop) { throw section.error("stop_id", problem) }
            stopID = stop
        }
        var fetch = FetchSettings()
        fetch.apiKey = try secretSource(section, variableKey: "api_key_env", fileKey: "api_key_file", boardPath: boardPath)
        if let header = try section.string("api_key_header") {
            if let problem = Validators.headerName(header) { throw section.error("api_key_header", problem) }
            fetch.apiKeyHeader = header
        }
        if let prefix = try section.string("api_key_prefix") {
            if prefix.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw section.error("api_key_prefix", "must not contain control characters")
            }
            fetch.apiKeyPrefix = prefix
        }
        /// A key `requiredSourceKeys` has made sure of.
        func required<Value>(_ value: Value?, _ key: String) throws(BoardFileError) -> Value {
            guard let value else {
                throw Section.error(section.file, section.mark, section.keyPath(key), "required when kind is \(kind.rawValue)")
            }
            return value
        }
        // The kind's payload, given its fetch keys once the limits and proxy below are read.
        let kindSettings: (FetchSettings) -> SourceKindSettings
        switch kind {
        case .demo: kindSettings = { _ in .demo }
        case .api:
            let api = APISourceSettings(baseURL: try required(baseURL, "base_url"), stopID: try required(stopID, "stop_id"))
            kindSettings = { .api(api, $0) }
        case .onebusaway:
            let server = OneBusAwaySourceSettings(baseURL: try required(baseURL, "base_url"), stopID: try required(stopID, "stop_id"))
            kindSettings = { .onebusaway(server, $0) }
        case .gtfs:
            let gtfs = try required(gtfs, "stop_ids")
            kindSettings = { .gtfs(gtfs, $0) }
        case .siri:
            let siri = try SIRISourceSchema.build(section, stopID: try required(stopID, "stop_id"))
            kindSettings = { .siri(siri, $0) }
        case .json:
            let json = try JSONMapSourceSchema.build(section, stopID: stopID)
            kindSettings = { .json(json, $0) }
        case .file:
            let file = try required(try section.string("path"), "path")
            if let problem = Validators.filePath(file) { throw section.error("path", problem) }
            let path = BoardPath.resolve(file, against: boardPath)
            kindSettings = { _ in .file(path: path) }
        }
        let refreshInterval = try section.duration("refresh_interval", atLeast: .seconds(1))
        var limits = fetch.limits
        limits.requestTimeout = try section.duration("request_timeout", atLeast: .milliseconds(1)) ?? limits.requestTimeout
        limits.resourceTimeout = try section.duration("resource_timeout", atLeast: .milliseconds(1)) ?? limits.resourceTimeout
        limits.maxResponseBytes = try section.wholeNumber("max_response_bytes", in: 1024...(64 << 20)) ?? limits.maxResponseBytes
        fetch.limits = limits
        fetch.proxy = try proxy(section)
        var settings = SourceSettings(kindSettings(fetch))
        settings.refreshInterval = refreshInterval ?? settings.refreshInterval
        try SourcesSchema.readPlace(section, into: &settings)
        if limits.resourceTimeout < limits.requestTimeout {
            let request = Durations.format(limits.requestTimeout), resource = Durations.format(limits.resourceTimeout)
            if section.has("resource_timeout") {
                throw section.error("resource_timeout", "must be at least request_timeout (\(request)); got \(resource)")
            }
            throw section.error("request_timeout", "must not exceed resource_timeout (\(resource)); got \(request)")
        }
        return settings
    }

    /// `proxy: http://[user:password@]host[:port]`, or `none` (or nothing) for direct. The
    /// message never repeats the value: it may hold a password.
    static func proxy(_ section: Section) throws(BoardFileError) -> ProxyChoice? {
        guard section.has("proxy") else { return nil }
        if section.isEmptyValue("proxy") { return .direct }
        let text = try section.string("proxy") ?? ""
        if text.isBlank || text.lowercased() == "none" { return .direct }
        do {
            return .server(try ProxyServer(url: text))
        } catch {
            let reason = if case .invalidURL(let reason) = error { reason } else { error.description }
            throw section.error("proxy", "expected an http:// proxy URL (http://[user:password@]host[:port]) or none; \(reason)")
        }
    }

    /// A secret named by an environment variable or a file (never the secret itself): API
    /// keys, status tokens. One of the two keys, or neither.
    static func secretSource(
        _ section: Section, variableKey: String, fileKey: String,
        boardPath: String
    ) throws(BoardFileError) -> APIKeySource? {
        if section.has(variableKey) && section.has(fileKey) {
            throw section.error(fileKey, "use either \(variableKey) or \(fileKey), not both", atKey: true)
        }
        if let name = try section.string(variableKey) {
            if let problem = Validators.environmentName(name) { throw section.error(variableKey, problem) }
            return .environment(name)
        }
        if let file = try section.string(fileKey) {
            if let problem = Validators.filePath(file) { throw section.error(fileKey, problem) }
            return .file(BoardPath.resolve(file, against: boardPath))
        }
        return nil
    }

    static func buildDepartures(_ section: Section) throws(BoardFileError) -> DepartureSettings {
        var settings = DepartureSettings()
        settings.limit = try section.wholeNumber("limit", in: 1...500) ?? settings.limit
        settings.departedGrace = try section.duration("departed_grace", atLeast: .zero, atMost: .seconds(3600)) ?? settings.departedGrace
        settings.staleLimit = try staleLimit(section) ?? settings.staleLimit
        settings.maxBackoff = try section.duration("max_backoff", atLeast: .seconds(1)) ?? settings.maxBackoff
        settings.unreachable = try section.choice("unreachable", as: DepartureSettings.Unreachable.self) ?? settings.unreachable
        return settings
    }

    /// `stale_limit`, the board's or one source's: 1 min … 24 h.
    static func staleLimit(_ section: Section) throws(BoardFileError) -> Duration? {
        try section.duration("stale_limit", atLeast: .seconds(60), atMost: .seconds(24 * 3600))
    }

    /// Backing off for less than one refresh interval would retry faster than normal polling.
    static func checkBackoff(
        _ source: SourceSettings, _ departures: DepartureSettings, top: Section,
        sourceSection: Section
    ) throws(BoardFileError) {
        let refresh = source.refreshInterval, backoff = departures.maxBackoff
        guard backoff < refresh else { return }
        if let departures = try top.section("departures", schema: Self.departures), departures.has("max_backoff") {
            throw departures.error(
                "max_backoff",
                "must be at least \(sourceSection.keyPath("refresh_interval")) (\(Durations.format(refresh))); got \(Durations.format(backoff))"
            )
        }
        throw sourceSection.error(
            "refresh_interval", "must not exceed departures.max_backoff (\(Durations.format(backoff))); got \(Durations.format(refresh))")
    }
}
