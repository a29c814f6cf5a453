import CSQLite
import SQLite
import Testing

/// Errors, read-only connections, closing and finalizing.
@Suite struct ConnectionTests {
    @Test func errorsCarryCodeMessageAndTheFailingSQL() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)

        let typo = "SELEC id FROM v"
        #expect(throws: SQLiteError(code: SQLITE_ERROR, message: "near \"SELEC\": syntax error", sql: typo)) {
            try db.prepare(typo)
        }
        // In a script, the error names the statement that failed, not the whole script.
        #expect(throws: SQLiteError(code: SQLITE_ERROR, message: "no such table: nowhere", sql: "SELECT * FROM nowhere;")) {
            try db.execute("INSERT INTO v (id) VALUES (1);\n  SELECT * FROM nowhere;\nINSERT INTO v (id) VALUES (2);")
        }
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM v") == 1, "statements before the failure ran, later ones did not")

        let insert = try db.prepare("INSERT INTO v (id) VALUES (?)")
        let error = try #require(throws: SQLiteError.self) { try insert.execute(1) }
        #expect(error.code == 1555 && error.isConstraintViolation)  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(error.message == "UNIQUE constraint failed: v.id" && error.sql == insert.sql)
        #expect(error.description == "SQLite error 1555: UNIQUE constraint failed: v.id (in: INSERT INTO v (id) VALUES (?))")
        try insert.execute(2)  // usable again after the failure
        #expect(try db.fetchOne(Int.self, "SELECT max(id) FROM v") == 2)

        #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1; SELECT 2") }
    }

    @Test func readOnlyConnectionsRefuseWrites() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("values.sqlite")
        try valuesDatabase(in: folder).execute("INSERT INTO v (id, t) VALUES (1, 'kept')")

        let reader = try Connection(path: path, mode: .readOnly)
        let error = try #require(throws: SQLiteError.self) { try reader.execute("INSERT INTO v (id) VALUES (2)") }
        #expect(error.primaryCode == SQLITE_READONLY)
        #expect(error.message == "attempt to write a readonly database")
        #expect(throws: SQLiteError.self) { try reader.execute("CREATE TABLE w (x)") }
        #expect(try reader.fetchOne(String.self, "SELECT t FROM v") == "kept")

        // Read-only and read-write never create a file; only readWriteCreate does.
        let missing = folder.file("missing.sqlite")
        #expect(throws: SQLiteError.self) { try Connection(path: missing, mode: .readOnly) }
        #expect(throws: SQLiteError.self) { try Connection(path: missing, mode: .readWrite) }
        #expect(throws: SQLiteError(code: SQLITE_CANTOPEN, message: "unable to open database file")) {
            try Connection(path: folder.file("no/such/dir.sqlite"))
        }
    }

    @Test func notADatabaseFailsAtTheFirstQuery() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("junk.sqlite")
        let writer = try Connection(path: path)
        try writer.close()
        try writeFile(path, Array(repeating: "junk junk junk junk ", count: 40).joined())
        let db = try Connection(path: path, mode: .readOnly)
        let error = try #require(throws: SQLiteError.self) { try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_master") }
        #expect(error.primaryCode == SQLITE_NOTADB && error.message == "file is not a database")
    }

    @Test func closeRefusesWhileAStatementIsLiveAndEveryHelperFinalizes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        try db.execute("INSERT INTO v (id) VALUES (1), (2)")
        _ = try db.fetchOne(Int.self, "SELECT id FROM v")
        _ = try db.fetchAll("SELECT id FROM v") { $0[0] as Int }

        var statement: Statement? = try db.prepare("SELECT id FROM v")
        #expect(try statement?.step() == true)
        let busy = try #require(throws: SQLiteError.self) { try db.close() }
        #expect(busy.primaryCode == SQLITE_BUSY)

        statement?.finalize()
        #expect(throws: SQLiteError(code: SQLITE_MISUSE, message: "the statement is finalized", sql: "SELECT id FROM v")) {
            try statement?.step()
        }
        statement = nil
        try db.prepare("SELECT 1").step()  // finalized on deinit
        try db.close()
        #expect(throws: SQLiteError.self) { try db.execute("SELECT 1") }
    }

    @Test func busyTimeoutWaitsForAnotherConnectionsLock() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let holder = try valuesDatabase(in: folder)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }

        let impatient = try Connection(path: folder.file("values.sqlite"))
        let error = try #require(throws: SQLiteError.self) { try impatient.execute("INSERT INTO v (id) VALUES (1)") }
        #expect(error.primaryCode == SQLITE_BUSY)

        let patient = try Connection(path: folder.file("values.sqlite"))
        try patient.setBusyTimeout(.milliseconds(300))
        let start = ContinuousClock.now
        #expect(throws: SQLiteError.self) { try patient.execute("INSERT INTO v (id) VALUES (1)") }
        #expect(ContinuousClock.now - start >= .milliseconds(250), "it waited before giving up")
    }
}
