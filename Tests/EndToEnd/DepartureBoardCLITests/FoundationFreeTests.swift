import Foundation
import Testing

/// The sign links FoundationEssentials only (through DeparturesCore's one touchpoint): full
/// Foundation brings ICU's data. One `import Foundation` in a bench file doubled the binary
/// (50 → 100 MB) and raised a demo board's peak memory from 12.2 to 15.1 MiB.
struct FoundationFreeTests {
    @Test func noSourceImportsFullFoundation() throws {
        let sources = CLI.packageRoot.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 100)
        var importing: [String] = []
        // The touchpoint itself names Foundation only where FoundationEssentials does not exist.
        for file in files where file != "Core/DeparturesCore/Foundation.swift" {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                if let index = words.firstIndex(of: "import"), index + 1 < words.count, words[index + 1] == "Foundation" {
                    importing.append("\(file): \(line)")
                }
            }
        }
        #expect(importing.isEmpty, "\(importing)")
    }
}
