import SQLite

extension GTFSStore {
    /// The platforms (child stops) of any of `stopIDs` that are stations: the realtime rules
    /// take an update naming one of them as a call at the board.
    public func childStops(of stopIDs: Set<String>) -> Set<String> {
        Set((try? database.withConnection { db throws(SQLiteError) in try Self.children(of: stopIDs, db) }) ?? [])
    }
}
