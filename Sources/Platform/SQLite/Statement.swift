import CSQLite

/// A prepared statement (`sqlite3_stmt`): bind, step, read the current row's columns, reset.
/// Finalized on deinit or by `finalize()`; it keeps its connection open until then.
public final class Statement {
    public let sql: String
    private let connection: Connection
    private var handle: OpaquePointer?
    private var columnIndexes: [String: Int32]?

    init(connection: Connection, sql: String) throws(SQLiteError) {
        let db = try connection.open(for: sql)
        var statement: OpaquePointer?
        // The tail points into withCString's buffer, so it is read before that buffer goes
        // (read afterwards it saw stale stack bytes: "more than one statement" under ASan).
        var onlyWhitespaceFollows = true
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(db, text, -1, &statement, &tail)
            if let tail { onlyWhitespaceFollows = String(cString: tail).allSatisfy(\.isWhitespace) }
            return code
        }
        guard code == SQLITE_OK else { throw SQLiteError.last(db, code: code, sql: sql) }
        guard let statement else { throw .misuse("no statement in the SQL", sql: sql) }
        if !onlyWhitespaceFollows {
            sqlite3_finalize(statement)
            throw .misuse("more than one statement; use execute for several", sql: sql)
        }
        self.sql = sql
        self.connection = connection
        self.handle = statement
    }

    deinit {
        if let handle { sqlite3_finalize(handle) }
    }

    /// Releases the statement now; any later use fails with SQLITE_MISUSE.
    public func finalize() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    private func live() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw .misuse("the statement is finalized", sql: sql) }
        return handle
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw SQLiteError.last(connection.handle, code: code, sql: sql) }
    }

    // MARK: Binding (parameters count from 1, as in SQLite)

    public var parameterCount: Int32 {
        handle.map(sqlite3_bind_parameter_count) ?? 0
    }

    public func bind(_ value: some SQLBindable, at index: Int32) throws(SQLiteError) {
        let statement = try live()
        switch value.sqlValue {
        case .null:
            try check(sqlite3_bind_null(statement, index))
        case .integer(let integer):
            try check(sqlite3_bind_int64(statement, index, integer))
        case .real(let real):
            try check(sqlite3_bind_double(statement, index, real))
        case .text(var text):
            // The shim binds with SQLITE_TRANSIENT: SQLite copies the bytes before withUTF8 returns.
            try check(
                text.withUTF8 { bytes in
                    db_sqlite3_bind_text_copy(
                        statement, index, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
                        Int32(bytes.count))
                })
        case .blob(let bytes):
            try check(bytes.withUnsafeBytes { db_sqlite3_bind_blob_copy(statement, index, $0.baseAddress, Int32($0.count)) })
        }
    }

    /// The index of a named parameter; `name` includes its prefix (":date", "@id", "$x").
    public func parameterIndex(_ name: String) -> Int32? {
        handle.map { sqlite3_bind_parameter_index($0, name) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Binds a named parameter; a name the statement does not have is an error.
    public func bind(_ value: some SQLBindable, name: String) throws(SQLiteError) {
        guard let index = parameterIndex(name) else { throw .misuse("no parameter named \(name)", sql: sql) }
        try bind(value, at: index)
    }

    /// Binds every parameter in order, from 1; their number must match.
    public func bind<each V: SQLBindable>(_ values: repeat each V) throws(SQLiteError) {
        var index: Int32 = 0
        for value in repeat each values {
            index += 1
            try bind(value, at: index)
        }
        guard index == parameterCount else {
            throw .misuse("\(index) arguments for \(parameterCount) parameters", sql: sql)
        }
    }

    /// Sets every parameter to NULL.
    public func clearBindings() {
        if let handle { sqlite3_clear_bindings(handle) }
    }

    // MARK: Running

    /// Advances to the next row: true when there is one to read, false when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(try live())
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            // The statement may have left a half-done row behind; reset so it can run again.
            let error = SQLiteError.last(connection.handle, code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Rewinds to run again; bindings are kept.
    public func reset() {
        if let handle { sqlite3_reset(handle) }
    }

    /// Resets, binds `values` and steps to the end: for INSERT, UPDATE, DELETE run many times.
    public func execute<each V: SQLBindable>(_ values: repeat each V) throws(SQLiteError) {
        reset()
        try bind(repeat each values)
        while try step() {}
    }

    // MARK: Columns of the current row (counted from 0, as in SQLite)

    public var columnCount: Int32 {
        handle.map(sqlite3_column_count) ?? 0
    }

    public func columnName(_ column: Int32) -> String {
        handle.flatMap { sqlite3_column_name($0, column) }.map { String(cString: $0) } ?? ""
    }

    /// The index of the result column named `name` (its alias with AS, else SQLite's name).
    public func columnIndex(_ name: String) -> Int32? {
        if columnIndexes == nil {
            var indexes: [String: Int32] = [:]
            for column in 0..<columnCount { indexes[columnName(column)] = indexes[columnName(column)] ?? column }
            columnIndexes = indexes
        }
        return columnIndexes?[name]
    }

    public func isNull(_ column: Int32) -> Bool {
        handle.map { sqlite3_column_type($0, column) == SQLITE_NULL } ?? true
    }

    public func int64(_ column: Int32) -> Int64 {
        handle.map { sqlite3_column_int64($0, column) } ?? 0
    }

    public func double(_ column: Int32) -> Double {
        handle.map { sqlite3_column_double($0, column) } ?? 0
    }

    /// The column as UTF-8 text, NUL characters included.
    public func text(_ column: Int32) -> String {
        guard let handle, let bytes = sqlite3_column_text(handle, column) else { return "" }
        // Ask for the length after the text: the call that converts the value sets it.
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    public func blob(_ column: Int32) -> [UInt8] {
        guard let handle, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column as stored, in its own storage class.
    public func value(_ column: Int32) -> SQLValue {
        guard let handle else { return .null }
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(int64(column))
        case SQLITE_FLOAT: return .real(double(column))
        case SQLITE_TEXT: return .text(text(column))
        case SQLITE_BLOB: return .blob(blob(column))
        default: return .null
        }
    }

    public subscript<Value: SQLReadable>(_ column: Int32) -> Value {
        Value(self, column: column)
    }

    /// The column named `name`; a name the statement does not return is a programming error.
    public subscript<Value: SQLReadable>(_ name: String) -> Value {
        guard let column = columnIndex(name) else { preconditionFailure("no column '\(name)' in: \(sql)") }
        return Value(self, column: column)
    }
}
