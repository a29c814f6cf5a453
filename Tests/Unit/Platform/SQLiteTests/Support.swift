#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SQLite

/// A fresh directory for one test's database files, removed by `remove()`.
struct ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/sqlite-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A database in `folder` with one table of every storage class.
func valuesDatabase(in folder: ScratchFolder) throws -> Connection {
    let db = try Connection(path: folder.file("values.sqlite"))
    try db.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, i INTEGER, r REAL, t TEXT, b BLOB)")
    return db
}

struct Refused: Error, Equatable {}

/// Replaces the file at `path` with `text`.
func writeFile(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(filePath: path))
}
