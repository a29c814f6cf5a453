import Testing
@testable import Framebuffer

@Suite("Colours and blending")
struct ColorTests {
    @Test func hexParsingAndFormatting() {
        #expect(RGB(hex: "#C00000") == RGB(192, 0, 0))
        #expect(RGB(hex: "0a0B0c") == RGB(10, 11, 12))
        #expect(RGB(hex: "#12345") == nil)
        #expect(RGB(hex: "GG0000") == nil)
        #expect(RGB(hex: "+12345") == nil)
        #expect(RGB(hex: "##123456") == nil)
        #expect(RGB(171, 205, 239).hex == "#abcdef")
        #expect(RGB(0, 1, 2).description == "#000102")
    }

    @Test func luminanceRec601() {
        #expect(RGB.white.luminance == 255)
        #expect(RGB.black.luminance == 0)
        #expect(RGB(255, 0, 0).luminance == 76)
        #expect(RGB(0, 255, 0).luminance == 150)
        #expect(RGB(0, 0, 255).luminance == 29)
        for g in 0...255 { #expect(RGB(UInt8(g), UInt8(g), UInt8(g)).luminance == UInt8(g)) }
    }

    @Test(arguments: PixelFormat.allCases)
    func valueColorRoundTrip(format: PixelFormat) {
        let values: [UInt32] =
            switch format {
            case .mono: [0, 1]
            case .gray4: Array(0...15)
            case .bwr: [0, 1, 2]
            case .rgb565: Array(0...0xFFFF)
            case .rgb888: [0, 0xFFFFFF, 0x123456, 0xC00000, 0x00FF7F, 0x808080]
            }
        for v in values {
            #expect(format.value(for: format.color(of: PixelValue(v))) == PixelValue(v), "\(format) \(v)")
        }
    }

    @Test func nearestValues() {
        #expect(PixelFormat.mono.value(for: RGB(128, 128, 128)) == PixelValue(1))
        #expect(PixelFormat.mono.value(for: RGB(127, 127, 127)) == PixelValue(0))
        #expect(PixelFormat.gray4.value(for: RGB(136, 136, 136)) == PixelValue(8))
        #expect(PixelFormat.gray4.value(for: RGB(144, 144, 144)) == PixelValue(8))
        #expect(PixelFormat.gray4.value(for: RGB(145, 145, 145)) == PixelValue(9))
        #expect(PixelFormat.gray4.value(for: .white) == PixelValue(15))
        #expect(PixelFormat.rgb888.value(for: RGB(1, 2, 3)) == PixelValue(0x010203))
        #expect(PixelFormat.rgb565.value(for: .white) == PixelValue(0xFFFF))
        let bwr = PixelFormat.bwr
        #expect(bwr.value(for: .white) == PixelValue(0))
        #expect(bwr.value(for: .black) == PixelValue(1))
        #expect(bwr.value(for: RGB(255, 0, 0)) == PixelValue(2))
        #expect(bwr.value(for: RGB(255, 128, 0)) == PixelValue(2))
        #expect(bwr.value(for: RGB(128, 0, 0)) == PixelValue(2))
        #expect(bwr.value(for: RGB(128, 128, 128)) == PixelValue(0), "mid grey must not print red")
        #expect(bwr.value(for: RGB(100, 100, 100)) == PixelValue(1))
        #expect(bwr.value(for: RGB(255, 255, 0)) == PixelValue(0))
    }

    @Test func previewColors() {
        #expect(PixelFormat.mono.color(of: PixelValue(0)) == .black)
        #expect(PixelFormat.mono.color(of: PixelValue(1)) == .white)
        #expect(PixelFormat.gray4.color(of: PixelValue(5)) == RGB(85, 85, 85))
        #expect(PixelFormat.bwr.color(of: PixelValue(0)).hex == "#ffffff")
        #expect(PixelFormat.bwr.color(of: PixelValue(1)).hex == "#000000")
        #expect(PixelFormat.bwr.color(of: PixelValue(2)).hex == "#c00000")
        #expect(PixelFormat.rgb565.color(of: PixelValue(0xF800)) == RGB(255, 0, 0))
        #expect(PixelFormat.rgb565.color(of: PixelValue(0x07E0)) == RGB(0, 255, 0))
    }

    @Test func blendThresholdFormats() {
        for (format, fg) in [(PixelFormat.mono, PixelValue(1)), (.bwr, PixelValue(2))] {
            let bg = PixelValue(0)
            #expect(format.blend(fg, over: bg, coverage: 0) == bg)
            #expect(format.blend(fg, over: bg, coverage: 127) == bg)
            #expect(format.blend(fg, over: bg, coverage: 128) == fg)
            #expect(format.blend(fg, over: bg, coverage: 255) == fg)
        }
    }

    @Test func blendLinearFormats() {
        let gray4 = PixelFormat.gray4
        #expect(gray4.blend(PixelValue(15), over: PixelValue(0), coverage: 0) == PixelValue(0))
        #expect(gray4.blend(PixelValue(15), over: PixelValue(0), coverage: 128) == PixelValue(8))
        #expect(gray4.blend(PixelValue(15), over: PixelValue(0), coverage: 255) == PixelValue(15))
        #expect(gray4.blend(PixelValue(0), over: PixelValue(15), coverage: 128) == PixelValue(7))

        let rgb888 = PixelFormat.rgb888
        let red = PixelValue(0xFF0000), blue = PixelValue(0x0000FF)
        #expect(rgb888.blend(red, over: blue, coverage: 0) == blue)
        #expect(rgb888.blend(red, over: blue, coverage: 128) == PixelValue(0x80007F))
        #expect(rgb888.blend(red, over: blue, coverage: 255) == red)

        let rgb565 = PixelFormat.rgb565
        let red565 = PixelValue(0xF800), blue565 = PixelValue(0x001F)
        #expect(rgb565.blend(red565, over: blue565, coverage: 0) == blue565)
        #expect(rgb565.blend(red565, over: blue565, coverage: 128) == PixelValue(16 << 11 | 15))
        #expect(rgb565.blend(red565, over: blue565, coverage: 255) == red565)
    }
}
