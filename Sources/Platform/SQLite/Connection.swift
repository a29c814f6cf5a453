import CSQLite

/// One SQLite connection (`sqlite3`), closed on deinit.
///
/// Not Sendable: it is opened in SQLite's multi-thread mode (no locks of its own), so one
/// thread at a time may use it. Code that shares one between tasks goes through
/// `SharedConnection`, which serialises access.
public final class Connection {
    public enum Mode: Sendable {
        /// Writes fail with SQLITE_READONLY; the file must exist.
        case readOnly
        /// The file must exist.
        case readWrite
        /// Creates the file when missing.
        case readWriteCreate

        var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }

    public let path: String
    /// Nil once `close()` succeeded.
    private(set) var handle: OpaquePointer?

    public init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        self.path = path
        var db: OpaquePointer?
        // NOMUTEX: callers already keep a connection to one thread at a time.
        // EXRESCODE: errors carry extended codes (which constraint, why read-only).
        let code = sqlite3_open_v2(path, &db, mode.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard code == SQLITE_OK, let db else {
            let error = SQLiteError.last(db, code: code, sql: nil)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
    }

    deinit {
        // Statements keep their connection alive, so none is left to finalize here.
        if let handle { sqlite3_close_v2(handle) }
    }

    /// Closes now rather than on deinit; fails with SQLITE_BUSY while a statement of this
    /// connection is not finalized. Any later use fails with SQLITE_MISUSE.
    public func close() throws(SQLiteError) {
        guard let handle else { return }
        let code = sqlite3_close(handle)
        guard code == SQLITE_OK else { throw SQLiteError.last(handle, code: code, sql: nil) }
        self.handle = nil
    }

    /// The open handle, or SQLITE_MISUSE after `close()`.
    func open(for sql: String?) throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw .misuse("the connection to \(path) is closed", sql: sql) }
        return handle
    }

    /// How long a statement waits for another connection's lock before failing with
    /// SQLITE_BUSY; zero fails at once (SQLite's default).
    public func setBusyTimeout(_ timeout: Duration) throws(SQLiteError) {
        let milliseconds = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let code = sqlite3_busy_timeout(try open(for: nil), Int32(clamping: milliseconds))
        guard code == SQLITE_OK else { throw SQLiteError.last(handle, code: code, sql: nil) }
    }

    /// Compiles one statement; trailing text after it is an error, so nothing is silently skipped.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Runs SQL without arguments or results: one statement or several separated by `;`
    /// (a schema). The error names the statement that failed.
    public func execute(_ sql: String) throws(SQLiteError) {
        let db = try open(for: sql)
        let bytes = Array(sql.utf8CString)
        try bytes.withUnsafeBufferPointer { (buffer) throws(SQLiteError) in
            guard let start = buffer.baseAddress else { return }
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(db, current, -1, &statement, &tail)
                guard code == SQLITE_OK else { throw SQLiteError.last(db, code: code, sql: Self.text(from: current, to: tail)) }
                next = tail
                guard let statement else { continue }  // only a comment or whitespace was left
                defer { sqlite3_finalize(statement) }
                var step = sqlite3_step(statement)
                while step == SQLITE_ROW { step = sqlite3_step(statement) }
                guard step == SQLITE_DONE else { throw SQLiteError.last(db, code: step, sql: Self.text(from: current, to: tail)) }
            }
        }
    }

    /// The statement's own text, for errors.
    private static func text(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>?) -> String {
        let raw =
            end.map { String(decoding: UnsafeRawBufferPointer(start: start, count: $0 - start), as: UTF8.self) }
            ?? String(cString: start)
        var text = Substring(raw)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int {
        handle.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    public var isInTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }
}
