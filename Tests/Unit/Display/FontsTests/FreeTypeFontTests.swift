import Foundation
import Testing
@testable import BoardRender

private let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
private let dejaVuBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
private let haveDejaVu = FileManager.default.isReadableFile(atPath: dejaVu)

@Suite("FreeType fonts", .enabled(if: haveDejaVu, "DejaVuSans.ttf not installed (apt-get install fonts-dejavu-core)"))
struct FreeTypeFontTests {
    let font: FreeTypeFont

    init() throws {
        font = try FreeTypeFont(path: dejaVu, pixelSize: 16)
    }

    @Test func metricsAreConsistent() {
        #expect(font.name == "DejaVu Sans Book")
        #expect(font.ascent > 10 && font.ascent <= 16)
        #expect(font.descent > 0 && font.descent < 8)
        #expect(abs(font.ascent + font.descent - font.lineHeight) <= 2)
        #expect(font.lineHeight >= font.ascent + font.descent)
    }

    @Test func capitalAIsAntiAliased() {
        let a = font.glyph(for: "A")
        #expect(a.width > 5 && a.height > 8)
        #expect(a.coverage.count == a.width * a.height)
        #expect(a.coverage.contains(255) || a.coverage.contains { $0 > 200 })
        #expect(a.coverage.contains { $0 > 0 && $0 < 255 }, "expected grey edge pixels")
        #expect(a.top > 8 && a.top <= font.ascent)  // a capital stands on the baseline
        #expect(a.advance > 0)
        #expect(font.hasGlyph(for: "A"))
    }

    @Test func descenderGoesBelowBaseline() {
        let g = font.glyph(for: "g")
        #expect(g.height - g.top > 0)
        #expect(g.height - g.top <= font.descent + 1)
    }

    @Test func widthOfText() {
        let width = font.width(of: "Central")
        #expect(width > 0)
        #expect(width == "Central".unicodeScalars.reduce(0) { $0 + font.glyph(for: $1).advance })
        #expect(font.width(of: "WWW") > font.width(of: "iii"))
        #expect(font.glyph(for: " ").advance > 0 && !font.glyph(for: " ").hasInk)
    }

    @Test func missingScalarGetsVisibleFallback() {
        #expect(!font.hasGlyph(for: "\u{E000}"))
        let fallback = font.glyph(for: "\u{E000}")
        #expect(fallback.hasInk && fallback.width > 0 && fallback.advance > 0)
        #expect(font.glyph(for: "\u{E001}") == fallback)
    }

    @Test func truncatesWithRealEllipsis() {
        #expect(font.hasGlyph(for: "\u{2026}"))
        let cut = font.truncated("Kings Cross St Pancras", toWidth: 80)
        #expect(cut.hasSuffix("\u{2026}"))
        #expect(font.width(of: cut) <= 80)
        #expect(font.truncated("Bank", toWidth: 80) == "Bank")
    }

    @Test func sizesScale() throws {
        let big = try FreeTypeFont(path: dejaVu, pixelSize: 32)
        #expect(big.glyph(for: "A").height > font.glyph(for: "A").height)
        #expect(big.lineHeight > font.lineHeight)
    }

    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: dejaVuBold), "DejaVuSans-Bold.ttf not installed"))
    func boldHasMoreInk() throws {
        let bold = try FreeTypeFont(path: dejaVuBold, pixelSize: 16)
        let ink = { (g: Glyph) in g.coverage.reduce(0) { $0 + Int($1) } }
        #expect(ink(bold.glyph(for: "H")) > ink(font.glyph(for: "H")))
    }

    @Test func concurrentUseIsSafe() async {
        let font = self.font
        let widths = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { font.width(of: "Platform 9¾ – Edinburgh Waverley") } }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(Set(widths).count == 1 && widths[0] > 0)
    }
}

@Suite("FreeType errors")
struct FreeTypeErrorTests {
    @Test func textFileIsNotAFont() throws {
        let dir = try TempDir()
        let path = try dir.write("notes.ttf", "Departures\nPlatform 1\n")
        #expect(throws: FontError(file: path, message: "not a font file FreeType can read (error 2)")) {
            try FreeTypeFont(path: path, pixelSize: 16)
        }
    }

    @Test func missingFileNamesPath() {
        let path = "/nonexistent/fonts/Missing.ttf"
        #expect(throws: FontError(file: path, message: "cannot read file: No such file or directory")) {
            try FreeTypeFont(path: path, pixelSize: 16)
        }
    }

    @Test func absurdPixelSizeIsRejected() {
        #expect(throws: FontError(file: dejaVu, message: "pixel size 0 out of range 1...1024")) {
            try FreeTypeFont(path: dejaVu, pixelSize: 0)
        }
    }

    @Test func descriptionNamesFile() {
        let error = FontError(file: "Fonts/x.ttf", message: "not a font file FreeType can read (error 2)")
        #expect(error.description == "Fonts/x.ttf: not a font file FreeType can read (error 2)")
        #expect(FontError(file: "a.bdf", line: 3, message: "m").description == "a.bdf:3: m")
    }
}
