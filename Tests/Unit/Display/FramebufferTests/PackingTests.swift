import Testing
@testable import Framebuffer

@Suite("Packing, byte for byte")
struct PackingTests {
    @Test func strides() {
        #expect(PixelFormat.mono.stride(forWidth: 10) == 2)
        #expect(PixelFormat.mono.stride(forWidth: 16) == 2)
        #expect(PixelFormat.gray4.stride(forWidth: 5) == 3)
        #expect(PixelFormat.rgb565.stride(forWidth: 5) == 10)
        #expect(PixelFormat.rgb888.stride(forWidth: 5) == 15)
        #expect(PixelFormat.bwr.stride(forWidth: 5) == 5)
        #expect(PixelFormat.allCases.map(\.bitsPerPixel) == [1, 4, 16, 24, 8])
    }

    @Test func monoMSBFirstWithPadding() {
        var fb = Framebuffer(width: 10, height: 2, format: .mono)
        #expect(fb.bytes == [0, 0, 0, 0])
        fb[0, 0] = PixelValue(1)
        fb[7, 0] = PixelValue(1)
        fb[8, 0] = PixelValue(1)
        fb[9, 1] = PixelValue(1)
        #expect(fb.bytes == [0b1000_0001, 0b1000_0000, 0b0000_0000, 0b0100_0000])
        #expect(fb[7, 0] == PixelValue(1) && fb[6, 0] == PixelValue(0) && fb[9, 1] == PixelValue(1))
        fb[0, 0] = PixelValue(0)
        #expect(fb.bytes == [0b0000_0001, 0b1000_0000, 0, 0b0100_0000])

        fb.fill(with: PixelValue(1))
        #expect(fb.bytes == [0xFF, 0xC0, 0xFF, 0xC0], "padding bits stay zero")
        fb.fill(with: PixelValue(0))
        fb.fill(Rect(x: 3, y: 0, width: 3, height: 1), with: PixelValue(1))
        #expect(fb.bytes == [0b0001_1100, 0, 0, 0])
        fb.fill(Rect(x: 6, y: 1, width: 100, height: 5), with: PixelValue(1))
        #expect(fb.bytes == [0b0001_1100, 0, 0b0000_0011, 0b1100_0000])
    }

    @Test func gray4HighNibbleLeftOddWidth() {
        var fb = Framebuffer(width: 5, height: 2, format: .gray4)
        fb[0, 0] = PixelValue(0xA)
        fb[1, 0] = PixelValue(0x3)
        fb[4, 0] = PixelValue(0xF)
        fb[3, 1] = PixelValue(0x7)
        #expect(fb.bytes == [0xA3, 0x00, 0xF0, 0x00, 0x07, 0x00])
        #expect(fb[0, 0].raw == 0xA && fb[1, 0].raw == 3 && fb[4, 0].raw == 15 && fb[3, 1].raw == 7)
        fb[1, 0] = PixelValue(0x1C)  // truncated to the low 4 bits
        #expect(fb.bytes[0] == 0xAC)

        fb.fill(with: PixelValue(5))
        #expect(fb.bytes == [0x55, 0x55, 0x50, 0x55, 0x55, 0x50])
        fb.fill(with: PixelValue(0))
        fb.fill(Rect(x: 1, y: 1, width: 3, height: 1), with: PixelValue(9))
        #expect(fb.bytes == [0, 0, 0, 0x09, 0x99, 0x00])
    }

    @Test func rgb565LittleEndian() {
        var fb = Framebuffer(width: 2, height: 2, format: .rgb565)
        fb[0, 0] = PixelFormat.rgb565.value(for: RGB(255, 0, 0))
        fb[1, 0] = PixelValue(0x1234)
        fb[1, 1] = PixelFormat.rgb565.value(for: RGB(0, 0, 255))
        #expect(fb.bytes == [0x00, 0xF8, 0x34, 0x12, 0x00, 0x00, 0x1F, 0x00])
        fb.fill(Rect(x: 0, y: 1, width: 2, height: 1), with: PixelValue(0xABCD))
        #expect(fb.bytes == [0x00, 0xF8, 0x34, 0x12, 0xCD, 0xAB, 0xCD, 0xAB])
    }

    @Test func rgb888ByteOrder() {
        var fb = Framebuffer(width: 3, height: 2, format: .rgb888)
        fb[1, 0] = PixelValue(0x102030)
        #expect(fb.bytes == [0, 0, 0, 0x10, 0x20, 0x30, 0, 0, 0] + [UInt8](repeating: 0, count: 9))
        fb.fill(Rect(x: 1, y: 0, width: 2, height: 2), with: PixelValue(0x123456))
        let row: [UInt8] = [0, 0, 0, 0x12, 0x34, 0x56, 0x12, 0x34, 0x56]
        #expect(fb.bytes == row + row)
        #expect(fb.rgb(x: 2, y: 1) == RGB(0x12, 0x34, 0x56))
    }

    @Test func bwrOneBytePerPixel() {
        var fb = Framebuffer(width: 3, height: 1, format: .bwr)
        fb[0, 0] = PixelValue(1)
        fb[1, 0] = PixelValue(2)
        #expect(fb.bytes == [1, 2, 0])
        fb[0, 0] = PixelValue(7)  // not an ink: becomes white
        #expect(fb.bytes == [0, 2, 0])
        let red = Framebuffer(width: 2, height: 2, format: .bwr, fill: PixelValue(2))
        #expect(red.bytes == [2, 2, 2, 2])
    }

    @Test func initialFillAndRGBBytes() {
        let fb = Framebuffer(width: 3, height: 1, format: .gray4, fill: PixelValue(4))
        #expect(fb.bytes == [0x44, 0x40])
        #expect(fb.rgbBytes() == [UInt8](repeating: 68, count: 9))
        let mono = Framebuffer(width: 2, height: 1, format: .mono, fill: PixelValue(1))
        #expect(mono.rgbBytes() == [255, 255, 255, 255, 255, 255])
    }

    /// Fast-path fills must match the obvious per-pixel loop for every format, rect and alignment.
    @Test(arguments: PixelFormat.allCases)
    func fillMatchesPerPixelReference(format: PixelFormat) {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for width in [1, 7, 9, 13, 16] {
            var fast = Framebuffer(width: width, height: 5, format: format)
            var slow = fast
            for _ in 0..<60 {
                let rect = Rect(x: next(width + 6) - 3, y: next(9) - 2, width: next(width + 4), height: next(7))
                let value = PixelValue(UInt32(truncatingIfNeeded: next(1 << 30)))
                fast.fill(rect, with: value)
                for y in 0..<5 {
                    for x in 0..<width where rect.contains(x: x, y: y) { slow[x, y] = value }
                }
                #expect(fast == slow, "\(format) width \(width) \(rect)")
            }
        }
    }
}
