import Testing
import Framebuffer

@Suite("Damage")
struct DamageTests {
    static let lit: [PixelFormat: PixelValue] = [
        .mono: PixelValue(1), .gray4: PixelValue(9), .rgb565: PixelValue(0x8001),
        .rgb888: PixelValue(0x000100), .bwr: PixelValue(2),
    ]

    @Test(arguments: PixelFormat.allCases)
    func identicalFramesHaveNoDamage(format: PixelFormat) {
        let a = Framebuffer(width: 20, height: 6, format: format)
        var b = Framebuffer(width: 20, height: 6, format: format)
        b[3, 3] = Self.lit[format]!
        b[3, 3] = PixelValue(0)
        #expect(Damage.rects(from: a, to: a).isEmpty)
        #expect(Damage.rects(from: a, to: b).isEmpty)
    }

    /// Sub-byte formats must narrow to the changed bit or nibble, not the whole byte.
    @Test(arguments: PixelFormat.allCases)
    func onePixelIsOneByOne(format: PixelFormat) {
        let a = Framebuffer(width: 21, height: 7, format: format)
        for (x, y) in [(0, 0), (5, 3), (20, 6), (9, 1)] {
            var b = a
            b[x, y] = Self.lit[format]!
            #expect(Damage.rects(from: a, to: b) == [Rect(x: x, y: y, width: 1, height: 1)], "\(format) \(x),\(y)")
        }
    }

    @Test(arguments: PixelFormat.allCases)
    func bandsAndExtents(format: PixelFormat) {
        let a = Framebuffer(width: 30, height: 10, format: format)
        var b = a
        let v = Self.lit[format]!
        b[2, 2] = v
        b[7, 3] = v  // same band as row 2 → widened x extent
        b[12, 6] = v  // row 5 unchanged → new band
        b[25, 6] = v
        b[14, 7] = v
        #expect(
            Damage.rects(from: a, to: b) == [
                Rect(x: 2, y: 2, width: 6, height: 2),
                Rect(x: 12, y: 6, width: 14, height: 2),
            ])
    }

    @Test(arguments: PixelFormat.allCases)
    func fullChangeAndMismatches(format: PixelFormat) {
        let a = Framebuffer(width: 13, height: 5, format: format)
        let full = Framebuffer(width: 13, height: 5, format: format, fill: Self.lit[format]!)
        let everything = [Rect(x: 0, y: 0, width: 13, height: 5)]
        #expect(Damage.rects(from: a, to: full) == everything)
        #expect(Damage.rects(from: nil, to: a) == everything)
        #expect(Damage.rects(from: Framebuffer(width: 12, height: 5, format: format), to: a) == everything)
        #expect(Damage.rects(from: Framebuffer(width: 13, height: 4, format: format), to: a) == everything)
        let other = format == .bwr ? PixelFormat.mono : .bwr
        #expect(Damage.rects(from: Framebuffer(width: 13, height: 5, format: other), to: a) == everything)
        #expect(Damage.rects(from: nil, to: Framebuffer(width: 0, height: 0, format: format)).isEmpty)
    }

    @Test func area() {
        #expect(Damage.area([]) == 0)
        #expect(Damage.area([Rect(x: 0, y: 0, width: 3, height: 2), Rect(x: 5, y: 4, width: 1, height: 1)]) == 7)
        #expect(Damage.area([Rect(x: 0, y: 0, width: -3, height: 2)]) == 0)
    }

    /// Random edits: every changed pixel is covered, rects are sorted, disjoint and tight (edge rows/columns changed).
    @Test(arguments: PixelFormat.allCases)
    func randomEditsAreCoveredTightly(format: PixelFormat) {
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let a = Framebuffer(width: 37, height: 23, format: format)
        for _ in 0..<40 {
            var b = a
            for _ in 0..<(1 + next(6)) { b[next(37), next(23)] = Self.lit[format]! }
            let rects = Damage.rects(from: a, to: b)
            let changed = (0..<23).flatMap { y in (0..<37).compactMap { x in a[x, y] != b[x, y] ? (x, y) : nil } }
            for (x, y) in changed { #expect(rects.contains { $0.contains(x: x, y: y) }) }
            for (r, s) in zip(rects, rects.dropFirst()) { #expect(r.maxY < s.y, "bands are separated by a clean row") }
            for r in rects {
                #expect(changed.contains { $0.1 == r.y } && changed.contains { $0.1 == r.maxY - 1 })
                #expect(changed.contains { $0.0 == r.x && r.contains(x: $0.0, y: $0.1) })
                #expect(changed.contains { $0.0 == r.maxX - 1 && r.contains(x: $0.0, y: $0.1) })
            }
        }
    }
}
