import DeparturesCore
public import BoardConfig
public import GTFSSchedule
import GTFSSource
public import HTTPFetch

/// `gtfs import`: a GTFS zip — a file, or the agency's URL — into a `kind: gtfs` board's store.
public enum TimetableImport {
    /// `proxyEnvironment`: the program's proxy variables, for a URL (the board's `proxy:` wins).
    public static func run(board: BoardFile, feed: String,
                           proxyEnvironment: ProxyEnvironment) async throws(AssemblyError) -> GTFSImportSummary {
        guard board.source.kind == .gtfs, let gtfs = board.source.gtfs else {
            throw AssemblyError(.boardFile, "\(board.path): source.kind: is \(board.source.kind.rawValue); "
                                + "gtfs import needs a board with kind: gtfs")
        }
        guard feed.hasPrefix("http://") || feed.hasPrefix("https://") else {
            do {
                return try GTFSImporter(stopIDs: Set(gtfs.stopIDs), member: gtfs.scheduleMember)
                    .importFeed(zipPath: feed, storePath: gtfs.storePath)
            } catch {
                throw .refusedFeed(feed, error)
            }
        }
        // A URL: the board's own download path (API key, streaming to a file, the store replaced
        // only when complete), unconditionally, since the user asked for it now.
        let updater = ScheduleUpdater(settings: BoardSetup.scheduleSettings(board.source, url: feed),
                                      client: BoardSetup.httpClient(board.source, proxyEnvironment: proxyEnvironment),
                                      logger: BoardSetup.quietLogger)
        switch await updater.update(now: Date(), conditional: false, force: true) {
        case .imported(let summary): return summary
        case .failed(let reason): throw AssemblyError(.data, reason)
        case .unchanged, .notDue: throw AssemblyError(.data, "\(feed): nothing was downloaded")
        }
    }
}
