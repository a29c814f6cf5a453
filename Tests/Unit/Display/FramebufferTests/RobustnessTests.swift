import Testing
import Framebuffer

@Suite("Never traps")
struct RobustnessTests {
    @Test(arguments: PixelFormat.allCases)
    func outOfBoundsAccess(format: PixelFormat) {
        var fb = Framebuffer(width: 4, height: 3, format: format)
        let before = fb.bytes
        for (x, y) in [(-1, 0), (4, 0), (0, -1), (0, 3), (Int.min, Int.max), (Int.max, 0)] {
            #expect(fb[x, y] == PixelValue(0))
            fb[x, y] = PixelValue(1)
            #expect(fb.rgb(x: x, y: y) == format.color(of: PixelValue(0)))
        }
        #expect(fb.bytes == before)
    }

    @Test(arguments: PixelFormat.allCases)
    func fillsPartlyOrWhollyOutside(format: PixelFormat) {
        var fb = Framebuffer(width: 9, height: 3, format: format)
        let v = PixelValue(1)
        fb.fill(Rect(x: -5, y: -5, width: 7, height: 7), with: v)
        for y in 0..<3 {
            for x in 0..<9 { #expect(fb[x, y] == (x < 2 && y < 2 ? v : PixelValue(0))) }
        }
        var copy = fb
        for rect in [
            Rect(x: 20, y: 0, width: 5, height: 5), Rect(x: 0, y: 0, width: -4, height: 3),
            Rect(x: Int.max - 1, y: 0, width: Int.max, height: 1), Rect(x: Int.min, y: Int.min, width: Int.max, height: Int.max),
        ] {
            copy.fill(rect, with: v)
        }
        #expect(copy == fb)
        copy.fill(Rect(x: -10, y: 1, width: Int.max, height: Int.max), with: v)
        #expect((0..<9).allSatisfy { copy[$0, 2] == v })
    }

    @Test(arguments: PixelFormat.allCases)
    func emptyFrames(format: PixelFormat) {
        var fb = Framebuffer(width: -3, height: 5, format: format)
        #expect(fb.width == 0 && fb.bytes.isEmpty && fb.rgbBytes().isEmpty)
        fb.fill(with: PixelValue(1))
        fb[0, 0] = PixelValue(1)
        #expect(Damage.rects(from: fb, to: fb).isEmpty)
    }

    @Test func rectBasics() {
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(r.maxX == 4 && r.maxY == 6 && r.area == 12 && !r.isEmpty)
        #expect(r.intersection(Rect(x: 3, y: 0, width: 10, height: 3)) == Rect(x: 3, y: 2, width: 1, height: 1))
        #expect(r.intersection(Rect(x: 4, y: 2, width: 1, height: 1)).isEmpty)
        #expect(r.union(Rect(x: 10, y: 0, width: 1, height: 1)) == Rect(x: 1, y: 0, width: 10, height: 6))
        #expect(r.union(.zero) == r && Rect.zero.union(r) == r)
        #expect(r.contains(x: 1, y: 2) && r.contains(x: 3, y: 5) && !r.contains(x: 4, y: 5) && !r.contains(x: 1, y: 6))
        #expect(r.description == "Rect(x: 1, y: 2, width: 3, height: 4)")
    }
}
