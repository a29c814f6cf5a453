import Framebuffer

/// Converts the board's colours into a device's pixel layout through per-channel tables, so
/// any bitfield arrangement (RGB565, BGR565, XRGB, ABGR, …) costs the same three look-ups.
struct FramebufferPixelPacker: Sendable {
    let bytesPerPixel: Int
    private let red: [UInt32]
    private let green: [UInt32]
    private let blue: [UInt32]
    /// Alpha bits are set fully opaque: drivers that honour alpha must not show a clear screen.
    private let opaque: UInt32
    /// The device is plain little-endian RGB565: an rgb565 frame's rows copy as they are.
    private let isRGB565: Bool

    init(_ geometry: FramebufferGeometry) {
        bytesPerPixel = geometry.bytesPerPixel
        red = Self.table(geometry.red)
        green = Self.table(geometry.green)
        blue = Self.table(geometry.blue)
        opaque = Self.maximum(geometry.transp.length) << UInt32(geometry.transp.offset)
        isRGB565 =
            geometry.bitsPerPixel == 16 && geometry.red == PixelBitfield(offset: 11, length: 5)
            && geometry.green == PixelBitfield(offset: 5, length: 6) && geometry.blue == PixelBitfield(offset: 0, length: 5)
    }

    func pack(_ color: RGB) -> UInt32 {
        red[Int(color.red)] | green[Int(color.green)] | blue[Int(color.blue)] | opaque
    }

    /// Writes `pixel` little-endian (fbdev pixels are in CPU order; every Pi runs little-endian).
    @inline(__always)
    func store(_ pixel: UInt32, into out: UnsafeMutableRawPointer, at index: Int) {
        switch bytesPerPixel {
        case 4: out.storeBytes(of: pixel.littleEndian, toByteOffset: index * 4, as: UInt32.self)
        case 2: out.storeBytes(of: UInt16(truncatingIfNeeded: pixel).littleEndian, toByteOffset: index * 2, as: UInt16.self)
        default:
            let base = out + index * bytesPerPixel
            for byte in 0..<bytesPerPixel {
                base.storeBytes(of: UInt8(truncatingIfNeeded: pixel >> UInt32(8 * byte)), toByteOffset: byte, as: UInt8.self)
            }
        }
    }

    /// Device bytes for pixels `x0..<x1` of row `y` of `frame`.
    func convertRow(_ frame: Framebuffer, y: Int, from x0: Int, to x1: Int, into out: UnsafeMutableRawPointer) {
        let format = frame.format
        switch format {
        case .rgb888:
            frame.bytes.withUnsafeBufferPointer { bytes in
                var i = y * frame.stride + 3 * x0
                for n in 0..<(x1 - x0) {
                    store(red[Int(bytes[i])] | green[Int(bytes[i + 1])] | blue[Int(bytes[i + 2])] | opaque, into: out, at: n)
                    i += 3
                }
            }
        case .rgb565:
            frame.bytes.withUnsafeBytes { bytes in
                let start = y * frame.stride + 2 * x0
                if isRGB565 {
                    out.copyMemory(from: bytes.baseAddress! + start, byteCount: 2 * (x1 - x0))
                    return
                }
                for n in 0..<(x1 - x0) {
                    // Widen 5/6/5 bits to 8 by repeating the top bits, as PixelFormat.color(of:) does.
                    let v = UInt16(bytes[start + 2 * n]) | UInt16(bytes[start + 2 * n + 1]) << 8
                    let r = UInt8(v >> 11), g = UInt8((v >> 5) & 0x3F), b = UInt8(v & 0x1F)
                    let pixel = red[Int(r << 3 | r >> 2)] | green[Int(g << 2 | g >> 4)] | blue[Int(b << 3 | b >> 2)] | opaque
                    store(pixel, into: out, at: n)
                }
            }
        case .mono, .gray4, .bwr:
            // At most 16 distinct values: convert each once, not per pixel.
            let palette = (0..<16).map { pack(format.color(of: PixelValue(UInt32($0)))) }
            for x in x0..<x1 {
                store(palette[Int(frame[x, y].raw & 0xF)], into: out, at: x - x0)
            }
        }
    }

    /// Channel value `v` (0…255) scaled to the field's length with rounding, then shifted.
    private static func table(_ field: PixelBitfield) -> [UInt32] {
        let top = maximum(field.length)
        return (0..<256).map { v in ((UInt32(v) * top + 127) / 255) << UInt32(field.offset) }
    }

    private static func maximum(_ length: Int) -> UInt32 {
        length <= 0 ? 0 : UInt32((UInt64(1) << UInt64(length)) - 1)
    }
}
