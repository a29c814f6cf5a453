import CFreeTypeLoader
import CShapingLoader
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// TrueType/OpenType through FreeType, rendered anti-aliased at a pixel size, for large displays.
/// FreeType is loaded by the first such font (`FreeTypeLibrary`): a board in BDF fonts never maps it.
///
/// An `FT_Face` is not thread-safe, so the library, face and glyph cache live behind one `Locked`;
/// that is what makes sharing a font between render tasks sound.
public final class FreeTypeFont: Font {
    public let name: String
    public let ascent: Int
    public let descent: Int
    public let lineHeight: Int
    public let pixelSize: Int
    /// Outlines, and so OpenType tables HarfBuzz shapes with; bitmap faces (PCF) have none.
    public let isScalable: Bool

    private struct State {
        /// FreeType's FT_Library and FT_Face, opaque here (CFreeTypeLoader types them).
        var library: UnsafeMutableRawPointer?
        var face: UnsafeMutableRawPointer?
        var cache: [UInt32: Glyph] = [:]
        var byIndex: [UInt32: Glyph] = [:]
        var fallback: Glyph?
        /// HarfBuzz's font over this face (a db_shaping_font), made on the first shaped text.
        var shapingFont: UInt = 0
    }
    private let state: Locked<State>
    /// FreeType's table (`FreeTypeLibrary.loaded`), loaded before the first font opened: its
    /// address, as the table is the library's for the life of the process.
    private let table: UInt
    private var freetype: OpaquePointer { OpaquePointer(bitPattern: table)! }

    public init(path: String, pixelSize: Int) throws(FontError) {
        guard (1...1024).contains(pixelSize) else {
            throw FontError(file: path, message: "pixel size \(pixelSize) out of range 1...1024")
        }
        // FreeType reports a missing file as a bare "cannot open resource"; errno says why.
        guard access(path, R_OK) == 0 else {
            throw FontError(file: path, message: "cannot read file: \(String(cString: strerror(errno)))")
        }
        let freetype: OpaquePointer
        switch FreeTypeLibrary.loaded {
        case .success(let address):
            table = address
            freetype = OpaquePointer(bitPattern: address)!
        case .failure(let missing):
            throw FontError(file: path, message: missing.reason)
        }
        var library: UnsafeMutableRawPointer?
        var error = db_ft_init(freetype, &library)
        guard error == 0, let library else {
            throw FontError(file: path, message: "cannot initialise FreeType (error \(error))")
        }
        var face: UnsafeMutableRawPointer?
        error = db_ft_new_face(freetype, library, path, &face)
        guard error == 0, let face else {
            db_ft_done(freetype, library)
            let what = error == 2 ? "not a font file FreeType can read" : "FreeType cannot open the font"
            throw FontError(file: path, message: "\(what) (error \(error))")
        }
        // A bitmap face (PCF, a bitmap-only OpenType) has fixed strikes: the largest one not
        // taller than asked, else its smallest.
        var info = db_ft_face_info()
        db_ft_describe_face(face, &info)
        isScalable = info.scalable != 0
        if !isScalable, info.fixed_sizes > 0 {
            let heights = (0..<Int(info.fixed_sizes)).map { Int(db_ft_fixed_height(face, Int32($0))) }
            let fitting = heights.indices.filter { heights[$0] <= pixelSize }.max { heights[$0] < heights[$1] }
            let smallest = heights.indices.min { heights[$0] < heights[$1] } ?? 0
            error = db_ft_select_size(freetype, face, Int32(fitting ?? smallest))
        } else {
            error = db_ft_set_pixel_sizes(freetype, face, UInt32(pixelSize))
        }
        guard error == 0 else {
            db_ft_done_face(freetype, face)
            db_ft_done(freetype, library)
            throw FontError(file: path, message: "cannot set pixel size \(pixelSize) (error \(error))")
        }

        var ascender = 0, descender = 0, height = 0
        db_ft_size_metrics(face, &ascender, &descender, &height)
        let ascent = max(Self.pixels(ascender), 0)
        let descent = max(-Self.pixels(descender), 0)
        self.ascent = ascent
        self.descent = descent
        // `height` includes the font's line gap; never let it undercut ascent + descent.
        lineHeight = max(Self.pixels(height), ascent + descent)
        self.pixelSize = pixelSize
        let family = info.family.map { String(cString: $0) } ?? path
        let style = info.style.map { String(cString: $0) }
        name = style.map { "\(family) \($0)" } ?? family
        state = Locked(State(library: library, face: face))
    }

    deinit {
        state.withLock { state in
            if state.shapingFont != 0, let table = ShapingLibrary.table {
                db_shaping_font_free(table, OpaquePointer(bitPattern: state.shapingFont))
            }
            if let face = state.face { db_ft_done_face(freetype, face) }
            if let library = state.library { db_ft_done(freetype, library) }
            state.face = nil
            state.library = nil
        }
    }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        state.withLock { state in
            guard let face = state.face else { return false }
            return db_ft_char_index(freetype, face, UInt(scalar.value)) != 0
        }
    }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph {
        state.withLock { state in
            if let cached = state.cache[scalar.value] { return cached }
            guard let face = state.face else { return Self.box(pixelSize) }
            let index = db_ft_char_index(freetype, face, UInt(scalar.value))
            let glyph: Glyph
            if index == 0 {
                glyph = Self.fallback(&state, freetype: freetype, face: face, pixelSize: pixelSize)
            } else {
                glyph =
                    Self.render(freetype: freetype, face: face, index: index)
                    ?? Self.fallback(&state, freetype: freetype, face: face, pixelSize: pixelSize)
            }
            state.cache[scalar.value] = glyph
            return glyph
        }
    }

    /// Shapes one run with HarfBuzz's font over this face, under the face's lock (FreeType
    /// faces are not thread-safe); empty when the face is gone or HarfBuzz cannot make the font.
    func shape(_ run: ShapingRun, table: UInt) -> [ShapedGlyph] {
        state.withLock { state in
            guard let face = state.face, let library = OpaquePointer(bitPattern: table) else { return [] }
            if state.shapingFont == 0 {
                state.shapingFont = UInt(bitPattern: db_shaping_font_freetype(library, face))
            }
            return run.shape(table: table, font: state.shapingFont)
        }
    }

    /// A glyph by the face's own index, as HarfBuzz names them: ligatures and joined forms
    /// have no character of their own.
    func glyph(index: UInt32) -> Glyph {
        state.withLock { state in
            if let cached = state.byIndex[index] { return cached }
            guard let face = state.face else { return Self.box(pixelSize) }
            let glyph =
                index == 0
                ? Self.fallback(&state, freetype: freetype, face: face, pixelSize: pixelSize)
                : Self.render(freetype: freetype, face: face, index: index)
                    ?? Self.fallback(&state, freetype: freetype, face: face, pixelSize: pixelSize)
            state.byIndex[index] = glyph
            return glyph
        }
    }

    /// .notdef (glyph 0) is the font designer's own "missing" mark; a box if it renders blank.
    private static func fallback(
        _ state: inout State, freetype: OpaquePointer, face: UnsafeMutableRawPointer,
        pixelSize: Int
    ) -> Glyph {
        if let fallback = state.fallback { return fallback }
        var glyph = render(freetype: freetype, face: face, index: 0) ?? box(pixelSize)
        if !glyph.hasInk { glyph = box(pixelSize) }
        state.fallback = glyph
        return glyph
    }

    private static func box(_ pixelSize: Int) -> Glyph {
        Glyph.box(width: max(pixelSize / 2, 3), height: max(pixelSize * 7 / 10, 3), gap: max(pixelSize / 8, 1))
    }

    /// 26.6 fixed point → whole pixels, rounded to nearest.
    static func pixels(_ value: Int) -> Int { (value + 32) >> 6 }

    /// Renders one glyph to 8-bit coverage; nil when FreeType cannot load it.
    private static func render(freetype: OpaquePointer, face: UnsafeMutableRawPointer, index: UInt32) -> Glyph? {
        var bitmap = db_ft_bitmap()
        guard db_ft_render_glyph(freetype, face, index, &bitmap) == 0 else { return nil }
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        var pixels = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer {
            let pitch = Int(bitmap.pitch)
            let mode = Int(bitmap.pixel_mode)
            let grays = max(Int(bitmap.num_grays), 2)
            for row in 0..<height {
                // A negative pitch means the rows are stored bottom-up.
                let start = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
                let src = buffer + start
                for x in 0..<width {
                    let value: UInt8
                    switch mode {
                    case Int(DB_FT_PIXEL_MODE_MONO):
                        value = src[x / 8] & (0x80 >> UInt8(x % 8)) != 0 ? 255 : 0
                    case Int(DB_FT_PIXEL_MODE_BGRA):
                        value = src[x * 4 + 3]  // alpha of colour (emoji) bitmaps
                    case Int(DB_FT_PIXEL_MODE_GRAY):
                        value = grays == 256 ? src[x] : UInt8(min(Int(src[x]) * 255 / (grays - 1), 255))
                    default:
                        return nil  // LCD modes: not requested, not expected
                    }
                    pixels[row * width + x] = value
                }
            }
        }
        return Glyph(
            width: width, height: height, left: Int(bitmap.left),
            top: Int(bitmap.top), advance: Self.pixels(bitmap.advance_x), coverage: pixels)
    }
}
