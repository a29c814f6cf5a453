import BoardRender
import Foundation
import Testing

/// The fonts in `Fonts/` cover what timetables need, with tabular digits and a visible
/// fallback for everything else.
struct BundledFontTests {
    static let names = ["board-5x7", "board-6x12", "board-8x16"]
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts")

    static let required: [Unicode.Scalar] = {
        var scalars = (0x20...0x7E).compactMap(Unicode.Scalar.init) + (0xA0...0xFF).compactMap(Unicode.Scalar.init)
        scalars += ["–", "—", "‘", "’", "“", "”", "…", "•", "€", "→", "↑", "↓"].flatMap { $0.unicodeScalars }
        return scalars
    }()

    @Test(arguments: names)
    func coversASCIILatin1AndTimetablePunctuation(name: String) throws {
        let font = try BDFFont.load(path: Self.folder.appendingPathComponent(name + ".bdf").path)
        let missing = Self.required.filter { !font.hasGlyph(for: $0) }
        #expect(missing.isEmpty, "\(name) lacks \(missing.map { String(format: "U+%04X", $0.value) })")
        for scalar in Self.required where scalar != " " && scalar != "\u{A0}" && scalar != "\u{AD}" {
            #expect(font.glyph(for: scalar).coverage.contains(255), "\(name): \(scalar) has no ink")
        }
    }

    @Test(arguments: names)
    func digitsAreTabularAndUnknownCharactersShow(name: String) throws {
        let font = try BDFFont.load(path: Self.folder.appendingPathComponent(name + ".bdf").path)
        #expect(Set("0123456789:".unicodeScalars.map { font.glyph(for: $0).advance }).count == 1)
        let unknown = font.glyph(for: "\u{4E2D}")   // a CJK character no bundled font has
        #expect(!font.hasGlyph(for: "\u{4E2D}"))
        #expect(unknown.coverage.contains(255), "the fallback glyph is visible")
        #expect(unknown == font.glyph(for: "\u{FFFD}"))
    }
}
