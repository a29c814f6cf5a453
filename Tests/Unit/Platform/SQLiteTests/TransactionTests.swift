import CSQLite
import SQLite
import Locking
import Testing

/// Transactions commit or roll back whole; a shared connection serialises its users.
@Suite struct TransactionTests {
    @Test func aThrowRollsBackEverythingAndRethrowsTheSameError() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        try db.execute("INSERT INTO v (id) VALUES (1)")
        #expect(throws: Refused()) {
            try db.transaction {
                try db.execute("INSERT INTO v (id) VALUES (2)")
                try db.execute("DELETE FROM v WHERE id = 1")
                #expect(db.isInTransaction)
                throw Refused()
            }
        }
        #expect(!db.isInTransaction)
        #expect(try db.fetchAll("SELECT id FROM v") { $0[0] as Int } == [1])

        // An SQLite error inside rolls back too, and is the error the caller sees.
        let error = try #require(throws: SQLiteError.self) {
            try db.transaction(.immediate) {
                try db.execute("INSERT INTO v (id) VALUES (3)")
                try db.execute("INSERT INTO v (id) VALUES (1)")
            }
        }
        #expect(error.isConstraintViolation)
        #expect(try db.fetchAll("SELECT id FROM v") { $0[0] as Int } == [1])
    }

    @Test func aReturnCommitsAndHandsBackTheResult() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        let inserted = try db.transaction {
            let insert = try db.prepare("INSERT INTO v (id, t) VALUES (?, ?)")
            for id in 1...100 { try insert.execute(id, "row \(id)") }
            return db.changes
        }
        #expect(inserted == 1)
        // Another connection sees the commit.
        let reader = try Connection(path: folder.file("values.sqlite"), mode: .readOnly)
        #expect(try reader.fetchOne(Int.self, "SELECT count(*) FROM v") == 100)
    }

    @Test func aSharedConnectionServesManyTasksOneAtATime() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let db = try valuesDatabase(in: folder)
        try db.transaction {
            let insert = try db.prepare("INSERT INTO v (id, t) VALUES (?, ?)")
            for id in 1...500 { try insert.execute(id, "stop \(id)") }
        }
        let shared = try SharedConnection(path: folder.file("values.sqlite"), mode: .readOnly, busyTimeout: .seconds(1))
        let occupancy = Occupancy()
        // Each task steps a statement row by row; interleaved callers would trip SQLite's
        // multi-thread mode (or read each other's rows) without the mutex.
        let totals = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var total = 0
                    for round in 0..<25 {
                        total += try shared.withConnection { db throws(SQLiteError) in
                            occupancy.enter()
                            defer { occupancy.leave() }
                            let low = (task * 25 + round) % 400
                            return try db.fetchAll("SELECT t FROM v WHERE id > ? AND id <= ?", low, low + 100) { row in
                                Int((row[0] as String).dropFirst(5))!
                            }.reduce(0, +)
                        }
                    }
                    return total
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(occupancy.most == 1)
        let expected = (0..<8).map { task in
            (0..<25).map { round in
                let low = (task * 25 + round) % 400; return (low + 1...low + 100).reduce(0, +)
            }.reduce(0, +)
        }
        #expect(totals.sorted() == expected.sorted())
    }
}

/// How many callers are inside the shared connection at once, and the most there ever were.
private final class Occupancy: Sendable {
    private let state = Locked((now: 0, most: 0))

    func enter() {
        state.withLock {
            $0.now += 1; $0.most = max($0.most, $0.now)
        }
    }
    func leave() { state.withLock { $0.now -= 1 } }
    var most: Int { state.withLock { $0.most } }
}
