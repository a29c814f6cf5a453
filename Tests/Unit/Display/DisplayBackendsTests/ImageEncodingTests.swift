import Testing
import Framebuffer
@testable import DisplayBackends

@Suite("Image encoding")
struct ImageEncodingTests {
    @Test(arguments: PixelFormat.allCases)
    func pngDecodesToRGBBytes(format: PixelFormat) throws {
        let frame = sampleFrame(format)
        let png = try ImageEncoder.encode(frame, as: .png)
        let image = try PNGDecoder.decode(png)
        #expect(image.width == 19 && image.height == 7)
        #expect(image.chunkTypes == ["IHDR", "IDAT", "IEND"])
        #expect(image.rgb == frame.rgbBytes())
    }

    @Test(arguments: PixelFormat.allCases)
    func pngIsDeterministic(format: PixelFormat) throws {
        let frame = sampleFrame(format)
        #expect(try ImageEncoder.encode(frame, as: .png) == ImageEncoder.encode(frame, as: .png))
        let copy = sampleFrame(format)
        #expect(try ImageEncoder.encode(frame, as: .png) == ImageEncoder.encode(copy, as: .png))
    }

    /// Proves the decoder's CRC check has teeth, so the round-trip tests above really validate CRCs.
    @Test func corruptedPNGIsRejected() throws {
        var png = try ImageEncoder.encode(sampleFrame(.rgb888), as: .png)
        png[20] ^= 0x01  // inside IHDR's width field
        #expect(throws: PNGDecoder.Failure.self) { try PNGDecoder.decode(png) }
    }

    @Test(arguments: PixelFormat.allCases)
    func pngPixelsEqualPPMPixels(format: PixelFormat) throws {
        let frame = sampleFrame(format)
        let ppm = try ImageEncoder.encode(frame, as: .ppm)
        let header = Array("P6\n19 7\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        let png = try PNGDecoder.decode(ImageEncoder.encode(frame, as: .png))
        #expect(png.rgb == Array(ppm.dropFirst(header.count)))
    }

    @Test func ppmExact() throws {
        var frame = Framebuffer(width: 2, height: 1, format: .rgb888)
        frame[0, 0] = PixelValue(0x010203)
        frame[1, 0] = PixelValue(0x040506)
        #expect(try ImageEncoder.encode(frame, as: .ppm) == Array("P6\n2 1\n255\n".utf8) + [1, 2, 3, 4, 5, 6])
    }

    @Test func pgmExact() throws {
        var gray = Framebuffer(width: 3, height: 1, format: .gray4)
        gray[1, 0] = PixelValue(5)
        gray[2, 0] = PixelValue(15)
        #expect(try ImageEncoder.encode(gray, as: .pgm) == Array("P5\n3 1\n255\n".utf8) + [0, 85, 255])

        var mono = Framebuffer(width: 2, height: 2, format: .mono)
        mono[1, 0] = PixelValue(1)
        mono[0, 1] = PixelValue(1)
        #expect(try ImageEncoder.encode(mono, as: .pgm) == Array("P5\n2 2\n255\n".utf8) + [0, 255, 255, 0])

        let levels = Framebuffer(width: 16, height: 1, format: .gray4)
        var ramp = levels
        for x in 0..<16 { ramp[x, 0] = PixelValue(UInt32(x)) }
        #expect(try ImageEncoder.encode(ramp, as: .pgm).suffix(16) == (0..<16).map { UInt8($0 * 17) })
    }

    @Test func emptyFrameIsAnError() {
        #expect(throws: ImageEncodingError.emptyFrame) {
            try ImageEncoder.encode(Framebuffer(width: 0, height: 4, format: .rgb888), as: .png)
        }
    }

    @Test func formatFromExtension() {
        #expect(ImageFormat(pathExtension: "PNG") == .png)
        #expect(ImageFormat(pathExtension: "pgm") == .pgm)
        #expect(ImageFormat(pathExtension: "jpg") == nil)
        #expect(ImageFormat(path: "/tmp/out/board.ppm") == .ppm)
        #expect(ImageFormat(path: "/tmp/some.dir/board") == nil)
        #expect(ImageFormat(path: "/tmp/.png") == nil)
    }
}
