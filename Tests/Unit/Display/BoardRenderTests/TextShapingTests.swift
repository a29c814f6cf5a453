import BoardRender
import Foundation
import Framebuffer
import Testing

/// Text through FriBidi and HarfBuzz over the bundled bitmap fonts and Debian's bitmap fonts
/// (xfonts-unifont, xfonts-wqy: installed by deploy/prepare.sh --tests).
@Suite struct TextShapingTests {
    static let unifont = "/usr/share/fonts/X11/misc/unifont.pcf.gz"
    static let wenquanyi12 = "/usr/share/fonts/X11/misc/wenquanyi_9pt.pcf"

    static func chain(_ board: String = "board-8x16") throws -> FontChain {
        FontChain([Scene.font(board), try FreeTypeFont(path: unifont, pixelSize: 16)])
    }

    @Test func hebrewReadsRightToLeft() throws {
        let shaped = try Self.chain().shaped("ירושלים")
        #expect(shaped.direction == .rtl)
        #expect(shaped.missingGlyphs == 0)
        // The first letter (yod) is drawn rightmost; Unifont's Hebrew letters are 8 px wide.
        #expect(shaped.glyphs.map(\.scalar) == [6, 5, 4, 3, 2, 1, 0])
        #expect(shaped.glyphs.map(\.x) == [0, 8, 16, 24, 32, 40, 48])
        #expect(shaped.width == 56)
    }

    @Test func arabicLettersJoin() throws {
        let chain = try Self.chain()
        let unifont = try FreeTypeFont(path: Self.unifont, pixelSize: 16)
        // مول: meem starts the word, waw ends its joining (it never joins the letter after it),
        // lam stands alone. Drawn left to right: lam, waw, meem.
        let mall = chain.shaped("مول")
        #expect(mall.direction == .rtl)
        let expected: [Unicode.Scalar] = ["\u{FEDD}", "\u{FEEE}", "\u{FEE3}"]
        #expect(mall.glyphs.map(\.id) == expected.map(\.value))
        #expect(mall.glyphs.map(\.glyph) == expected.map { unifont.glyph(for: $0) })
        #expect(mall.glyphs.map(\.scalar) == [2, 1, 0])
        // دبي: dal alone, beh starts the word, yeh ends it. لا: lam and alef joined (their
        // ligature is off over bitmap fonts: see CShapingLoader.c).
        #expect(chain.shaped("دبي").glyphs.map(\.id) == [0xFEF2, 0xFE91, 0xFEA9])
        #expect(chain.shaped("لا").glyphs.map(\.id) == [0xFE8E, 0xFEDF])
    }

    @Test func aLatinNameInAnRTLLineKeepsItsOrder() throws {
        let chain = try Self.chain()
        // "to T1 Central" in Hebrew: the route and the Latin name read left to right inside it.
        let shaped = chain.shaped("אל T1 Central")
        #expect(shaped.direction == .rtl)
        let scalars = Array("אל T1 Central".unicodeScalars)
        let drawn = String(String.UnicodeScalarView(shaped.glyphs.map { scalars[$0.scalar] }))
        #expect(drawn == "T1 Central לא")
    }

    @Test func aCombiningMarkBecomesTheAccentedLetter() throws {
        let chain = try Self.chain()
        let decomposed = chain.shaped("Zu\u{0308}rich")
        let composed = chain.shaped("Zürich")
        #expect(decomposed.glyphs.count == 6)
        #expect(decomposed.glyphs.map(\.glyph) == composed.glyphs.map(\.glyph))
        #expect(decomposed.width == composed.width)
        #expect(decomposed.missingGlyphs == 0)
    }

    @Test func cjkComesFromTheFallbackFontAtItsSize() throws {
        let chain = FontChain([Scene.font("board-6x12"), try FreeTypeFont(path: Self.wenquanyi12, pixelSize: 12)])
        let shaped = chain.shaped("新宿 3")
        #expect(shaped.missingGlyphs == 0)
        #expect(shaped.direction == .ltr)
        #expect(shaped.glyphs.map(\.advance) == [12, 12, 6, 6])
        #expect(chain.width(of: "新宿 3") == 36)
        #expect(chain.lineHeight == 12)
    }

    @Test func aCharacterNoFontHasIsCountedAndDrawnAsABox() throws {
        let chain = FontChain([Scene.font("board-6x12")])
        let shaped = chain.shaped("東京 Hbf")
        #expect(shaped.missingGlyphs == 2)
        let box = Scene.font("board-6x12").glyph(for: "\u{FFFD}")
        #expect(shaped.glyphs[0].glyph == box && shaped.glyphs[1].glyph == box)
        #expect(box.hasInk)
    }

    @Test func anRTLHeadsignIsCutAtItsEndWhichIsOnTheLeft() throws {
        let chain = try Self.chain()
        let cut = chain.truncated("ירושלים מרכז", toWidth: 48)
        #expect(cut == "ירושל\u{2026}")
        let shaped = chain.shaped(cut)
        #expect(shaped.width <= 48)
        // The ellipsis (scalar 5) is drawn at the left end.
        #expect(shaped.glyphs.first?.scalar == 5)
    }

    @Test func hostileTextIsBoundedAndNeverCrashes() throws {
        let chain = try Self.chain()
        let overrides = "\u{202E}abc\u{202C}\u{2067}\u{05D0}\u{2069}\u{200F}"
        let shaped = chain.shaped(overrides)
        #expect(shaped.missingGlyphs == 0)
        let marks = "a" + String(repeating: "\u{0301}", count: 500)
        #expect(chain.shaped(marks).width == Scene.font("board-8x16").glyph(for: "a").advance)
        let long = String(repeating: "דבי مول ", count: 1250)  // 10,000 characters
        let shapedLong = chain.shaped(long)
        #expect(shapedLong.glyphs.count <= FontChain.longestShapedText)
        #expect(chain.truncated(long, toWidth: 100).count < 20)
    }

    @Test(.enabled(if: Scene.hasDejaVu)) func anOutlineFontShapesWithItsOwnTables() throws {
        let dejaVu = try FreeTypeFont(path: Scene.dejaVuPath, pixelSize: 16)
        let chain = FontChain([dejaVu])
        // DejaVu Sans's own GSUB joins lam and alef into one ligature glyph, by glyph index.
        let lamAlef = chain.shaped("لا")
        #expect(lamAlef.direction == .rtl)
        #expect(lamAlef.glyphs.count == 1)
        #expect(lamAlef.missingGlyphs == 0)
        #expect(lamAlef.glyphs[0].glyph.hasInk)
        #expect(chain.shaped("مول").glyphs.count == 3)
    }
}
