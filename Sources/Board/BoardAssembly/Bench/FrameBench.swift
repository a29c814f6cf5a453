public import DeparturesCore
import BoardRender
public import SourceAssembly

/// `bench --board B --now T`: how long the board's own frame takes to draw, in this process,
/// with its source read once at T. The first frame opens fallback fonts and shapes each text;
/// later frames (the scroll moving on) find the shaped texts cached.
public enum FrameBench {
    public struct Figures: Sendable {
        public var board: String
        public var first: Duration
        public var median: Duration
        public var slowest: Duration
        public var frames: Int
        public var missingGlyphs: Int

        public var text: String {
            "frames of \(board): first \(Self.ms(first)) ms, then \(Self.ms(median)) ms a frame (median of \(frames); slowest "
                + "\(Self.ms(slowest)) ms), \(missingGlyphs) characters without a glyph\n"
        }

        static func ms(_ duration: Duration) -> String {
            let micros = Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
            let hundredths = (micros + 5) / 10
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
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
            let first = clock.now - began
            var times: [Duration] = []
            times.reserveCapacity(frames)
            for frame in 1...max(1, frames) {
                let start = clock.now
                _ = renderer.render(state, elapsed: .milliseconds(frame * 40))
                times.append(clock.now - start)
            }
            times.sort()
            let missing = renderer.layout(state).texts.map(\.missingGlyphs).reduce(0, +)
            figures.append(Figures(board: path, first: first, median: times[times.count / 2], slowest: times.last ?? .zero,
                                   frames: times.count, missingGlyphs: missing))
        }
        return figures
    }
}
