import Foundation
import Testing

/// The installer's own checks: argument handling and --dry-run output for install,
/// uninstall and purge, plus shellcheck and `systemd-analyze verify` when installed.
struct DeployTests {
    @Test func installerChecksPass() async throws {
        let script = CLI.packageRoot.appendingPathComponent("deploy/test-install.sh").path
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
