public import Framebuffer

/// Drawing primitives over a framebuffer in logical colours, all clipped to a rectangle, so
/// a layout can never write outside its cell or the panel.
public struct Canvas {
    public private(set) var frame: Framebuffer
    public let palette: Palette
    /// Drawing outside this rectangle is discarded.
    public var clip: Rect
    /// Set by a layout that drew moving text: the picture changes with time on its own.
    public var isScrolling = false
    /// The texts drawn with a role, while recording for the layout JSON; nil (the default)
    /// records nothing, so a running board pays nothing for it.
    public var texts: [LayoutText]?

    public init(frame: Framebuffer, palette: Palette) {
        self.frame = frame
        self.palette = palette
        self.clip = frame.bounds
    }

    public var width: Int { frame.width }
    public var height: Int { frame.height }

    public mutating func clear(_ color: LogicalColor = .background) {
        frame.fill(with: palette.value(color))
    }

    public mutating func fill(_ rect: Rect, _ color: LogicalColor) {
        frame.fill(rect.intersection(clip), with: palette.value(color))
    }

    /// A box with corners cut by `radius` pixels (a circle when it is half the height).
    public mutating func fillRounded(_ rect: Rect, radius: Int, _ color: LogicalColor) {
        let value = palette.value(color)
        let radius = max(0, min(radius, min(rect.width, rect.height) / 2))
        guard radius > 0 else {
            frame.fill(rect.intersection(clip), with: value)
            return
        }
        for row in 0..<rect.height {
            // Inset of this row from the box's sides: 0 in the straight middle part.
            let fromEdge = row < radius ? radius - row : (row >= rect.height - radius ? row - (rect.height - radius) + 1 : 0)
            var inset = 0
            if fromEdge > 0 {
                let dy = Double(fromEdge) - 0.5
                let r = Double(radius)
                inset = radius - Int((r * r - dy * dy).squareRoot().rounded())
            }
            let line = Rect(x: rect.x + inset, y: rect.y + row, width: rect.width - 2 * inset, height: 1)
            frame.fill(line.intersection(clip), with: value)
        }
    }

    /// Draws `text` with its baseline at `baseline`, starting at pen position `x`; returns
    /// the pen position after the last glyph.
    @discardableResult
    public mutating func draw(_ text: String, font: any Font, x: Int, baseline: Int, _ color: LogicalColor) -> Int {
        draw(font.shaped(text), x: x, baseline: baseline, color)
    }

    /// Draws a text already shaped: its glyphs in visual order from `x`.
    @discardableResult
    public mutating func draw(_ shaped: ShapedText, x: Int, baseline: Int, _ color: LogicalColor) -> Int {
        let value = palette.value(color)
        for placed in shaped.glyphs {
            blit(placed.glyph, x: x + placed.x + placed.glyph.left, y: baseline - placed.glyph.top - placed.rise, value)
        }
        return x + shaped.width
    }

    private mutating func blit(_ glyph: Glyph, x: Int, y: Int, _ value: PixelValue) {
        guard glyph.width > 0, glyph.height > 0 else { return }
        let area = Rect(x: x, y: y, width: glyph.width, height: glyph.height).intersection(clip)
        guard !area.isEmpty else { return }
        let format = frame.format
        glyph.coverage.withUnsafeBufferPointer { coverage in
            for py in area.y..<area.maxY {
                let row = (py - y) * glyph.width
                for px in area.x..<area.maxX {
                    let ink = coverage[row + px - x]
                    if ink == 0 { continue }
                    if ink == 255 {
                        frame[px, py] = value
                    } else {
                        frame[px, py] = format.blend(value, over: frame[px, py], coverage: ink)
                    }
                }
            }
        }
    }
}
