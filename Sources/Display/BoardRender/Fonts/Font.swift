/// A source of glyphs at one fixed pixel size, as the display renderer consumes them.
public protocol Font: Sendable {
    var name: String { get }
    /// Pixels above the baseline.
    var ascent: Int { get }
    /// Pixels below the baseline (positive).
    var descent: Int { get }
    /// `ascent + descent` plus any line gap.
    var lineHeight: Int { get }
    /// Never fails: a scalar the font lacks gets the font's fallback glyph (visible, e.g. a box),
    /// so unknown characters are seen, not silently dropped.
    func glyph(for scalar: Unicode.Scalar) -> Glyph
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool
    /// The text as drawn: glyphs in visual order. A plain font places glyph after glyph;
    /// a `FontChain` shapes (bidirectional order, joining, marks, fallback fonts).
    func shaped(_ text: String) -> ShapedText
    /// Which way the text reads: right to left only where its first strong letter is.
    func direction(of text: String) -> TextDirection
    func width(of text: String) -> Int
    func truncated(_ text: String, toWidth maxWidth: Int) -> String
}

extension Font {
    public func shaped(_ text: String) -> ShapedText { ShapedText(simple: text, font: self) }
    public func direction(of text: String) -> TextDirection { .ltr }

    /// Sum of advances over the text's unicode scalars (no kerning), matching how text is drawn.
    public func width(of text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += glyph(for: scalar).advance }
        return total
    }

    /// Longest prefix that fits in `maxWidth`, with "…" (U+2026, or "..." if the font lacks it) appended when cut.
    ///
    /// Cuts only between Characters so accents are never split from their base letter,
    /// and drops spaces before the ellipsis ("Central …" reads as a mistake on a board).
    /// Returns "" when not even the ellipsis fits.
    public func truncated(_ text: String, toWidth maxWidth: Int) -> String {
        if width(of: text) <= maxWidth { return text }
        let ellipsis = hasGlyph(for: "\u{2026}") ? "\u{2026}" : "..."
        let budget = maxWidth - width(of: ellipsis)
        guard budget >= 0 else { return "" }

        var kept: [Character] = []
        var used = 0
        for character in text {
            let w = width(of: String(character))
            if used + w > budget { break }
            kept.append(character)
            used += w
        }
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        return String(kept) + ellipsis
    }
}
