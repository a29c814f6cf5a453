import ArgumentParser
import BoardAssembly

/// `bench`: measures layout + rasterisation per frame on fixed scenes, so performance is
/// reported as figures from the project's own code rather than asserted in tests.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure rendering speed and damaged area per frame.",
        discussion: """
            Scenes: ssd1322 (256×64 gray4, three rows and a clock, every countdown changing \
            each frame) and preview (the preview board at its display size). Build with \
            -c release for meaningful figures.
            """
    )

    @Option(help: "Frames per scene.")
    var frames = 500

    @Flag(help: "Print a JSON array, one object per scene.")
    var json = false

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1.") }
    }

    func run() async throws {
        do {
            let results = try await BenchMeasurement.run(frames: frames)
            Console.raw(json ? BenchResult.json(results) : results.map(\.text).joined())
        } catch {
            throw CLIFailure(error).exit()
        }
    }
}
