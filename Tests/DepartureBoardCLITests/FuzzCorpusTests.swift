import Foundation
import Testing

/// The fuzz targets' seed corpus and past findings (Tests/Fuzz/Corpus), replayed by the
/// normal-build fuzz executables: each input must run without a crash or hang.
struct FuzzCorpusTests {
    @Test(arguments: [
        "fuzz-departures", "fuzz-board-file", "fuzz-bdf", "fuzz-gtfs-realtime", "fuzz-gtfs-feed", "fuzz-zip",
        "fuzz-http-response", "fuzz-tzif",
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
}
