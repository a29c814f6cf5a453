public import BoardConfig
public import DeparturesCore
import GTFSSchedule

/// What `validate` adds for a GTFS board: whether its store exists, covers its stops and
/// still has service. A store that cannot show the board's stops is a problem, not a note:
/// the board would only ever show an error.
public struct GTFSStoreStatus: Sendable, Equatable {
    /// Said after `ok` (when the store was imported, or that it will be downloaded).
    public var note: String
    /// Worth a warning line: the board runs, but not for long.
    public var warnings: [String]
    /// The board cannot show its stops: validation fails.
    public var problem: String?

    /// Every GTFS source's store, named by its section when the board has several sources;
    /// the first problem stops the check, as one bad store stops the board's validation.
    public static func check(_ board: BoardFile, now: Date = Date()) -> GTFSStoreStatus {
        var status = GTFSStoreStatus(note: "", warnings: [])
        let several = board.gtfsSourceIndices.count > 1
        for index in board.gtfsSourceIndices {
            let one = check(board, source: index, now: now)
            if one.problem != nil { return one }
            status.note += several && !one.note.isEmpty ? " (\(board.sectionName(ofSource: index)): \(one.note.dropFirst(2))" : one.note
            status.warnings += one.warnings.map { several ? board.sectionName(ofSource: index) + ": " + $0 : $0 }
        }
        return status
    }

    static func check(_ board: BoardFile, source index: Int, now: Date) -> GTFSStoreStatus {
        guard let gtfs = board.sources[index].gtfs else { return GTFSStoreStatus(note: "", warnings: []) }
        let section = board.sectionName(ofSource: index)
        let hint = importHint(board, source: index)
        let store: GTFSStore
        do {
            store = try GTFSStore(path: gtfs.storePath)
        } catch {
            if gtfs.scheduleURL != nil {
                return GTFSStoreStatus(
                    note: " (no timetable yet: the board downloads it from \(section).schedule_url at start-up)",
                    warnings: [])
            }
            return GTFSStoreStatus(note: " (no timetable yet: \(error); \(hint))", warnings: [])
        }
        let missing = store.missingStops(gtfs.stopIDs)
        if !missing.isEmpty {
            return GTFSStoreStatus(
                note: "", warnings: [],
                problem: "\(board.path): \(section).stop_ids: \(missing.joined(separator: ", ")) are not in the store "
                    + "\(gtfs.storePath), which was imported for \(store.requestedStopIDs.sorted().joined(separator: ", ")); "
                    + hint + " again")
        }
        var warnings: [String] = []
        if let zone = try? store.agencyZone() {
            let next =
                gtfs.scheduleURL == nil
                ? hint + " with the agency's next feed"
                : "the board fetches the next one from \(section).schedule_url"
            switch store.serviceCoverage(on: ServiceDayCalendar(zone: zone).localDate(at: now)) {
            case .expired(let last):
                warnings.append("the timetable's service ended on \(last): the board says so instead of showing departures; " + next)
            case .endingSoon(let last, let left):
                warnings.append("the timetable's service ends on \(last), in \(left) day\(left == 1 ? "" : "s"); " + next)
            case .notYetValid(let first):
                warnings.append("the timetable's service starts on \(first)")
            case .noServiceDays:
                warnings.append("the timetable has no service days for this board's stops")
            case .current:
                break
            }
        }
        return GTFSStoreStatus(note: " (timetable imported \(store.importedAt.formatted(.iso8601)))", warnings: warnings)
    }

    /// How to fill the store, said once wherever a board needs one.
    /// With several GTFS sources, `--source` says which one a zip is for.
    public static func importHint(_ board: BoardFile, source index: Int? = nil) -> String {
        let which = board.gtfsSourceIndices.count > 1 ? " --source \(index ?? board.gtfsSourceIndices[0])" : ""
        return "run `departure-board gtfs import FEED.zip --board \(board.path)\(which)`"
    }
}
