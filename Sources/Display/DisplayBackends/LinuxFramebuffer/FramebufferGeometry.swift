import CKernel

/// Where one colour channel sits in a device pixel (fbdev's `fb_bitfield`, msb_right = 0).
public struct PixelBitfield: Equatable, Sendable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    public static let absent = PixelBitfield(offset: 0, length: 0)
}

/// The visible part of a framebuffer device and its pixel layout, as FBIOGET_VSCREENINFO and
/// FBIOGET_FSCREENINFO report it (or given explicitly for a regular file in tests).
public struct FramebufferGeometry: Equatable, Sendable {
    /// Visible size in pixels (xres, yres).
    public var width: Int
    public var height: Int
    /// Top-left of the visible area inside the virtual screen (panning, double buffering).
    public var xOffset: Int
    public var yOffset: Int
    public var bitsPerPixel: Int
    /// Bytes per line (line_length); drivers often pad it beyond width × bytes per pixel.
    public var lineLength: Int
    public var red: PixelBitfield
    public var green: PixelBitfield
    public var blue: PixelBitfield
    public var transp: PixelBitfield

    public init(
        width: Int, height: Int, xOffset: Int = 0, yOffset: Int = 0, bitsPerPixel: Int,
        lineLength: Int, red: PixelBitfield, green: PixelBitfield, blue: PixelBitfield,
        transp: PixelBitfield = .absent
    ) {
        self.width = width
        self.height = height
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.bitsPerPixel = bitsPerPixel
        self.lineLength = lineLength
        self.red = red
        self.green = green
        self.blue = blue
        self.transp = transp
    }

    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// Bytes from the start of the mapping through the last visible pixel's line.
    public var requiredBytes: Int { lineLength * (yOffset + height) }

    /// Byte offset of visible pixel (x, y).
    public func offset(x: Int, y: Int) -> Int {
        (yOffset + y) * lineLength + (xOffset + x) * bytesPerPixel
    }

    /// Refuses layouts this writer cannot fill correctly, instead of drawing garbage.
    public func validate(device: String) throws(BusError) {
        func fail(_ message: String) -> BusError { BusError(.other, device: device, message: message) }
        guard [16, 24, 32].contains(bitsPerPixel) else {
            throw fail("\(bitsPerPixel) bits per pixel is not supported (16, 24 or 32 only)")
        }
        guard width > 0, height > 0, xOffset >= 0, yOffset >= 0 else {
            throw fail("invalid geometry \(width)x\(height)+\(xOffset)+\(yOffset)")
        }
        guard lineLength >= (xOffset + width) * bytesPerPixel else {
            throw fail("line length \(lineLength) is shorter than a line of \(xOffset + width) pixels")
        }
        for (name, field) in [("red", red), ("green", green), ("blue", blue), ("transp", transp)] {
            guard field.offset >= 0, field.length >= 0, field.length <= 16,
                field.offset + field.length <= bitsPerPixel
            else {
                throw fail("\(name) bitfield \(field.offset)+\(field.length) does not fit \(bitsPerPixel) bpp")
            }
        }
        guard red.length > 0, green.length > 0, blue.length > 0 else {
            throw fail("not a true-colour layout (a colour channel has no bits)")
        }
    }
}

extension PixelBitfield {
    init(_ field: fb_bitfield) {
        self.init(offset: Int(field.offset), length: Int(field.length))
    }
}

extension FramebufferGeometry {
    /// The visible screen as the kernel describes it.
    init(variable v: fb_var_screeninfo, fixed f: fb_fix_screeninfo) {
        self.init(
            width: Int(v.xres), height: Int(v.yres), xOffset: Int(v.xoffset), yOffset: Int(v.yoffset),
            bitsPerPixel: Int(v.bits_per_pixel), lineLength: Int(f.line_length),
            red: PixelBitfield(v.red), green: PixelBitfield(v.green), blue: PixelBitfield(v.blue),
            transp: PixelBitfield(v.transp))
    }
}
