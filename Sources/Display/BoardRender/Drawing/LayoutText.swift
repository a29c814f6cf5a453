public import Framebuffer
import SystemFiles

/// What a text on the board is for, named in the layout JSON.
public enum TextRole: String, Sendable, CaseIterable {
    case header, page, clock, route, headsign, delay, countdown, leave, time, platform, source
    /// A line instead of rows (loading, no departures, an error) or the stale line's message.
    case message
    /// When a stale board's data is from.
    case updated
    case notice
    /// An alert's mark, line or page.
    case alert
    case ticker
}

/// One text as a frame shows it: where, in which colours and font, and how much of it is
/// visible. A user learns from these why a headsign is cut; tests check legibility with them.
public struct LayoutText: Sendable, Equatable {
    public var role: TextRole
    /// The whole text the layout wanted to show.
    public var text: String
    /// The characters visible in this frame, after an ellipsis, clipping or scrolling.
    public var shown: String
    /// The box of the visible characters, in the upright picture (before `rotation`).
    public var x: Int, y: Int, width: Int, height: Int
    /// The text's colour and the colour under it, as the panel shows them.
    public var fg: RGB, bg: RGB
    public var font: String
    /// The glyph cell's height in pixels (ascent + descent).
    public var px: Int
    public var scrolls: Bool
    /// `ltr` or `rtl`.
    public var direction: String
    /// Characters of `text` no font had (drawn as a box).
    public var missingGlyphs: Int
}

/// `render --output X.layout.json`: every text the frame draws.
public struct LayoutReport: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var format: PixelFormat
    public var texts: [LayoutText]

    /// Keys in a fixed order, one text per line, so files diff cleanly.
    public var json: String {
        var out = "{\"width\":\(width),\"height\":\(height),\"format\":" + JSONString.quoted(format.rawValue) + ",\"texts\":["
        out += texts.map { text in
            "\n{"
                + [
                    "\"role\":" + JSONString.quoted(text.role.rawValue),
                    "\"text\":" + JSONString.quoted(text.text),
                    "\"shown\":" + JSONString.quoted(text.shown),
                    "\"x\":\(text.x)", "\"y\":\(text.y)", "\"width\":\(text.width)", "\"height\":\(text.height)",
                    "\"fg\":" + JSONString.quoted(text.fg.hex), "\"bg\":" + JSONString.quoted(text.bg.hex),
                    "\"font\":" + JSONString.quoted(text.font), "\"px\":\(text.px)",
                    "\"scrolls\":\(text.scrolls)", "\"direction\":" + JSONString.quoted(text.direction),
                    "\"missing_glyphs\":\(text.missingGlyphs)",
                ].joined(separator: ",") + "}"
        }.joined(separator: ",")
        return out + "\n]}\n"
    }
}

extension Canvas {
    /// Draws `text` as `draw(_:font:x:baseline:_:)` does and, while `texts` records, notes
    /// it for the layout JSON; `full` is the text before it was cut to fit. A scrolling text
    /// drawn twice (its wrapped copy) is noted once.
    @discardableResult
    public mutating func draw(
        _ text: String, font: any Font, x: Int, baseline: Int, _ color: LogicalColor,
        role: TextRole, full: String? = nil, scrolls: Bool = false
    ) -> Int {
        guard texts != nil else { return draw(text, font: font, x: x, baseline: baseline, color) }
        let top = baseline - font.ascent
        let height = font.ascent + font.descent
        let shaped = font.shaped(text)
        let box = Rect(x: x, y: top, width: shaped.width, height: height).intersection(clip)
        let under = mostCommonValue(in: box)
        let end = draw(shaped, x: x, baseline: baseline, color)
        // A character counts as shown when the cells of all its glyphs are inside the clip.
        var cells: [Int: (left: Int, right: Int)] = [:]
        for placed in shaped.glyphs {
            let left = x + placed.x, right = x + placed.x + placed.advance
            let cell = cells[placed.scalar].map { (min($0.left, left), max($0.right, right)) } ?? (left, right)
            cells[placed.scalar] = cell
        }
        var shown = "", left = Int.max, right = Int.min, scalar = 0
        for character in text {
            let count = character.unicodeScalars.count
            let parts = (scalar..<(scalar + count)).compactMap { cells[$0] }
            scalar += count
            guard !box.isEmpty, let from = parts.map(\.left).min(), let to = parts.map(\.right).max(),
                from >= clip.x, to <= clip.maxX
            else { continue }
            shown.append(character)
            left = min(left, from)
            right = max(right, to)
        }
        let whole = full ?? text
        var noted = LayoutText(
            role: role, text: whole, shown: shown, x: shown.isEmpty ? x : left, y: top,
            width: shown.isEmpty ? 0 : right - left, height: height,
            fg: frame.format.color(of: palette.value(color)), bg: frame.format.color(of: under),
            font: font.name, px: height, scrolls: scrolls, direction: shaped.direction.rawValue,
            missingGlyphs: whole == text ? shaped.missingGlyphs : font.shaped(whole).missingGlyphs)
        if scrolls, var last = texts?.last, last.scrolls, last.role == role, last.text == whole, last.y == top {
            texts?.removeLast()
            if !shown.isEmpty {
                last.shown = last.shown.isEmpty ? shown : last.shown + " " + shown
                let from = last.width == 0 ? noted.x : min(last.x, noted.x)
                last.width = max(last.x + last.width, noted.x + noted.width) - from
                last.x = from
            }
            noted = last
        }
        texts?.append(noted)
        return end
    }

    /// The colour most of `area` has before a text is drawn over it: what the text stands on.
    private func mostCommonValue(in area: Rect) -> PixelValue {
        guard !area.isEmpty else { return palette.value(.background) }
        var counts: [PixelValue: Int] = [:]
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { counts[frame[x, y], default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key.raw > $1.key.raw) }?.key ?? palette.value(.background)
    }
}
