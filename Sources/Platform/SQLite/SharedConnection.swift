import Locking

/// A connection that many tasks and threads share, one at a time: each call holds the
/// mutex for the whole closure, so statements of different callers never interleave
/// (SQLite is opened in multi-thread mode, where a connection must not be used by two
/// threads at once).
///
/// The closure's result must be Sendable, so no `Statement` can leave the lock; the
/// closure must not keep the `Connection` it is given either.
public final class SharedConnection: Sendable {
    public let path: String
    private let connection: Locked<Connection>

    public init(path: String, mode: Connection.Mode, busyTimeout: Duration = .zero) throws(SQLiteError) {
        let connection = try Connection(path: path, mode: mode)
        if busyTimeout > .zero { try connection.setBusyTimeout(busyTimeout) }
        self.path = path
        self.connection = Locked(connection)
    }

    public func withConnection<Result: Sendable, Failure: Error>(
        _ body: (Connection) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try connection.withLock { (connection: inout sending Connection) throws(Failure) -> Result in try body(connection) }
    }
}
