import Foundation
@testable import BoardConfig

enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"
    static let broken = root + "/broken"
    static let valid = root + "/valid"

    /// Lines of expected-errors.txt: each is a full error description whose file part is the
    /// fixture's name; the test prefixes the folder because `load` reports the path as given
    /// (to the first line; later lines of the same file carry it already).
    static func expectedErrors() -> [(file: String, description: String)] {
        guard let text = try? String(contentsOfFile: root + "/expected-errors.txt", encoding: .utf8) else { return [] }
        // A file with several problems has one line for each, one after another.
        var grouped: [(file: String, description: String)] = []
        for line in text.split(separator: "\n") {
            guard !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { continue }
            let file = String(line[..<colon])
            if grouped.last?.file == file {
                grouped[grouped.count - 1].description += "\n" + broken + "/" + line
            } else {
                grouped.append((file, String(line)))
            }
        }
        return grouped
    }

    static func brokenFileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: broken)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }
}

let knownZones: Set<String> = ["Australia/Sydney", "Australia/Perth", "Europe/London", "UTC"]
let loader = BoardFileLoader(zoneExists: { knownZones.contains($0) })

/// The error `body` throws, or nil when it succeeds.
func boardError(_ body: () throws(BoardFileError) -> BoardFile) -> BoardFileError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

func tempDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "boardconfig-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
