/// One SQLite value, as bound to a statement or read from a row.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    /// UTF-8 text; may contain NUL characters, which SQLite keeps (lengths are explicit).
    case text(String)
    case blob([UInt8])
}

/// A Swift value that binds as one SQLite value.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

/// A Swift value read from one column of the current row. SQLite converts between storage
/// classes as `sqlite3_column_*` documents: NULL reads as 0, 0.0, "" or an empty blob, so a
/// column that may be NULL should be read as an Optional.
public protocol SQLReadable {
    init(_ statement: Statement, column: Int32)
}

extension SQLValue: SQLBindable, SQLReadable {
    public var sqlValue: SQLValue { self }
    public init(_ statement: Statement, column: Int32) { self = statement.value(column) }
}

extension Int64: SQLBindable, SQLReadable {
    public var sqlValue: SQLValue { .integer(self) }
    public init(_ statement: Statement, column: Int32) { self = statement.int64(column) }
}

extension Int: SQLBindable, SQLReadable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init(_ statement: Statement, column: Int32) { self = Int(truncatingIfNeeded: statement.int64(column)) }
}

/// Stored as 0 or 1, as SQLite has no boolean type.
extension Bool: SQLBindable, SQLReadable {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    public init(_ statement: Statement, column: Int32) { self = statement.int64(column) != 0 }
}

extension Double: SQLBindable, SQLReadable {
    public var sqlValue: SQLValue { .real(self) }
    public init(_ statement: Statement, column: Int32) { self = statement.double(column) }
}

extension String: SQLBindable, SQLReadable {
    public var sqlValue: SQLValue { .text(self) }
    public init(_ statement: Statement, column: Int32) { self = statement.text(column) }
}

extension [UInt8]: SQLBindable, SQLReadable {
    public var sqlValue: SQLValue { .blob(self) }
    public init(_ statement: Statement, column: Int32) { self = statement.blob(column) }
}

/// nil binds NULL; a NULL column reads as nil.
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension Optional: SQLReadable where Wrapped: SQLReadable {
    public init(_ statement: Statement, column: Int32) {
        self = statement.isNull(column) ? nil : Wrapped(statement, column: column)
    }
}
