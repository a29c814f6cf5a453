/// One-call queries for the common shapes: a single value, or every row mapped to a value.
extension Connection {
    /// The first column of the first row; nil when there is no row (or the value is NULL
    /// and `Value` is an Optional's wrapped type read through `Value?`).
    public func fetchOne<Value: SQLReadable, each Argument: SQLBindable>(
        _ type: Value.Type, _ sql: String, _ arguments: repeat each Argument
    ) throws(SQLiteError) -> Value? {
        let statement = try prepare(sql)
        defer { statement.finalize() }
        try statement.bind(repeat each arguments)
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : Value(statement, column: 0)
    }

    /// Every row, each turned into a value by `row` while it is current.
    public func fetchAll<Row, each Argument: SQLBindable>(
        _ sql: String, _ arguments: repeat each Argument, row: (Statement) -> Row
    ) throws(SQLiteError) -> [Row] {
        let statement = try prepare(sql)
        defer { statement.finalize() }
        try statement.bind(repeat each arguments)
        var rows: [Row] = []
        while try statement.step() { rows.append(row(statement)) }
        return rows
    }
}
