import DisplayBackends
import Framebuffer
import PanelTestSupport
import SeededRandom
import Locking
import Testing

/// A monotonic clock the test moves by hand.
final class EPaperTestClock: Sendable {
    private let value = Locked(Duration.zero)
    var now: @Sendable () -> Duration { { self.value.withLock { $0 } } }
    func advance(_ by: Duration) { value.withLock { $0 += by } }
}

enum EPaperFixture {
    /// A seeded pseudo-random frame (SplitMix64), white/black/red in equal parts.
    static func pattern(width: Int, height: Int, seed: UInt64, colors: UInt64 = 3) -> Framebuffer {
        var frame = Framebuffer(width: width, height: height, format: .bwr)
        var rng = SplitMix64(state: seed)
        for y in 0..<height {
            for x in 0..<width { frame[x, y] = PixelValue(UInt32(rng.next() % colors)) }
        }
        return frame
    }

    /// `base` with `rect` redrawn from another seed's pattern.
    static func changed(_ base: Framebuffer, in rect: Rect, seed: UInt64) -> Framebuffer {
        var frame = base
        let other = pattern(width: base.width, height: base.height, seed: seed)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { frame[x, y] = other[x, y] }
        }
        return frame
    }

    /// What a black/white panel shows: red as black.
    static func blackWhite(_ frame: Framebuffer) -> Framebuffer {
        var out = frame
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y].raw == 2 { out[x, y] = PixelValue(1) }
        }
        return out
    }

    /// nil when equal, else where they first differ (Framebuffer's own dump is too long to read).
    static func mismatch(_ a: Framebuffer, _ b: Framebuffer) -> String? {
        guard a.width == b.width, a.height == b.height, a.format == b.format else {
            return "size/format \(a.width)x\(a.height) \(a.format) vs \(b.width)x\(b.height) \(b.format)"
        }
        var count = 0, first: (Int, Int)?
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                count += 1
                if first == nil { first = (x, y) }
            }
        }
        guard let (x, y) = first else { return nil }
        return "\(count) pixels differ, first at (\(x), \(y)): \(a[x, y].raw) vs \(b[x, y].raw)"
    }

    /// The command bytes of a trace, in order.
    static func commands(_ ops: [TraceOp]) -> [UInt8] {
        ops.flatMap { op -> [UInt8] in
            if case .spi(0?, let data) = op { return data }
            return []
        }
    }

    /// Data bytes that followed each occurrence of `command`, concatenated.
    static func data(after command: UInt8, in ops: [TraceOp]) -> [UInt8] {
        var out: [UInt8] = [], inside = false
        for op in ops {
            guard case .spi(let dc, let bytes) = op else { continue }
            if dc == 0 { inside = bytes.last == command } else if inside { out += bytes }
        }
        return out
    }

    /// All data bytes (D/C high) of a trace.
    static func dataBytes(_ ops: [TraceOp]) -> Int {
        ops.reduce(0) { total, op in
            if case .spi(1?, let bytes) = op { return total + bytes.count }
            return total
        }
    }
}

@Suite struct EPaperSupportTests {
    @Test func patternIsSeededAndUsesAllThreeInks() {
        let a = EPaperFixture.pattern(width: 40, height: 10, seed: 7)
        #expect(a == EPaperFixture.pattern(width: 40, height: 10, seed: 7))
        #expect(a != EPaperFixture.pattern(width: 40, height: 10, seed: 8))
        let values = Set((0..<40).flatMap { x in (0..<10).map { a[x, $0].raw } })
        #expect(values == [0, 1, 2])
    }

    @Test func dataAfterCollectsOnlyThatCommandsBytes() {
        let ops: [TraceOp] = [
            .spi(dc: 0, data: [0x10]), .spi(dc: 1, data: [1, 2]), .spi(dc: 1, data: [3]),
            .spi(dc: 0, data: [0x13]), .spi(dc: 1, data: [9]),
        ]
        #expect(EPaperFixture.data(after: 0x10, in: ops) == [1, 2, 3])
        #expect(EPaperFixture.dataBytes(ops) == 4)
    }
}
