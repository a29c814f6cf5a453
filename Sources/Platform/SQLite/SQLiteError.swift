import CSQLite

/// A failed SQLite call: SQLite's result code and message, and the SQL it ran.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_READONLY_…); the
    /// connections open with extended codes on.
    public var code: Int32
    /// SQLite's own words (`sqlite3_errmsg`), e.g. "no such table: stops".
    public var message: String
    /// The statement that failed; nil for failures outside one (opening, closing).
    public var sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (SQLITE_CONSTRAINT for every kind of constraint failure).
    public var primaryCode: Int32 { code & 0xFF }

    /// A UNIQUE, PRIMARY KEY, NOT NULL or CHECK constraint refused the row.
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " (in: \($0))" } ?? "")
    }

    /// The connection's last error, for a call on `db` that returned `code`.
    static func last(_ db: OpaquePointer?, code: Int32, sql: String?) -> SQLiteError {
        // sqlite3_errmsg describes the most recent call on the connection, which is this one.
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return SQLiteError(code: code, message: message, sql: sql)
    }

    /// A misuse caught before SQLite was called (wrong argument count, unknown parameter name).
    static func misuse(_ message: String, sql: String?) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: message, sql: sql)
    }
}
