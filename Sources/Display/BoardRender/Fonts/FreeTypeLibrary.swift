import CFreeTypeLoader

/// FreeType, loaded once per process by the first TrueType, OpenType or PCF font opened. Like
/// HarfBuzz for shaping: a board in the bundled BDF fonts never maps it, nor the libpng and
/// brotli it brings (about 330 KiB).
enum FreeTypeLibrary {
    /// The library table's address, or why it could not be loaded.
    static let loaded: Result<UInt, FreeTypeUnavailable> = {
        var error = [CChar](repeating: 0, count: 512)
        guard let library = db_freetype_open(&error, error.count) else {
            return .failure(
                FreeTypeUnavailable(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(UInt(bitPattern: library))
    }()
}

/// libfreetype.so.6 is missing, or lacks a function: a font that needs FreeType cannot open.
struct FreeTypeUnavailable: Error, Sendable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
