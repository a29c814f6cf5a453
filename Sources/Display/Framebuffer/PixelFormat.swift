/// The memory layouts real panels take, so backends can copy `bytes` straight to the controller.
public enum PixelFormat: String, Sendable, CaseIterable, Equatable {
    /// 1 bpp, row-major, MSB = leftmost pixel, stride = ceil(width/8); 1 = lit (SSD1306-style OLEDs, LED matrices).
    case mono
    /// 4 bpp, two pixels per byte, HIGH nibble = left pixel (SSD1322 order), stride = ceil(width/2); 0 = black … 15 = full.
    case gray4
    /// 16 bpp little-endian (R5 G6 B5), stride = 2*width (SPI TFTs).
    case rgb565
    /// 24 bpp in R, G, B byte order, stride = 3*width (HUB75 drivers, previews).
    case rgb888
    /// E-paper black/white/red, one byte per pixel: 0 = white, 1 = black, 2 = red; stride = width.
    case bwr

    public var bitsPerPixel: Int {
        switch self {
        case .mono: 1
        case .gray4: 4
        case .rgb565: 16
        case .rgb888: 24
        case .bwr: 8
        }
    }

    /// Bytes per row; sub-byte formats round up, and the padding bits stay zero.
    public func stride(forWidth width: Int) -> Int {
        (Swift.max(0, width) * bitsPerPixel + 7) / 8
    }

    /// The red of typical black/white/red e-paper inks, used for previews and nearest-colour matching.
    public static let epaperRed = RGB(0xC0, 0x00, 0x00)

    /// Nearest value of this format for a colour: mono = luminance ≥ 128; gray4 = luminance/17 rounded
    /// (so level*17 greys round-trip); rgb565 = channels rounded to 5/6/5 bits; bwr = nearest of white/black/red.
    public func value(for color: RGB) -> PixelValue {
        switch self {
        case .mono:
            return PixelValue(color.luminance >= 128 ? 1 : 0)
        case .gray4:
            return PixelValue((UInt32(color.luminance) + 8) / 17)
        case .rgb565:
            let r = (UInt32(color.red) * 31 + 127) / 255
            let g = (UInt32(color.green) * 63 + 127) / 255
            let b = (UInt32(color.blue) * 31 + 127) / 255
            return PixelValue(r << 11 | g << 5 | b)
        case .rgb888:
            return PixelValue(UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue))
        case .bwr:
            return PixelValue(PixelFormat.nearestInk(color))
        }
    }

    /// What a value looks like, for previews: mono 0 black / 1 white (a lit OLED pixel); gray4 level*17 grey;
    /// rgb565 widened by bit replication; bwr white/black/red (#FFFFFF/#000000/#C00000).
    public func color(of value: PixelValue) -> RGB {
        let v = normalized(value).raw
        switch self {
        case .mono:
            return v == 0 ? .black : .white
        case .gray4:
            let g = UInt8(v * 17)
            return RGB(g, g, g)
        case .rgb565:
            let r = UInt8(v >> 11), g = UInt8((v >> 5) & 0x3F), b = UInt8(v & 0x1F)
            return RGB(r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2)
        case .rgb888:
            return RGB(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
        case .bwr:
            return v == 1 ? .black : (v == 2 ? PixelFormat.epaperRed : .white)
        }
    }

    /// Mixes foreground over background by coverage (0…255) for anti-aliased text: linear per channel for the
    /// rgb formats and gray4; mono and bwr cannot mix, so they threshold at 128.
    public func blend(_ foreground: PixelValue, over background: PixelValue, coverage: UInt8) -> PixelValue {
        let f = normalized(foreground).raw, b = normalized(background).raw
        let c = UInt32(coverage)
        if c == 255 { return PixelValue(f) }
        if c == 0 { return PixelValue(b) }
        switch self {
        case .mono, .bwr:
            return PixelValue(c >= 128 ? f : b)
        case .gray4:
            return PixelValue(Self.mix(f, b, c))
        case .rgb565:
            let r = Self.mix(f >> 11, b >> 11, c)
            let g = Self.mix((f >> 5) & 0x3F, (b >> 5) & 0x3F, c)
            let bl = Self.mix(f & 0x1F, b & 0x1F, c)
            return PixelValue(r << 11 | g << 5 | bl)
        case .rgb888:
            let r = Self.mix(f >> 16, b >> 16, c)
            let g = Self.mix((f >> 8) & 0xFF, (b >> 8) & 0xFF, c)
            let bl = Self.mix(f & 0xFF, b & 0xFF, c)
            return PixelValue(r << 16 | g << 8 | bl)
        }
    }

    /// Truncates a value to the format's bits (bwr: anything but 0/1/2 becomes white), so stray bits never
    /// reach the panel or the stride padding.
    @inline(__always)
    func normalized(_ value: PixelValue) -> PixelValue {
        switch self {
        case .mono: PixelValue(value.raw & 1)
        case .gray4: PixelValue(value.raw & 0xF)
        case .rgb565: PixelValue(value.raw & 0xFFFF)
        case .rgb888: PixelValue(value.raw & 0xFF_FFFF)
        case .bwr: PixelValue(value.raw <= 2 ? value.raw : 0)
        }
    }

    @inline(__always)
    private static func mix(_ f: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        (f * c + b * (255 - c) + 127) / 255
    }

    /// Nearest ink measured in (luminance, red excess) rather than raw RGB, because in RGB a mid grey sits closer
    /// to #C00000 than to white or black and would print red. Ties prefer white, then black.
    private static func nearestInk(_ color: RGB) -> UInt32 {
        let lum = Int(color.luminance)
        let redness = Swift.max(0, Int(color.red) - Swift.max(Int(color.green), Int(color.blue)))
        func distance(_ inkLum: Int, _ inkRed: Int) -> Int {
            (lum - inkLum) * (lum - inkLum) + (redness - inkRed) * (redness - inkRed)
        }
        let white = distance(255, 0), black = distance(0, 0), red = distance(Int(epaperRed.luminance), 192)
        if white <= black && white <= red { return 0 }
        return black <= red ? 1 : 2
    }
}
