public import BoardConfig
import SystemFiles

/// Whether a GTFS store that a board downloads itself (`schedule_url`) can be written where it
/// lies: by this user (`validate`), or by the installed service (`validate --service`), whose
/// sandbox leaves only its own folders writable. A store that cannot be written would let the
/// board start and then fail every download, so it is refused before.
public enum StoreFolderCheck {
    /// One line per GTFS source whose store cannot be written, naming the board and the key.
    public static func problems(_ board: BoardFile, asService: Bool) -> [String] {
        board.gtfsSourceIndices.compactMap { problem(board, source: $0, asService: asService) }
    }

    static func problem(_ board: BoardFile, source index: Int, asService: Bool) -> String? {
        guard let gtfs = board.sources[index].gtfs, gtfs.scheduleURL != nil else { return nil }
        let store = Folders.absolute(gtfs.storePath)
        let key = board.sectionName(ofSource: index) + ".store"
        let name = store.split(separator: "/").last.map(String.init) ?? "board.gtfs.sqlite"
        let fix =
            "set \(key): \(ServiceFolders.state)/\(name), or keep the board in /etc/departure-board "
            + "without store: (its store then lives there)"
        if asService {
            if let hidden = ServiceFolders.hidden.first(where: { store == $0 || store.hasPrefix($0 + "/") }) {
                return "\(board.path): \(key): the service cannot see \(store) (ProtectHome= hides \(hidden)); \(fix)"
            }
            // /run/departure-board is writable too, but emptied at every stop: a store there
            // would be downloaded again at every start.
            if !store.hasPrefix(ServiceFolders.state + "/") {
                return "\(board.path): \(key): the service cannot write \(store): it writes only in \(ServiceFolders.state) "
                    + "(ProtectSystem=strict), and the board downloads its timetable there; \(fix)"
            }
        }
        let folder = Folders.creatableFolder(for: store)
        guard !folder.writable else { return nil }
        return "\(board.path): \(key): \(folder.folder) is not writable by user \(ProcessUser.name), so the board "
            + "cannot download its timetable to \(store); \(fix)"
    }
}
