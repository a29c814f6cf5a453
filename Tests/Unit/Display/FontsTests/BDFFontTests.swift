import Foundation
import Testing
@testable import BoardRender

@Suite("BDF fonts")
struct BDFFontTests {
    let font: BDFFont

    init() throws {
        font = try BDFFont(parsing: Fixtures.tiny, file: "tiny.bdf")
    }

    /// Draws a glyph as '#'/'.' rows so failures show the shape.
    func picture(_ glyph: Glyph) -> [String] {
        (0..<glyph.height).map { y in
            String((0..<glyph.width).map { glyph.coverage(x: $0, y: y) == 255 ? "#" : "." })
        }
    }

    @Test func fontMetrics() {
        #expect(font.name == "-test-tiny-medium-r-normal--8-80-75-75-c-60-iso10646-1")
        #expect(font.ascent == 7)
        #expect(font.descent == 1)
        #expect(font.lineHeight == 8)
        #expect(font.glyphCount == 3)  // the ENCODING -1 glyph is skipped
    }

    @Test func glyphA() {
        let a = font.glyph(for: "A")
        #expect(a.width == 5 && a.height == 7 && a.left == 0 && a.top == 7 && a.advance == 6)
        #expect(picture(a) == ["..#..", ".#.#.", "#...#", "#...#", "#####", "#...#", "#...#"])
        #expect(a.coverage.allSatisfy { $0 == 0 || $0 == 255 })
    }

    @Test func glyphWithDescender() {
        let g = font.glyph(for: "g")
        #expect(g.width == 4 && g.height == 5 && g.left == 0 && g.advance == 5)
        #expect(g.top == 4)  // BBX y offset -1: last row sits below the baseline
        #expect(picture(g) == [".###", "#..#", ".###", "...#", ".##."])
    }

    @Test func spaceIsEmptyButAdvances() {
        let space = font.glyph(for: " ")
        #expect(space == Glyph(width: 0, height: 0, left: 0, top: 0, advance: 6, coverage: []))
        #expect(font.hasGlyph(for: " "))
    }

    @Test func widthSumsAdvances() {
        #expect(font.width(of: "") == 0)
        #expect(font.width(of: "Ag") == 11)
        #expect(font.width(of: "A g") == 17)
    }

    @Test func truncationFallsBackToThreeDots() {
        #expect(!font.hasGlyph(for: "\u{2026}") && !font.hasGlyph(for: "."))
        // '.' is missing too, so each dot is the 6-px-wide generated box: "..." is 18 px.
        #expect(font.truncated("AAA", toWidth: 18) == "AAA")
        #expect(font.truncated("AAAAAA", toWidth: 30) == "AA...")
        #expect(font.truncated("AAAAAA", toWidth: 29) == "A...")
        #expect(font.truncated("AAAAAA", toWidth: 17) == "")
    }

    @Test func truncationUsesEllipsisGlyph() throws {
        let ellipsis = Fixtures.glyph("ellipsis", 0x2026, dwidth: 6, bbx: "5 1 0 0", rows: ["A8"])
        let withEllipsis = try BDFFont(parsing: Fixtures.tiny(adding: [ellipsis]), file: "e.bdf")
        #expect(withEllipsis.truncated("AAAAAA", toWidth: 20) == "AA\u{2026}")
        #expect(withEllipsis.truncated("A AAAA", toWidth: 18) == "A\u{2026}")  // no space before "…"
        #expect(withEllipsis.truncated("gA", toWidth: 11) == "gA")
        #expect(withEllipsis.width(of: withEllipsis.truncated("AgAgAgAg", toWidth: 25)) <= 25)
    }

    @Test func generatedBoxFallbackIsVisible() {
        let box = font.glyph(for: "Z")
        #expect(!font.hasGlyph(for: "Z"))
        #expect(box.width == 5 && box.height == 8 && box.top == 7 && box.advance == 6)
        #expect(picture(box) == ["#####"] + Array(repeating: "#...#", count: 6) + ["#####"])
        #expect(font.glyph(for: "\u{1F600}") == box)
    }

    @Test func replacementCharacterIsFallback() throws {
        let fffd = Fixtures.glyph("uniFFFD", 0xFFFD, bbx: "3 3 0 0", rows: ["E0", "A0", "E0"])
        let font = try BDFFont(parsing: Fixtures.tiny(adding: [fffd]), file: "r.bdf")
        let fallback = font.glyph(for: "Z")
        #expect(fallback == font.glyph(for: "\u{FFFD}"))
        #expect(fallback.hasInk && fallback.width == 3)
    }

    @Test func defaultCharWinsOverReplacementCharacter() throws {
        let fffd = Fixtures.glyph("uniFFFD", 0xFFFD, bbx: "3 3 0 0", rows: ["E0", "A0", "E0"])
        let font = try BDFFont(
            parsing: Fixtures.tiny(adding: [fffd], properties: ["DEFAULT_CHAR 65"]),
            file: "d.bdf")
        #expect(font.glyph(for: "Z") == font.glyph(for: "A"))
        #expect(font.glyph(for: "Z").hasInk)
    }

    @Test func defaultCharMissingFromFontIsIgnored() throws {
        let font = try BDFFont(parsing: Fixtures.tiny(adding: [], properties: ["DEFAULT_CHAR 9999"]), file: "d.bdf")
        #expect(font.glyph(for: "Z").hasInk)
        #expect(font.glyph(for: "Z").height == 8)  // generated box
    }

    @Test func metricsFallBackToBoundingBox() throws {
        let text = Fixtures.tinyLines.enumerated()
            .filter { !(6...10).contains($0.offset + 1) }.map(\.element).joined(separator: "\n")
        let font = try BDFFont(parsing: text, file: "nb.bdf")
        #expect(font.ascent == 7 && font.descent == 1)  // FONTBOUNDINGBOX 5 8 0 -1
    }

    @Test func toleratesCRLFAndPaddedRows() throws {
        let padded = Fixtures.tiny.replacingOccurrences(of: "\nF8\n", with: "\nF800\n")
        let crlf = padded.replacingOccurrences(of: "\n", with: "\r\n")
        let font = try BDFFont(parsing: crlf, file: "crlf.bdf")
        #expect(font.glyph(for: "A") == self.font.glyph(for: "A"))
    }

    @Test func loadsFromDisk() throws {
        let dir = try TempDir()
        let path = try dir.write("tiny.bdf", Fixtures.tiny)
        let font = try BDFFont.load(path: path)
        #expect(font.glyph(for: "A") == self.font.glyph(for: "A"))
    }

    @Test func lowAndHighScalarsBothResolve() throws {
        let euro = Fixtures.glyph("Euro", 0x20AC, bbx: "3 3 0 0", rows: ["E0", "80", "E0"])
        let eAcute = Fixtures.glyph("eacute", 0xE9, bbx: "3 3 0 0", rows: ["40", "E0", "E0"])
        let font = try BDFFont(parsing: Fixtures.tiny(adding: [euro, eAcute]), file: "x.bdf")
        #expect(font.glyphCount == 5)
        #expect(font.hasGlyph(for: "\u{20AC}") && font.hasGlyph(for: "é"))
        #expect(font.glyph(for: "\u{20AC}").coverage != font.glyph(for: "é").coverage)
    }
}
