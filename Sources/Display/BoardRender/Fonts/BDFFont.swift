import SystemFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A BDF 2.1 bitmap font (Adobe Glyph Bitmap Distribution Format).
///
/// The natural format for LED matrices: pixel-exact, no hinting surprises. Encodings are read
/// as Unicode code points (true for ISO10646-1 fonts, and for ISO8859-1 below 0x100).
public struct BDFFont: Font {
    public let name: String
    public let ascent: Int
    public let descent: Int
    public var lineHeight: Int { ascent + descent }
    /// Encoded glyphs (unencoded ones are dropped at load).
    public let glyphCount: Int

    /// Latin-1 covers nearly every board string, so it gets an array lookup without hashing.
    private let latin1: [Glyph?]
    private let others: [UInt32: Glyph]
    /// Shown for scalars the font lacks: DEFAULT_CHAR, else U+FFFD, else a generated box.
    public let fallback: Glyph

    /// Reads at most 8 MiB; anything unreadable or malformed becomes a `FontError` naming `path`.
    public static func load(path: String) throws(FontError) -> BDFFont {
        try BDFFont(bytes: readFile(path), file: path)
    }

    public init(parsing text: String, file: String) throws(FontError) {
        guard text.utf8.count <= BDFLimits.maxFileBytes else {
            throw FontError(file: file, message: "file is larger than the \(BDFLimits.maxFileBytes)-byte limit")
        }
        var parser = BDFParser(text: text, file: file)
        self.init(contents: try parser.parse(), file: file)
    }

    /// Raw file bytes: rejects invalid UTF-8 with the offending line before parsing.
    init(bytes: [UInt8], file: String) throws(FontError) {
        guard bytes.count <= BDFLimits.maxFileBytes else {
            throw FontError(file: file, message: "file is larger than the \(BDFLimits.maxFileBytes)-byte limit")
        }
        var lineNumber = 1
        for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            if line.contains(where: { $0 >= 0x80 }), String(validating: line, as: UTF8.self) == nil {
                throw FontError(file: file, line: lineNumber, message: "invalid UTF-8 (BDF files are ASCII text)")
            }
            lineNumber += 1
        }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), file: file)
    }

    private init(contents: BDFContents, file: String) {
        let box = contents.boundingBox ?? (width: 0, height: 0, x: 0, y: 0)  // parser guarantees it
        name = contents.name ?? file
        ascent = contents.ascent ?? max(box.height + box.y, 0)
        descent = contents.descent ?? max(-box.y, 0)
        glyphCount = contents.glyphs.count

        var latin1 = [Glyph?](repeating: nil, count: 0x100)
        var others: [UInt32: Glyph] = [:]
        for (code, glyph) in contents.glyphs {
            if code < 0x100 { latin1[Int(code)] = glyph } else { others[code] = glyph }
        }
        self.latin1 = latin1
        self.others = others

        let preferred = contents.defaultChar.flatMap { UInt32(exactly: $0) }.flatMap { contents.glyphs[$0] }
        fallback =
            preferred ?? contents.glyphs[0xFFFD]
            ?? Glyph.box(width: box.width, height: box.height, baselineOffset: box.y)
    }

    private func lookup(_ scalar: Unicode.Scalar) -> Glyph? {
        scalar.value < 0x100 ? latin1[Int(scalar.value)] : others[scalar.value]
    }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph { lookup(scalar) ?? fallback }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { lookup(scalar) != nil }

    /// The whole file, refused past the size cap (checked while reading, so `/dev/zero` or
    /// a FIFO cannot exhaust memory).
    static func readFile(_ path: String) throws(FontError) -> [UInt8] {
        do {
            return try BoundedFile.read(path, maxBytes: BDFLimits.maxFileBytes)
        } catch {
            switch error {
            case .tooLarge(let limit): throw FontError(file: path, message: "file is larger than the \(limit)-byte limit")
            case .system(let text): throw FontError(file: path, message: "cannot read file: \(text)")
            }
        }
    }
}
