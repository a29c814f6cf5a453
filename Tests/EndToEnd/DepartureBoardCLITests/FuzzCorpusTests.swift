import Foundation
import Testing

/// The fuzz targets' seed corpus and past findings (Tests/Fuzz/Corpus), replayed by the
/// normal-build fuzz executables: each input must run without a crash or hang.
struct FuzzCorpusTests {
    @Test(arguments: [
        "fuzz-departures", "fuzz-board-file", "fuzz-bdf", "fuzz-shaping", "fuzz-gtfs-realtime", "fuzz-gtfs-feed", "fuzz-zip",
        "fuzz-http-response", "fuzz-tzif", "fuzz-csv", "fuzz-onebusaway", "fuzz-siri", "fuzz-siri-sx", "fuzz-json-path",
        "fuzz-json-map", "fuzz-vehicle-positions", "fuzz-status-link", "fuzz-conditional-get", "fuzz-font-file",
    ])
    func replaysTheCorpusCleanly(target: String) async throws {
        let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent(target)
        let corpus = CLI.packageRoot.appendingPathComponent("Tests/Fuzz/Corpus/\(target)")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        #expect(!inputs.isEmpty, "no corpus in \(corpus.path)")

        let run = try await CLI.run([corpus.path], executable: binary)
        #expect(run.status == 0, "\(target) exited \(run.status): \(run.stderr)")
        #expect(run.stdout.contains("replayed \(inputs.count) inputs"), "\(run.stdout)")
    }

    /// The HUB75 driver's target is C: built here as its replayer (under AddressSanitizer),
    /// the way Tests/EndToEnd/HUB75 builds the driver against the stub.
    @Test func replaysTheHUB75DriverCorpusCleanly() async throws {
        let scratch = try ScratchDirectory()
        let build = try await CLI.run(
            [scratch.url.path],
            executable: CLI.packageRoot.appendingPathComponent("Tests/Fuzz/Targets/HUB75Messages/build.sh"))
        try #require(build.status == 0, "build.sh exited \(build.status): \(build.stderr)")
        let corpus = CLI.packageRoot.appendingPathComponent("Tests/Fuzz/Corpus/fuzz-hub75-messages")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        #expect(!inputs.isEmpty, "no corpus in \(corpus.path)")

        let run = try await CLI.run([corpus.path], executable: scratch.url.appendingPathComponent("fuzz-hub75-messages"))
        #expect(run.status == 0, "fuzz-hub75-messages exited \(run.status): \(run.stderr.suffix(2000))")
        #expect(run.stdout.contains("replayed \(inputs.count) inputs"), "\(run.stdout)")
    }
}
