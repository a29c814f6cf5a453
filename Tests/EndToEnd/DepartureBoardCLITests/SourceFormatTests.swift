import Foundation
import Testing

/// The code follows the checked-in `.swift-format` (4 spaces, 140 columns, the house's rules):
/// `swift format -i` on a file before committing keeps this green. Generated code is left as
/// its generator wrote it.
struct SourceFormatTests {
    @Test func everySwiftFileFollowsTheCheckedInFormat() throws {
        let root = CLI.packageRoot
        let files =
            ["Sources", "Tests", "Plugins"].flatMap { folder in
                (FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".swift") && !$0.contains("/Generated/") && !$0.hasPrefix(".") }
                    .map { "\(folder)/\($0)" }
            } + ["Package.swift"]
        #expect(files.count > 500)
        let lint = Process()
        lint.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        lint.arguments = ["swift", "format", "lint", "--strict", "--parallel"] + files
        lint.currentDirectoryURL = root
        let errors = Pipe()
        lint.standardError = errors
        lint.standardOutput = FileHandle.nullDevice
        try lint.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        lint.waitUntilExit()
        let findings = said.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(
            lint.terminationStatus == 0 && findings.isEmpty,
            "\(findings.count) findings; run swift format -i on these files:\n\(findings.prefix(20).joined(separator: "\n"))")
    }
}
