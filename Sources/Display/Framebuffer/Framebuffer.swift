/// The frame the layout engine draws and display backends read, stored in the panel's own pixel format so
/// pushing it to hardware is a plain byte copy.
public struct Framebuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// Bytes per row; stored because every pixel access needs it.
    public let stride: Int
    /// Exactly the panel's layout, rows top to bottom; padding bits at the end of sub-byte rows are always zero,
    /// so equal pictures have equal bytes.
    public private(set) var bytes: [UInt8]

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Negative sizes are treated as zero rather than trapping.
    public init(width: Int, height: Int, format: PixelFormat, fill: PixelValue = PixelValue(0)) {
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        self.format = format
        self.stride = format.stride(forWidth: self.width)
        self.bytes = [UInt8](repeating: 0, count: stride * self.height)
        if format.normalized(fill).raw != 0 { self.fill(with: fill) }
    }

    /// Out of bounds reads give PixelValue(0) and writes are ignored, so drawing code can clip by not caring.
    /// Values are truncated to the format's bits.
    public subscript(x: Int, y: Int) -> PixelValue {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return PixelValue(0) }
            let row = y * stride
            switch format {
            case .mono:
                return PixelValue(UInt32(bytes[row + (x >> 3)] >> UInt8(7 - (x & 7))) & 1)
            case .gray4:
                let b = bytes[row + (x >> 1)]
                return PixelValue(UInt32(x & 1 == 0 ? b >> 4 : b & 0x0F))
            case .rgb565:
                let i = row + 2 * x
                return PixelValue(UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8)
            case .rgb888:
                let i = row + 3 * x
                return PixelValue(UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]))
            case .bwr:
                return PixelValue(UInt32(bytes[row + x]))
            }
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let v = format.normalized(newValue).raw
            let row = y * stride
            switch format {
            case .mono:
                let i = row + (x >> 3)
                let mask: UInt8 = 0x80 >> UInt8(x & 7)
                bytes[i] = v != 0 ? bytes[i] | mask : bytes[i] & ~mask
            case .gray4:
                let i = row + (x >> 1)
                bytes[i] = x & 1 == 0 ? (bytes[i] & 0x0F) | UInt8(v << 4) : (bytes[i] & 0xF0) | UInt8(v)
            case .rgb565:
                let i = row + 2 * x
                bytes[i] = UInt8(truncatingIfNeeded: v)
                bytes[i + 1] = UInt8(truncatingIfNeeded: v >> 8)
            case .rgb888:
                let i = row + 3 * x
                bytes[i] = UInt8(truncatingIfNeeded: v >> 16)
                bytes[i + 1] = UInt8(truncatingIfNeeded: v >> 8)
                bytes[i + 2] = UInt8(truncatingIfNeeded: v)
            case .bwr:
                bytes[row + x] = UInt8(v)
            }
        }
    }

    /// Fills a rectangle, clipped to the frame. Whole bytes are set with memset-style fills, rows after the
    /// first are memcpy'd from it, and a full-width fill of a padding-free layout is one contiguous run.
    public mutating func fill(_ rect: Rect, with value: PixelValue) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let v = format.normalized(value).raw
        let (format, stride, width) = (self.format, self.stride, self.width)
        // Rows with no padding are contiguous, so a full-width block is just one long row.
        let contiguous = r.width == width && stride * 8 == width * format.bitsPerPixel
        let run = contiguous ? (x: 0, count: width * r.height, rows: 1) : (x: r.x, count: r.width, rows: r.height)
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let first = base + r.y * stride
            if format.bitsPerPixel < 8 {
                let pattern: UInt8 = format == .mono ? (v != 0 ? 0xFF : 0) : UInt8(v) * 0x11
                for row in 0..<run.rows {
                    FillKernels.fillSubByteRun(
                        first + row * stride, from: run.x, count: run.count,
                        bitsPerPixel: format.bitsPerPixel, pattern: pattern)
                }
            } else {
                let pixelBytes = format.bitsPerPixel / 8
                let start = first + run.x * pixelBytes
                let length = run.count * pixelBytes
                FillKernels.fillPattern(start, length: length, value: v, format: format)
                for row in 1..<Swift.max(1, run.rows) {
                    (start + row * stride).update(from: start, count: length)
                }
            }
        }
    }

    public mutating func fill(with value: PixelValue) {
        fill(bounds, with: value)
    }

    public func rgb(x: Int, y: Int) -> RGB {
        format.color(of: self[x, y])
    }

    /// Row-major RGB bytes of the whole frame (what previews and image files hold).
    public func rgbBytes() -> [UInt8] {
        let count = width * height * 3
        guard count > 0 else { return [] }
        let (format, width, height, stride) = (self.format, self.width, self.height, self.stride)
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            bytes.withUnsafeBufferPointer { src in
                Framebuffer.convertToRGB(src, into: out, format: format, width: width, height: height, stride: stride)
            }
            initialized = count
        }
    }

    private static func convertToRGB(
        _ src: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
        format: PixelFormat, width: Int, height: Int, stride: Int
    ) {
        if format == .rgb888 {
            _ = out.initialize(from: src)
            return
        }
        // Palette formats look colours up once per value instead of per pixel.
        let paletteSize = format == .mono ? 2 : (format == .gray4 ? 16 : 3)
        var palette: [RGB] = []
        if format != .rgb565 {
            palette = (0..<paletteSize).map { format.color(of: PixelValue(UInt32($0))) }
        }
        var o = 0
        for y in 0..<height {
            let row = y * stride
            for x in 0..<width {
                let c: RGB
                switch format {
                case .mono: c = palette[Int(src[row + (x >> 3)] >> UInt8(7 - (x & 7))) & 1]
                case .gray4: c = palette[Int(x & 1 == 0 ? src[row + (x >> 1)] >> 4 : src[row + (x >> 1)] & 0x0F)]
                case .bwr: c = palette[Int(Swift.min(src[row + x], 3)) % 3]
                default:
                    let i = row + 2 * x
                    c = format.color(of: PixelValue(UInt32(src[i]) | UInt32(src[i + 1]) << 8))
                }
                out[o] = c.red
                out[o + 1] = c.green
                out[o + 2] = c.blue
                o += 3
            }
        }
    }
}
