import BoardRender
import Foundation
import TestPaths
import Testing

/// The fonts in `Fonts/` cover what timetables need, with tabular digits and a visible
/// fallback for everything else.
struct BundledFontTests {
    static let names = ["board-4x6", "board-5x7", "board-5x7n", "board-6x12", "board-8x16"]
    /// The compact LED fonts also cover Latin Extended-A.
    static let compact = ["board-4x6", "board-5x7n"]
    static let folder = PackageRoot.url.appendingPathComponent("Fonts")

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
        let unknown = font.glyph(for: "\u{4E2D}")  // a CJK character no bundled font has
        #expect(!font.hasGlyph(for: "\u{4E2D}"))
        #expect(unknown.coverage.contains(255), "the fallback glyph is visible")
        #expect(unknown == font.glyph(for: "\u{FFFD}"))
    }

    @Test(arguments: compact)
    func compactFontsCoverLatin1AndLatinExtendedA(name: String) throws {
        let font = try BDFFont.load(path: Self.folder.appendingPathComponent(name + ".bdf").path)
        let scalars = (0xA0...0x17F).compactMap(Unicode.Scalar.init)
        let missing = scalars.filter { !font.hasGlyph(for: $0) }
        #expect(missing.isEmpty, "\(name) lacks \(missing.map { String(format: "U+%04X", $0.value) })")
        for scalar in scalars where scalar != "\u{A0}" {
            #expect(font.glyph(for: scalar).coverage.contains(255), "\(name): \(scalar) has no ink")
        }
        // Accented letters differ from their base letter: the accent was drawn.
        for (accented, base) in [("Č", "C"), ("ł", "l"), ("Ő", "Ö"), ("ą", "a"), ("Ż", "Z"), ("ğ", "g")]
            as [(Unicode.Scalar, Unicode.Scalar)]
        {
            #expect(font.glyph(for: accented) != font.glyph(for: base), "\(name): \(accented) looks like \(base)")
        }
    }

    @Test(arguments: compact)
    func compactFontsHaveTheirAdvance(name: String) throws {
        let font = try BDFFont.load(path: Self.folder.appendingPathComponent(name + ".bdf").path)
        let advance = name == "board-4x6" ? 4 : 5
        #expect(font.width(of: "0123456789") == 10 * advance)
        #expect(font.width(of: "Emu Plains") == 10 * advance)
        #expect(font.lineHeight == (name == "board-4x6" ? 7 : 10))
    }
}
