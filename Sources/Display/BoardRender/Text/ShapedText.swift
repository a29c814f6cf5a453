/// Which way a text reads: the direction of its paragraph (its first strong character).
public enum TextDirection: String, Sendable {
    case ltr, rtl
}

/// A text laid out as a panel draws it: glyphs in visual order (left to right on the panel),
/// each placed from the text's left edge. The one answer to "how wide is it" and "what is drawn".
public struct ShapedText: Sendable {
    public struct Placed: Sendable {
        public var glyph: Glyph
        /// The font's glyph id; for bitmap fonts the character whose picture is drawn (an
        /// Arabic letter's joined form, a composed accented letter). 0: no font had it.
        public var id: UInt32
        /// From the text's left edge to the pen position of this glyph.
        public var x: Int
        /// Pixels the glyph is raised above the baseline (a mark over a letter).
        public var rise: Int
        public var advance: Int
        /// The first unicode scalar (in logical order) this glyph draws.
        public var scalar: Int
    }

    public var glyphs: [Placed]
    public var width: Int
    public var direction: TextDirection
    /// Characters no font had, drawn as a box.
    public var missingGlyphs: Int

    /// Glyph after glyph, left to right: text that needs no shaping.
    public init(simple text: String, font: any Font) {
        var glyphs: [Placed] = []
        var pen = 0, missing = 0, index = 0
        for scalar in text.unicodeScalars {
            let glyph = font.glyph(for: scalar)
            if !font.hasGlyph(for: scalar), !scalar.properties.isWhitespace { missing += 1 }
            glyphs.append(
                Placed(
                    glyph: glyph, id: font.hasGlyph(for: scalar) ? scalar.value : 0, x: pen, rise: 0, advance: glyph.advance, scalar: index)
            )
            pen += glyph.advance
            index += 1
        }
        self.init(glyphs: glyphs, width: pen, direction: .ltr, missingGlyphs: missing)
    }

    public init(glyphs: [Placed], width: Int, direction: TextDirection, missingGlyphs: Int) {
        self.glyphs = glyphs
        self.width = width
        self.direction = direction
        self.missingGlyphs = missingGlyphs
    }

    /// How much of the text's width each scalar (in logical order) takes: what a cut by
    /// characters measures, whichever way the text reads.
    func advances(scalarCount: Int) -> [Int] {
        var advances = [Int](repeating: 0, count: scalarCount)
        for placed in glyphs where placed.scalar < scalarCount { advances[placed.scalar] += placed.advance }
        return advances
    }
}
