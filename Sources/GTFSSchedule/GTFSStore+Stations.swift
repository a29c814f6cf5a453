import GRDB

extension GTFSStore {
    /// The platforms (child stops) of any of `stopIDs` that are stations: the realtime rules
    /// take an update naming one of them as a call at the board.
    public func childStops(of stopIDs: Set<String>) -> Set<String> {
        let ids = Array(stopIDs)
        guard !ids.isEmpty else { return [] }
        let children = try? queue.read { db in
            try String.fetchAll(db, sql: "SELECT stop_id FROM stops WHERE parent_station IN (\(databaseQuestionMarks(count: ids.count)))",
                                arguments: StatementArguments(ids))
        }
        return Set(children ?? [])
    }
}
