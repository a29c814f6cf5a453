import Foundation
import TestPaths
public import Framebuffer

/// departure-board-hub75 compiled against the recording stub of hzeller's library
/// (Tests/EndToEnd/HUB75/build-stub-driver.sh): the real driver process, no panel. What the "library"
/// was asked to do lands in `recordDirectory`: calls.jsonl, and latest.ppm, the canvas last shown.
public struct HUB75StubDriver: Sendable {
    public let program: String
    public let recordDirectory: String

    /// Builds a driver of its own into a fresh folder (about a second with cc).
    public static func build() throws -> HUB75StubDriver {
        let folder = NSTemporaryDirectory() + "hub75-stub-\(UUID().uuidString)"
        let records = folder + "/record"
        try FileManager.default.createDirectory(atPath: records, withIntermediateDirectories: true)
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/bin/bash")
        build.arguments = [PackageRoot.path + "/Tests/EndToEnd/HUB75/build-stub-driver.sh", folder + "/bin", records]
        let errors = Pipe()
        build.standardError = errors
        try build.run()
        build.waitUntilExit()
        guard build.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw BuildError(description: "build-stub-driver.sh exited \(build.terminationStatus): \(text)")
        }
        return HUB75StubDriver(program: folder + "/bin/departure-board-hub75", recordDirectory: records)
    }

    public struct BuildError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every recorded call, in order, as JSON objects.
    public func calls() -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: recordDirectory + "/calls.jsonl", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The names of the recorded calls, in order ("create", "swap", …).
    public func callNames() -> [String] { calls().compactMap { $0["call"] as? String } }

    /// The canvas the last swap showed, or nil before any.
    public func shown() -> Framebuffer? {
        guard let data = FileManager.default.contents(atPath: recordDirectory + "/latest.ppm") else { return nil }
        return HUB75TraceReplay.frame(ppm: [UInt8](data))
    }

    /// Makes the stub abort at this process's Nth swap (a driver crashing mid-life).
    public func abort(atSwap count: Int) throws {
        try "\(count)\n".write(toFile: recordDirectory + "/abort-after", atomically: true, encoding: .utf8)
    }

    public func stopAborting() {
        try? FileManager.default.removeItem(atPath: recordDirectory + "/abort-after")
    }

    /// Makes matrix creation abort, as the Pi 5 backend does without /dev/pio0.
    public func failCreate(_ fail: Bool) throws {
        let path = recordDirectory + "/fail-create"
        if fail { try "".write(toFile: path, atomically: true, encoding: .utf8) } else { try? FileManager.default.removeItem(atPath: path) }
    }
}
