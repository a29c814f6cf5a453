public import DeparturesCore
import BoardRender
public import SourceAssembly
import BoardAssembly

/// `bench --board B --now T`: how long the board's own frame takes to draw, in this process,
/// with its source read once at T. The first frame opens fallback fonts and shapes each text;
/// later frames (the scroll moving on) find the shaped texts cached.
public enum FrameBench {
    /// Times in microseconds, as the scenes report theirs.
    public struct Figures: Sendable {
        public var board: String
        public var first: Double
        public var median: Double
        public var slowest: Double
        public var frames: Int
        public var missingGlyphs: Int

        public var text: String {
            "frames of \(board): first \(formatted(first)) µs, then \(formatted(median)) µs a frame (median of \(frames); "
                + "slowest \(formatted(slowest)) µs), \(missingGlyphs) characters without a glyph\n"
        }
    }

    public static func run(boards: [String], frames: Int, now: Date) async throws(AssemblyError) -> [Figures] {
        var figures: [Figures] = []
        for path in boards {
            let checked = try CheckedBoard(path: path)
            let (state, _, _) = await checked.setup.snapshot(clock: FixedBoardClock(now: now))
            let renderer = checked.renderer
            let clock = ContinuousClock()
            let began = clock.now
            _ = renderer.render(state)
            let first = BenchMeasurement.microseconds(clock.now - began)
            var times: [Double] = []
            times.reserveCapacity(frames)
            for frame in 1...max(1, frames) {
                let start = clock.now
                _ = renderer.render(state, elapsed: .milliseconds(frame * 40))
                times.append(BenchMeasurement.microseconds(clock.now - start))
            }
            let missing = renderer.layout(state).texts.map(\.missingGlyphs).reduce(0, +)
            figures.append(
                Figures(
                    board: path, first: first, median: BenchMeasurement.median(times), slowest: times.max() ?? 0,
                    frames: times.count, missingGlyphs: missing))
        }
        return figures
    }
}
