import Testing
import Framebuffer
@testable import DisplayBackends
#if canImport(Glibc)
import Glibc
#endif

/// A regular file standing in for /dev/fbN, pre-filled with 0xAA so untouched bytes show.
final class FBTempFile {
    static let filler: UInt8 = 0xAA
    let path: String

    init(size: Int) {
        var template = Array("/tmp/fb-test-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(fd >= 0, "mkstemp failed")
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let bytes = [UInt8](repeating: Self.filler, count: size)
        precondition(write(fd, bytes, size) == size)
        close(fd)
    }

    deinit { unlink(path) }

    func contents() -> [UInt8] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { return out }
            out += chunk[0..<n]
        }
    }
}

/// A device layout and the bytes it must hold for each test colour, written out by hand
/// from the bitfields so a wrong conversion cannot agree with itself.
struct FBLayout: CustomTestStringConvertible, Sendable {
    var name: String
    var geometry: FramebufferGeometry
    var bytes: @Sendable (RGB) -> [UInt8]
    var testDescription: String { name }

    static let mid = RGB(0x80, 0x40, 0x20)

    static func geometry(
        bpp: Int, red: PixelBitfield, green: PixelBitfield, blue: PixelBitfield,
        transp: PixelBitfield = .absent
    ) -> FramebufferGeometry {
        // 5x4 visible at (1, 2), each line padded 6 bytes past the virtual width of 7.
        FramebufferGeometry(
            width: 5, height: 4, xOffset: 1, yOffset: 2, bitsPerPixel: bpp,
            lineLength: 7 * bpp / 8 + 6, red: red, green: green, blue: blue, transp: transp)
    }

    static let all: [FBLayout] = [
        FBLayout(
            name: "RGB565",
            geometry: geometry(
                bpp: 16, red: .init(offset: 11, length: 5),
                green: .init(offset: 5, length: 6), blue: .init(offset: 0, length: 5))
        ) {
            switch $0 {
            case .black: [0x00, 0x00]
            case .white: [0xFF, 0xFF]
            case RGB(255, 0, 0): [0x00, 0xF8]
            case RGB(0, 255, 0): [0xE0, 0x07]
            case RGB(0, 0, 255): [0x1F, 0x00]
            default: [0x04, 0x82]  // mid: r16 g16 b4
            }
        },
        FBLayout(
            name: "BGR565",
            geometry: geometry(
                bpp: 16, red: .init(offset: 0, length: 5),
                green: .init(offset: 5, length: 6), blue: .init(offset: 11, length: 5))
        ) {
            switch $0 {
            case .black: [0x00, 0x00]
            case .white: [0xFF, 0xFF]
            case RGB(255, 0, 0): [0x1F, 0x00]
            case RGB(0, 255, 0): [0xE0, 0x07]
            case RGB(0, 0, 255): [0x00, 0xF8]
            default: [0x10, 0x22]  // mid: b4 g16 r16
            }
        },
        FBLayout(
            name: "BGR888 (24 bpp, red in the high byte)",
            geometry: geometry(
                bpp: 24, red: .init(offset: 16, length: 8),
                green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8))
        ) {
            [$0.blue, $0.green, $0.red]
        },
        FBLayout(
            name: "XRGB8888",
            geometry: geometry(
                bpp: 32, red: .init(offset: 16, length: 8),
                green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8))
        ) {
            [$0.blue, $0.green, $0.red, 0x00]
        },
        FBLayout(
            name: "ABGR8888 (r0 g8 b16 a24)",
            geometry: geometry(
                bpp: 32, red: .init(offset: 0, length: 8), green: .init(offset: 8, length: 8),
                blue: .init(offset: 16, length: 8), transp: .init(offset: 24, length: 8))
        ) {
            [$0.red, $0.green, $0.blue, 0xFF]
        },
    ]

    /// Room for every line plus a tail that must never be written.
    var fileSize: Int { geometry.requiredBytes + 64 }

    /// What the file must hold once `pixels` (frame coordinates → colour) are drawn.
    func expected(_ pixels: [(x: Int, y: Int, color: RGB)]) -> [UInt8] {
        var out = [UInt8](repeating: FBTempFile.filler, count: fileSize)
        for pixel in pixels {
            let start = geometry.offset(x: pixel.x, y: pixel.y)
            out.replaceSubrange(start..<start + geometry.bytesPerPixel, with: bytes(pixel.color))
        }
        return out
    }
}

/// The 4x3 test frame: primaries, white, black and one mixed colour.
enum FBScene {
    static let colors: [[RGB]] = [
        [RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255), .white],
        [FBLayout.mid, .black, FBLayout.mid, .black],
        [.white, RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255)],
    ]

    static func frame() -> Framebuffer {
        var frame = Framebuffer(width: 4, height: 3, format: .rgb888)
        for (y, row) in colors.enumerated() {
            for (x, color) in row.enumerated() { frame[x, y] = PixelFormat.rgb888.value(for: color) }
        }
        return frame
    }

    static func pixels(in rect: Rect = Rect(x: 0, y: 0, width: 4, height: 3)) -> [(x: Int, y: Int, color: RGB)] {
        var out: [(x: Int, y: Int, color: RGB)] = []
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { out.append((x, y, colors[y][x])) }
        }
        return out
    }
}
