import YAMLTree

/// `source:` (one) or `sources:` (a list of the same sections), and the keys that place a
/// source for a rider: `label`, `walk`, and its own `stale_limit`.
enum SourcesSchema {
    /// Enough for every stop a sign can usefully show; each source is a fetch loop.
    static let maximumSources = 16
    /// Labels sit beside a route badge on small panels.
    static let maximumLabelLength = 24

    /// `mark`: where a missing `source:` is reported (the file's or the hub stop's start).
    static func sections(_ top: Section, mark: YAMLMark?, file: String) throws(BoardFileError) -> [Section] {
        if top.has("source") && top.has("sources") {
            throw top.error("sources", "use either source: (one source) or sources: (a list of them), not both", atKey: true)
        }
        if let list = try top.sectionList("sources", schema: BoardSchema.source, example: "[{kind: demo}, {kind: api, …}]") {
            guard !list.isEmpty else { throw top.error("sources", "needs at least one source, such as [{kind: demo}]") }
            guard list.count <= maximumSources else {
                throw top.error("sources", "at most \(maximumSources) sources; got \(list.count)")
            }
            return list
        }
        guard let section = try top.section("source", schema: BoardSchema.source) else {
            throw Section.error(
                file, mark, top.keyPath("source"),
                "required: a mapping with at least a kind: "
                    + SourceKind.allCases.map { "'kind: \($0.rawValue)'" }.joined(separator: ", "))
        }
        return [section]
    }

    static func build(_ sections: [Section], boardPath: String) throws(BoardFileError) -> [SourceSettings] {
        var sources: [SourceSettings] = []
        for section in sections {
            let settings = try BoardSchema.buildSource(section, boardPath: boardPath)
            if let label = settings.label, let other = sources.firstIndex(where: { $0.label == label }) {
                throw section.error("label", "'\(label)' is also the label of \(sections[other].path); each source needs its own")
            }
            if let store = settings.gtfs?.storePath, let other = sources.firstIndex(where: { $0.gtfs?.storePath == store }) {
                // One store holds one import: a second feed would replace the first one's timetable.
                throw Section.error(
                    section.file, section.mark, section.keyPath("store"),
                    "'\(store)' is also the store of \(sections[other].path); give each GTFS source its own store:")
            }
            sources.append(settings)
        }
        return sources
    }

    static func readPlace(_ section: Section, into settings: inout SourceSettings) throws(BoardFileError) {
        if let label = try section.string("label") {
            if let problem = Validators.displayName(label) { throw section.error("label", problem) }
            guard label.count <= maximumLabelLength else {
                throw section.error(
                    "label",
                    "must be at most \(maximumLabelLength) characters (it sits beside the route on small panels); got \(label.count)")
            }
            settings.label = label
        }
        settings.walk = try section.duration("walk", atLeast: .zero, atMost: .seconds(3600)) ?? .zero
        settings.staleLimit = try BoardSchema.staleLimit(section)
    }
}
