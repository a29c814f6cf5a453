import BoardAssembly
import SourceAssembly
import DeparturesCore
import Foundation
import TestPaths
import Logging

enum Repository {
    /// The package root.
    static let root = PackageRoot.path

    /// Every board file the project ships.
    static let boards: [String] = {
        var found: [String] = []
        for folder in ["Boards", "Boards/gtfs"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            found += names.filter { $0.hasSuffix(".yaml") }.map { folder + "/" + $0 }
        }
        return found.sorted()
    }()

    static let now = Date(timeIntervalSince1970: 1_795_386_600)  // 2026-11-23T09:30:00+11:00
    static let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
}

/// A folder of its own under /tmp, removed at the end of the test.
final class Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "board-assembly-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: file(name), atomically: true, encoding: .utf8)
        return file(name)
    }
}
