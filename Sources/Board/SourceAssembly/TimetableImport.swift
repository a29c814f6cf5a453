import DeparturesCore
public import BoardConfig
public import GTFSSchedule
import GTFSSource
public import HTTPFetch

/// `gtfs import`: a GTFS zip — a file, or the agency's URL — into a `kind: gtfs` source's store.
public enum TimetableImport {
    /// Which GTFS sources an import fills: the one `--source` names (its place in `sources:`
    /// or its label), the only one, or — without a feed — every one, each from its `schedule_url`.
    public static func targets(board: BoardFile, feed: String?, source: String?) throws(AssemblyError) -> [Int] {
        let gtfs = board.gtfsSourceIndices
        guard !gtfs.isEmpty else {
            throw AssemblyError(
                .boardFile,
                "\(board.path): \(board.sectionName(ofSource: 0)).kind: is \(board.source.kind.rawValue); "
                    + "gtfs import needs a board with a kind: gtfs source")
        }
        if let source {
            let named = board.sources.indices.first { board.sources[$0].label == source } ?? Int(source)
            guard let index = named, board.sources.indices.contains(index) else {
                throw AssemblyError(.usage, "--source \(source): no such source; the board's GTFS sources are \(names(board, gtfs))")
            }
            guard board.sources[index].kind == .gtfs else {
                throw AssemblyError(
                    .usage,
                    "--source \(source): \(board.sectionName(ofSource: index)) is kind \(board.sources[index].kind.rawValue), "
                        + "not gtfs; the board's GTFS sources are \(names(board, gtfs))")
            }
            return [index]
        }
        if feed != nil && gtfs.count > 1 {
            throw AssemblyError(
                .usage,
                "the board has \(gtfs.count) GTFS sources (\(names(board, gtfs))): say which one FEED is for "
                    + "with --source, or leave FEED out to import each from its schedule_url")
        }
        if feed == nil, let missing = gtfs.first(where: { board.sources[$0].gtfs?.scheduleURL == nil }) {
            throw AssemblyError(
                .usage,
                "\(board.sectionName(ofSource: missing)) has no schedule_url: give its FEED"
                    + (gtfs.count > 1 ? " with --source \(missing)" : ""))
        }
        return gtfs
    }

    /// `0`, or `1 (Train)`: how `--source` may name them.
    static func names(_ board: BoardFile, _ indices: [Int]) -> String {
        indices.map { index in board.sources[index].label.map { "\(index) (\($0))" } ?? "\(index)" }.joined(separator: ", ")
    }

    /// Imports `feed` (or the source's own `schedule_url`) into source `index`'s store, and
    /// says what it imported and where. `proxyEnvironment`: the program's proxy variables, for
    /// a URL (the board's `proxy:` wins).
    public static func run(
        board: BoardFile, source index: Int, feed: String?,
        proxyEnvironment: ProxyEnvironment
    ) async throws(AssemblyError) -> (summary: GTFSImportSummary, store: String) {
        let source = board.sources[index]
        guard case .gtfs(let gtfs, let fetch) = source.kindSettings, let feed = feed ?? gtfs.scheduleURL else {
            throw AssemblyError(.usage, "\(board.sectionName(ofSource: index)): no feed to import")
        }
        guard feed.hasPrefix("http://") || feed.hasPrefix("https://") else {
            try NamedInput.checkReadable(feed)
            do {
                return (
                    try GTFSImporter(stopIDs: Set(gtfs.stopIDs), member: gtfs.scheduleMember)
                        .importFeed(zipPath: feed, storePath: gtfs.storePath), gtfs.storePath
                )
            } catch {
                throw .refusedFeed(feed, error)
            }
        }
        // A URL: the board's own download path (API key, streaming to a file, the store replaced
        // only when complete), unconditionally, since the user asked for it now.
        let updater = ScheduleUpdater(
            settings: BoardSetup.scheduleSettings(fetch, gtfs, url: feed),
            client: BoardSetup.httpClient(source, proxyEnvironment: proxyEnvironment),
            logger: BoardSetup.quietLogger)
        switch await updater.update(now: Date(), conditional: false, force: true) {
        case .imported(let summary): return (summary, gtfs.storePath)
        case .failed(let reason): throw AssemblyError(.unavailable, reason)
        case .refused(let reason): throw AssemblyError(.data, reason)
        case .unchanged, .notDue: throw AssemblyError(.data, "\(feed): nothing was downloaded")
        }
    }
}
