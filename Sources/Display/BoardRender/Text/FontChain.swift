import CShapingLoader
import Locking

/// A board's fonts: its own first, then `display.fallback_fonts` for the characters it lacks
/// (CJK, Hebrew, Arabic …). Lines keep the first font's metrics, so rows never move when a
/// headsign needs a fallback. Text that needs it is shaped (HarfBuzz, FriBidi) and cached:
/// a board draws the same few texts every frame.
public final class FontChain: Font {
    public let fonts: [any Font]
    /// The board's BCP 47 language, for shaping (e.g. Japanese or Chinese forms of a glyph).
    public let language: String?
    private let cache = Locked<[String: ShapedText]>([:])
    private let shapingFonts = Locked<[Int: UInt]>([:])
    private let callbackContexts: [Unmanaged<FontBox>]

    /// Texts longer than this are cut before they are measured, shaped or drawn: a ticker of
    /// every row and alert stays well under it, and a hostile 10,000-character headsign must
    /// not cost a frame its deadline.
    public static let longestShapedText = 4096
    static let cacheLimit = 256

    public init(_ fonts: [any Font], language: String? = nil) {
        precondition(!fonts.isEmpty, "a font chain needs a font")
        self.fonts = fonts
        self.language = language
        callbackContexts = fonts.map { Unmanaged.passRetained(FontBox($0)) }
    }

    deinit {
        // Only a chain that shaped has fonts to free: asking for the table would load the libraries.
        let made = shapingFonts.withLock { Array($0.values) }
        if !made.isEmpty, let table = ShapingLibrary.table {
            for address in made { db_shaping_font_free(table, OpaquePointer(bitPattern: address)) }
        }
        for context in callbackContexts { context.release() }
    }

    public var primary: any Font { fonts[0] }
    public var name: String { primary.name }
    public var ascent: Int { primary.ascent }
    public var descent: Int { primary.descent }
    public var lineHeight: Int { primary.lineHeight }

    /// The first font with the scalar; the first font (its visible box) when none has it.
    func fontIndex(for scalar: Unicode.Scalar) -> Int? {
        fonts.firstIndex { $0.hasGlyph(for: scalar) }
    }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { fontIndex(for: scalar) != nil }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph {
        fonts[fontIndex(for: scalar) ?? 0].glyph(for: scalar)
    }

    public func shaped(_ text: String) -> ShapedText {
        let text = Self.bounded(text)
        guard text.unicodeScalars.contains(where: ShapingLibrary.needsShaping) else {
            return ShapedText(simple: text, font: self)
        }
        if let known = cache.withLock({ $0[text] }) { return known }
        let shaped = shapeOrPlace(text)
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[text] = shaped
        }
        return shaped
    }

    /// Only text that needs shaping can read right to left (its shaping is cached); plain
    /// text answers without building its glyphs, as a row asks every frame.
    public func direction(of text: String) -> TextDirection {
        Self.bounded(text).unicodeScalars.contains(where: ShapingLibrary.needsShaping) ? shaped(text).direction : .ltr
    }

    public func width(of text: String) -> Int {
        let text = Self.bounded(text)
        guard text.unicodeScalars.contains(where: ShapingLibrary.needsShaping) else {
            var total = 0
            for scalar in text.unicodeScalars { total += glyph(for: scalar).advance }
            return total
        }
        return shaped(text).width
    }

    /// Longest run of whole characters (in reading order) that fits with "…" after it, measured
    /// as shaped, so an Arabic or Hebrew headsign loses its end, which is on its left.
    public func truncated(_ text: String, toWidth maxWidth: Int) -> String {
        let text = Self.bounded(text)
        if width(of: text) <= maxWidth { return text }
        let ellipsis = hasGlyph(for: "\u{2026}") ? "\u{2026}" : "..."
        let budget = maxWidth - width(of: ellipsis)
        guard budget >= 0 else { return "" }
        let scalarCount = text.unicodeScalars.count
        let advances = shaped(text).advances(scalarCount: scalarCount)
        var kept: [Character] = []
        var used = 0, index = 0
        for character in text {
            let count = character.unicodeScalars.count
            guard index + count <= scalarCount else { break }
            let width = advances[index..<(index + count)].reduce(0, +)
            if used + width > budget { break }
            kept.append(character)
            used += width
            index += count
        }
        // Joining forms at the cut can widen the rest by a pixel: cut again until it fits.
        while true {
            while let last = kept.last, last.isWhitespace { kept.removeLast() }
            let result = String(kept) + ellipsis
            if kept.isEmpty || width(of: result) <= maxWidth { return result }
            kept.removeLast()
        }
    }

    /// The text's first `longestShapedText` scalars (a string's count of scalars is cheap to
    /// bound: it stops at the limit).
    static func bounded(_ text: String) -> String {
        var scalars = text.unicodeScalars.makeIterator()
        for _ in 0..<longestShapedText where scalars.next() == nil { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(longestShapedText)))
    }

    private func shapeOrPlace(_ text: String) -> ShapedText {
        guard let table = ShapingLibrary.table else { return ShapedText(simple: text, font: self) }
        return TextShaper(chain: self, table: table).shape(text)
    }

    /// HarfBuzz's font for the chain's font at `index`, made on first use.
    func shapingFont(_ index: Int, table: OpaquePointer) -> OpaquePointer? {
        let address: UInt? = shapingFonts.withLock { made in
            if let address = made[index] { return address }
            let context = callbackContexts[index].toOpaque()
            guard let font = db_shaping_font_callbacks(table, FontBox.callbacks(context: context)) else { return nil }
            made[index] = UInt(bitPattern: font)
            return UInt(bitPattern: font)
        }
        return address.flatMap { OpaquePointer(bitPattern: $0) }
    }
}

/// A chain member as HarfBuzz sees it: glyph ids are unicode scalars, sizes in 1/64 pixel.
final class FontBox: Sendable {
    let font: any Font
    init(_ font: any Font) { self.font = font }

    static func callbacks(context: UnsafeMutableRawPointer) -> db_glyph_callbacks {
        db_glyph_callbacks(
            context: context,
            nominal_glyph: { context, scalar, glyph in
                guard let context, let scalar = Unicode.Scalar(scalar) else { return 0 }
                let font = Unmanaged<FontBox>.fromOpaque(context).takeUnretainedValue().font
                guard font.hasGlyph(for: scalar) else { return 0 }
                glyph?.pointee = scalar.value
                return 1
            },
            advance: { context, glyph in
                guard let context, let scalar = Unicode.Scalar(glyph) else { return 0 }
                let font = Unmanaged<FontBox>.fromOpaque(context).takeUnretainedValue().font
                return Int32(font.glyph(for: scalar).advance * 64)
            },
            extents: { context, glyph, left, top, width, height in
                guard let context, let scalar = Unicode.Scalar(glyph) else { return 0 }
                let drawn = Unmanaged<FontBox>.fromOpaque(context).takeUnretainedValue().font.glyph(for: scalar)
                left?.pointee = Int32(drawn.left * 64)
                top?.pointee = Int32(drawn.top * 64)
                width?.pointee = Int32(drawn.width * 64)
                height?.pointee = Int32(-drawn.height * 64)
                return 1
            })
    }
}
