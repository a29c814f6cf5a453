import YAMLTree

/// The hub file schema. Each stop reuses the board file's `source:` and `departures:`
/// sections, read by the same code, so a stop accepts exactly what a board would.
enum HubSchema {
    static let top = SectionSchema(keys: ["listen", "token_env", "token_file", "max_age", "stops"])
    static let stop = SectionSchema(keys: ["id", "timezone", "source", "sources", "departures"])
    static let example = "[{id: central, source: {kind: demo}}]"

    static func build(root: YAMLNode, path: String, zones: ZoneCheck) throws(BoardFileError) -> HubFile {
        let top = try Section(root, path: "", mark: root.mark, schema: top, file: path)
        let server = try StatusSchema.listenAndToken(
            top, boardPath: path, defaultPort: HubFile.defaultListen.port,
            exposed: "the hub serves every stop")
        let maxAge = try top.duration("max_age", atLeast: .seconds(1), atMost: .seconds(3600))
        guard let entries = try top.sectionList("stops", schema: stop, example: example) else {
            throw Section.error(path, root.mark, "stops", "required: a list of stops, each with an id and a source, such as \(example)")
        }
        guard !entries.isEmpty else { throw top.error("stops", "must list at least one stop, such as \(example)") }
        var stops: [HubStop] = []
        var lines: [String: Int] = [:]
        for entry in entries {
            let stop = try buildStop(entry, hubPath: path, zones: zones)
            if let line = lines[stop.id] {
                throw entry.error("id", "duplicate stop id '\(shown(stop.id))': already used on line \(line)")
            }
            lines[stop.id] = entry.valueMark("id")?.line ?? 0
            stops.append(stop)
        }
        return HubFile(path: path, server: server, maxAge: maxAge, stops: stops)
    }

    static func buildStop(_ entry: Section, hubPath: String, zones: ZoneCheck) throws(BoardFileError) -> HubStop {
        guard let id = try entry.string("id") else {
            throw Section.error(
                entry.file, entry.mark, entry.keyPath("id"), "required: the stop's {stopId} in /api/v1/stops/{stopId}/departures")
        }
        if let problem = Validators.stopID(id) { throw entry.error("id", problem) }
        if id == "." || id == ".." { throw entry.error("id", "must not be '.' or '..': clients resolve those as steps in the path") }
        var board = BoardFileLoader.defaultBoard(path: hubPath)
        board.name = id
        if let zone = try entry.string("timezone") {
            if let problem = zones.problem(zone) { throw entry.error("timezone", problem) }
            board.timezone = zone
            board.timezoneIsExplicit = true
        }
        // `sources:` makes one merged stream for the stop, so the signs read it as one.
        let sourceSections = try SourcesSchema.sections(entry, mark: entry.mark, file: entry.file)
        // Paths resolve beside the hub file; a GTFS stop's default store is `<hub>.<id>.gtfs.sqlite`,
        // so two stops never share one store imported for other stops.
        // An id may hold '/' now: escaped (with '%', so two ids never share a name) to stay one file name.
        let fileID = id.replacing("%", with: "%25").replacing("/", with: "%2F")
        let stopPath = BoardPath.resolve(BoardPath.defaultName(for: hubPath) + "." + fileID + ".yaml", against: hubPath)
        // Where the rider stands is the sign's to say: a hub stop serves signs at any distance.
        for section in sourceSections {
            for key in ["label", "walk"] where section.has(key) {
                throw section.error(
                    key, "belongs in the sign's board file, not the hub's: signs at different distances share this stop", atKey: true)
            }
        }
        board.sources = try SourcesSchema.build(sourceSections, boardPath: stopPath)
        var limit: Int?
        if let section = try entry.section("departures", schema: BoardSchema.departures) {
            board.departures = try BoardSchema.buildDepartures(section)
            if section.has("limit") { limit = board.departures.limit }
        }
        for (source, section) in zip(board.sources, sourceSections) {
            try BoardSchema.checkBackoff(source, board.departures, top: entry, sourceSection: section)
        }
        return HubStop(id: id, board: board, limit: limit)
    }
}
