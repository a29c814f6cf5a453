// Fuzz target: a font file a board names (TrueType, OpenType, PCF, BDF), opened through
// FreeType as the sign loads it on demand (CFreeTypeLoader), at two pixel sizes: its face, its
// strikes, glyph bitmaps in every pixel mode, and shaping by HarfBuzz over the face.
import BoardRender
import FuzzSupport

enum Fixture {
    static let scratch = ScratchFile()
    /// Letters the seeds have, one they lack, a mark, a wide CJK letter and U+FFFD.
    static let scalars: [Unicode.Scalar] = ["A", "B", " ", "z", "\u{0301}", "\u{4E2D}", "\u{FFFD}"]
}

/// Any bytes must open as a font or throw a `FontError`; an open font must give every glyph
/// a bitmap of its own size, never trap or hang.
func fuzzOne(_ bytes: [UInt8]) {
    Fixture.scratch.write(bytes)
    for pixelSize in [7, 16] {
        let font: FreeTypeFont
        do {
            font = try FreeTypeFont(path: Fixture.scratch.path, pixelSize: pixelSize)
        } catch {
            _ = error.description
            continue
        }
        precondition(
            font.ascent >= 0 && font.descent >= 0 && font.lineHeight >= font.ascent + font.descent,
            "metrics \(font.ascent) \(font.descent) \(font.lineHeight)")
        for scalar in Fixture.scalars {
            _ = font.hasGlyph(for: scalar)
            let glyph = font.glyph(for: scalar)
            precondition(
                glyph.width >= 0 && glyph.height >= 0 && glyph.coverage.count == glyph.width * glyph.height,
                "glyph \(glyph.width)×\(glyph.height) with \(glyph.coverage.count) values")
        }
        for placed in font.shaped("AB z\u{0301} \u{4E2D}").glyphs {
            precondition(placed.glyph.coverage.count == placed.glyph.width * placed.glyph.height, "shaped glyph")
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
