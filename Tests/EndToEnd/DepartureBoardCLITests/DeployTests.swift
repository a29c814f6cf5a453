import Foundation
import Testing

/// The installer's own checks: argument handling and --dry-run output for install,
/// uninstall and purge, plus shellcheck and `systemd-analyze verify` when installed.
struct DeployTests {
    @Test func installerChecksPass() async throws {
        let script = CLI.packageRoot.appendingPathComponent("Tests/Package/installer.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("all checks passed"), "\(text)")
        #expect(!text.contains("not ok"), "\(text)")
    }
}

/// A fresh install must end with a running service: the board it writes (the preview with an
/// image output) runs as the unit runs it, with no terminal and no panel, and a reload
/// switches it to the board put in its place.
struct FirstBoardTests {
    static let installedImage = "/run/departure-board/board.png"

    static func firstBoard() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLI.packageRoot.appendingPathComponent("deploy/install.sh").path, "--print-first-board"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return text
    }

    @Test func theInstalledFirstBoardRunsWithoutAPanelAndReloadsIntoTheNextBoard() async throws {
        let scratch = try ScratchDirectory()
        let text = try await Task.detached { try Self.firstBoard() }.value
        #expect(text.contains("  path: \(Self.installedImage)\n"))
        let installed = try scratch.write("installed.yaml", text)
        let validate = try await CLI.run(["validate", installed])
        #expect(validate.status == 0, "\(validate.stderr)")

        // As the unit runs it (stdout not a terminal), drawing where this test can look.
        let image = scratch.path("board.png")
        let board = try scratch.write("board.yaml", text.replacingOccurrences(of: Self.installedImage, with: image))
        let running = try RunSignalTests.RunningBoard(["run", "--board", board, "--log-level", "info"], scratch: scratch)
        #expect(await running.waitUntil { scratch.exists("board.png") }, "\(running.log)")
        #expect(running.process.isRunning, "\(running.log)")

        // The notes' next step: another board in its place, then `systemctl reload` (SIGHUP).
        let next = scratch.path("next.png")
        try scratch.write("board.yaml", text.replacingOccurrences(of: Self.installedImage, with: next))
        running.signal(SIGHUP)
        #expect(await running.waitUntil { running.log.contains("board reloaded") && scratch.exists("next.png") }, "\(running.log)")
        running.signal(SIGTERM)
        #expect(await running.exitStatus(within: 10) == 0, "\(running.log)")
    }
}
