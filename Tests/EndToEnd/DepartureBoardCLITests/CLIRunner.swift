import Foundation
import TestPaths

/// Runs the real `departure-board` binary (built by `swift test` beside the test bundle)
/// and captures what it prints and its exit code.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Killed by a signal (a trap is SIGILL or SIGTRAP), not an exit of its own.
    var trapped = false
}

enum CLI {
    static let packageRoot = PackageRoot.url

    static var binary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle, bundle.deletingLastPathComponent(), Bundle.main.bundleURL]
        for directory in candidates {
            let url = directory.appendingPathComponent("departure-board")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return bundle.appendingPathComponent("departure-board")
    }

    /// Runs in the package root (so `Boards/preview.yaml` is found) unless told otherwise.
    /// The blocking wait happens on a Dispatch thread, not on Swift's cooperative pool,
    /// so other suites keep running meanwhile.
    /// `executable` defaults to `departure-board`; the fuzz corpus replayers built beside it run the same way.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
        executable: URL? = nil
    ) async throws -> CLIRun {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try runBlocking(arguments, environment: environment, in: directory, executable: executable ?? binary)
                    })
            }
        }
    }

    private static func runBlocking(
        _ arguments: [String], environment: [String: String], in directory: URL?,
        executable: URL
    ) throws -> CLIRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            trapped: process.terminationReason == .uncaughtSignal)
    }
}

/// A scratch folder per test, removed afterwards.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("departure-board-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let target = path(name)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }
}
