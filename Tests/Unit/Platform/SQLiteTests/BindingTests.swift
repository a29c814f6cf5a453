import CSQLite
import SQLite
import Testing

/// Values go in through bind and come back out of a row unchanged.
@Suite struct BindingTests {
    @Test(arguments: ["", "plain", "Zürich HB", "東京駅", "emoji 🚆 and ZWJ 👩‍👩‍👧", "nul\u{0}inside\u{0}", "\u{0}"])
    func textRoundTripsByteForByte(text: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        try db.prepare("INSERT INTO v (id, t) VALUES (1, ?)").execute(text)
        #expect(try db.fetchOne(String.self, "SELECT t FROM v WHERE id = 1") == text)
        // SQLite counts the bytes we gave, NULs included, and stores text (not NULL) for "".
        #expect(try db.fetchOne(Int.self, "SELECT length(CAST(t AS BLOB)) FROM v WHERE id = 1") == text.utf8.count)
        #expect(try db.fetchOne(String.self, "SELECT typeof(t) FROM v WHERE id = 1") == "text")
        #expect(try db.fetchOne(Int.self, "SELECT 1 FROM v WHERE t = ?", text) == 1, "binding finds it again")
    }

    @Test func blobsKeepEveryByteAndEmptyIsNotNull() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        let bytes: [UInt8] = [0, 1, 0xFF, 0, 0x80, 7]
        let insert = try db.prepare("INSERT INTO v (id, b) VALUES (?, ?)")
        try insert.execute(1, bytes)
        try insert.execute(2, [UInt8]())
        #expect(try db.fetchOne([UInt8].self, "SELECT b FROM v WHERE id = 1") == bytes)
        #expect(try db.fetchOne(String.self, "SELECT typeof(b) FROM v WHERE id = 2") == "blob")
        #expect(try db.fetchOne(Int.self, "SELECT length(b) FROM v WHERE id = 2") == 0)
    }

    @Test func numbersNullsAndBooleansRoundTrip() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        let insert = try db.prepare("INSERT INTO v (id, i, r, t) VALUES (?, ?, ?, ?)")
        try insert.execute(1, Int64.max, 0.1, "x")
        try insert.execute(2, Int64.min, -1.5e300, String?.none)
        try insert.execute(3, true, Double?.none, "y")
        let rows = try db.fetchAll("SELECT i, r, t FROM v ORDER BY id") { row in
            (row[0] as Int64, row[1] as Double?, row[2] as String?, row.value(1))
        }
        #expect(rows.map(\.0) == [Int64.max, Int64.min, 1])
        #expect(rows.map(\.1) == [0.1, -1.5e300, nil])
        #expect(rows.map(\.2) == ["x", nil, "y"])
        #expect(rows.map(\.3) == [.real(0.1), .real(-1.5e300), .null])
        #expect(try db.fetchOne(Bool.self, "SELECT i FROM v WHERE id = 3") == true)
        // A NULL read as a non-optional is SQLite's own conversion, not a crash.
        let null = try db.prepare("SELECT NULL")
        #expect(try null.step())
        #expect(null[0] as Int == 0 && null[0] as String == "" && null.isNull(0))
    }

    @Test func namedParametersAndColumnsByName() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        let insert = try db.prepare("INSERT INTO v (id, i, t) VALUES (:id, :n, :text)")
        for (id, text) in [(1, "one"), (2, "two")] {
            insert.reset()
            try insert.bind(id, name: ":id")
            try insert.bind(id * 10, name: ":n")
            try insert.bind(text, name: ":text")
            #expect(try insert.step() == false)
        }
        let select = try db.prepare("SELECT t AS label, i FROM v WHERE i >= :low ORDER BY id")
        try select.bind(15, name: ":low")
        #expect(try select.step())
        #expect(select["label"] as String == "two" && select["i"] as Int == 20)
        #expect(select.columnIndex("t") == nil && select.columnName(0) == "label")
        #expect(try select.step() == false)

        #expect(throws: SQLiteError(code: SQLITE_MISUSE, message: "no parameter named :high", sql: select.sql)) {
            try select.bind(1, name: ":high")
        }
        #expect(throws: SQLiteError(code: SQLITE_MISUSE, message: "1 arguments for 3 parameters", sql: insert.sql)) {
            try insert.execute(9)
        }
    }

    @Test func resetRunsTheStatementAgainWithItsBindings() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        try db.execute("INSERT INTO v (id, i) VALUES (1, 5), (2, 6), (3, 7)")
        let select = try db.prepare("SELECT id FROM v WHERE i > ? ORDER BY id")
        try select.bind(5)
        var first: [Int] = []
        while try select.step() { first.append(select[0]) }
        select.reset()
        var again: [Int] = []
        while try select.step() { again.append(select[0]) }
        #expect(first == [2, 3] && again == first)
        select.clearBindings()
        select.reset()
        #expect(try select.step() == false, "i > NULL matches nothing")
    }
}
