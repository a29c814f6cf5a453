/// One glyph as coverage: 0 = background, 255 = full ink (bitmap fonts use only 0 and 255).
///
/// Coverage rather than bits so LED/OLED (threshold) and grey e-paper or
/// anti-aliased panels (blend) can share one renderer.
public struct Glyph: Sendable, Equatable {
    /// Bitmap columns.
    public var width: Int
    /// Bitmap rows.
    public var height: Int
    /// Offset from the pen x position to the first bitmap column.
    public var left: Int
    /// How far the bitmap's first row is above the baseline (row r is drawn at baselineY - top + r).
    public var top: Int
    /// Pen movement after this glyph.
    public var advance: Int
    /// `width * height` values, row-major.
    public var coverage: [UInt8]

    public init(width: Int, height: Int, left: Int, top: Int, advance: Int, coverage: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && coverage.count == width * height,
            "Glyph coverage must hold width*height values")
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.advance = advance
        self.coverage = coverage
    }

    /// Coverage at column `x`, row `y`; 0 outside the bitmap so callers can probe freely.
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return coverage[y * width + x]
    }

    /// True when at least one pixel has ink (a space has none).
    public var hasInk: Bool { coverage.contains { $0 != 0 } }

    /// A hollow rectangle standing on the baseline: the "tofu" fallback that
    /// makes a missing character visible instead of silently dropping it.
    /// Sides below 3 are raised to 3 so even a degenerate bounding box yields a visible outline.
    static func box(width: Int, height: Int, baselineOffset: Int = 0, gap: Int = 1) -> Glyph {
        let w = max(width, 3), h = max(height, 3)
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w where y == 0 || y == h - 1 || x == 0 || x == w - 1 {
                pixels[y * w + x] = 255
            }
        }
        return Glyph(
            width: w, height: h, left: 0, top: h + baselineOffset,
            advance: w + max(gap, 0), coverage: pixels)
    }
}
