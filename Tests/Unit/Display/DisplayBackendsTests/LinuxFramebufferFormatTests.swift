import Testing
import Framebuffer
@testable import DisplayBackends

@Suite struct LinuxFramebufferFormatTests {
    static let rgb565 = FramebufferGeometry(
        width: 256, height: 256, bitsPerPixel: 16, lineLength: 512,
        red: .init(offset: 11, length: 5), green: .init(offset: 5, length: 6),
        blue: .init(offset: 0, length: 5))

    /// Every RGB565 value reaches an RGB565 device unchanged, despite the trip through 8-bit channels.
    @Test func rgb565FramesReachRGB565DevicesBitExact() throws {
        let file = FBTempFile(size: Self.rgb565.requiredBytes)
        let fb = try LinuxFramebuffer(path: file.path, geometry: Self.rgb565)
        var frame = Framebuffer(width: 256, height: 256, format: .rgb565)
        for y in 0..<256 { for x in 0..<256 { frame[x, y] = PixelValue(UInt32(y << 8 | x)) } }
        try fb.present(frame)
        // First differing byte rather than a whole-array diff: 128 KiB diffs take minutes to print.
        let written = file.contents()
        #expect(written.count == frame.bytes.count)
        let mismatch = zip(written, frame.bytes).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(mismatch == nil, "first difference at byte \(mismatch?.offset ?? -1)")
    }

    @Test func paletteFormatsUseTheirPreviewColours() throws {
        let geometry = FramebufferGeometry(
            width: 3, height: 3, bitsPerPixel: 24, lineLength: 9,
            red: .init(offset: 16, length: 8), green: .init(offset: 8, length: 8),
            blue: .init(offset: 0, length: 8))
        let file = FBTempFile(size: geometry.requiredBytes)
        let fb = try LinuxFramebuffer(path: file.path, geometry: geometry)
        var mono = Framebuffer(width: 3, height: 1, format: .mono)
        mono[1, 0] = PixelValue(1)
        var gray = Framebuffer(width: 3, height: 1, format: .gray4)
        gray[0, 0] = PixelValue(5)
        var bwr = Framebuffer(width: 3, height: 1, format: .bwr)
        bwr[0, 0] = PixelValue(1)
        bwr[1, 0] = PixelValue(2)
        try fb.present(mono, damage: [mono.bounds])
        let bytes = file.contents()
        #expect(Array(bytes[0..<9]) == [0, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0])
        #expect(Array(bytes[9...]) == [UInt8](repeating: 0xAA, count: 18))
        try fb.present(gray)
        #expect(Array(file.contents()[0..<3]) == [85, 85, 85])
        try fb.present(bwr)
        #expect(Array(file.contents()[0..<9]) == [0, 0, 0, 0, 0, 0xC0, 0xFF, 0xFF, 0xFF])
    }

    @Test func unsupportedLayoutsAreRefused() throws {
        let file = FBTempFile(size: 4096)
        var eight = Self.rgb565
        eight.bitsPerPixel = 8
        eight.lineLength = 16
        eight.width = 16
        eight.height = 16
        let error = try #require(throws: BusError.self) { _ = try LinuxFramebuffer(path: file.path, geometry: eight) }
        #expect(error.message.contains("8 bits per pixel"))

        var overlapping = Self.rgb565
        overlapping.width = 8
        overlapping.height = 8
        overlapping.lineLength = 16
        overlapping.red = .init(offset: 12, length: 5)
        #expect(throws: BusError.self) { _ = try LinuxFramebuffer(path: file.path, geometry: overlapping) }

        var short = overlapping
        short.red = .init(offset: 11, length: 5)
        short.lineLength = 15
        #expect(throws: BusError.self) { _ = try LinuxFramebuffer(path: file.path, geometry: short) }
    }

    @Test func tooSmallFileIsRefusedBeforeMapping() throws {
        let file = FBTempFile(size: 100)
        let error = try #require(throws: BusError.self) { _ = try LinuxFramebuffer(path: file.path, geometry: Self.rgb565) }
        #expect(error.message.contains("needs \(Self.rgb565.requiredBytes)"))
        #expect(error.device == file.path)
    }

    @Test func regularFileWithoutGeometryIsNotAFramebuffer() throws {
        let file = FBTempFile(size: 100)
        let error = try #require(throws: BusError.self) { _ = try LinuxFramebuffer(path: file.path) }
        #expect(error.kind == .other)
        #expect(error.message.contains("not a framebuffer device"))
    }

    @Test func channelsScaleToTheFieldLengthWithRounding() {
        let geometry = FramebufferGeometry(
            width: 1, height: 1, bitsPerPixel: 16, lineLength: 2,
            red: .init(offset: 10, length: 5), green: .init(offset: 5, length: 5),
            blue: .init(offset: 0, length: 5), transp: .init(offset: 15, length: 1))
        let packer = FramebufferPixelPacker(geometry)
        // ARGB1555: alpha bit set, 0x80 rounds to 16 of 31.
        #expect(packer.pack(.black) == 0x8000)
        #expect(packer.pack(.white) == 0xFFFF)
        #expect(packer.pack(RGB(0x80, 0x80, 0x80)) == 0x8000 | 16 << 10 | 16 << 5 | 16)
    }
}
