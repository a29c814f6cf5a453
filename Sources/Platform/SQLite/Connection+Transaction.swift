extension Connection {
    public enum TransactionKind: String, Sendable {
        /// Locks are taken by the first read or write inside.
        case deferred = "DEFERRED"
        /// Takes the write lock at once.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it (or the
    /// commit) throws, and the error rethrown as it was.
    public func transaction<Result>(_ kind: TransactionKind = .deferred, _ body: () throws -> Result) throws -> Result {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        do {
            let result = try body()
            try execute("COMMIT TRANSACTION")
            return result
        } catch {
            // A failed COMMIT can leave the transaction open; some errors end it themselves.
            if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
            throw error
        }
    }
}
