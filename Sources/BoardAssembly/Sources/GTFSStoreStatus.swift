import BoardConfig
import GTFSSchedule

/// What `validate` adds for a GTFS board: whether its store exists and covers its stops.
/// A note, not an error: the board file is fine, the import may simply not have run yet.
public enum GTFSStoreStatus {
    public static func note(for board: BoardFile) -> String {
        guard board.source.kind == .gtfs, let gtfs = board.source.gtfs else { return "" }
        let store: GTFSStore
        do {
            store = try GTFSStore(path: gtfs.storePath)
        } catch {
            return " (no timetable yet: \(error); run `departure-board gtfs import FEED.zip --board \(board.path)`)"
        }
        let missing = store.missingStops(gtfs.stopIDs)
        if !missing.isEmpty {
            return " (the store was imported for other stops; \(missing.joined(separator: ", ")) "
                + "need `departure-board gtfs import FEED.zip --board \(board.path)` again)"
        }
        return " (timetable imported \(store.importedAt.formatted(.iso8601)))"
    }
}
