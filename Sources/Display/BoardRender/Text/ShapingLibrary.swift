import CShapingLoader

/// HarfBuzz and FriBidi, loaded once per process on the first text that needs shaping.
/// Like libxml2 for SIRI: plain left-to-right boards never map them (about 2 MiB with GLib).
enum ShapingLibrary {
    /// The library table's address, or why it could not be loaded.
    static let loaded: Result<UInt, ShapingUnavailable> = {
        var error = [CChar](repeating: 0, count: 512)
        guard let library = db_shaping_open(&error, error.count) else {
            return .failure(
                ShapingUnavailable(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(UInt(bitPattern: library))
    }()

    static var table: OpaquePointer? {
        guard case .success(let address) = loaded else { return nil }
        return OpaquePointer(bitPattern: address)
    }
}

/// HarfBuzz or FriBidi is missing: text is then drawn glyph by glyph, left to right.
public struct ShapingUnavailable: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

extension ShapingLibrary {
    /// Whether a scalar needs more than glyph-after-glyph: right-to-left scripts, joining,
    /// marks placed over letters, invisible controls, scripts that reorder their letters.
    static func needsShaping(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x0300 { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: break
        }
        if scalar.properties.isDefaultIgnorableCodePoint { return true }
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return true  // Hebrew, Arabic, Syriac, Thaana, N'Ko …
        case 0x0900...0x0DFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x18AF, 0xA800...0xABFF:
            return true  // Indic, Tibetan, Myanmar, Khmer, Mongolian …
        default:
            return false
        }
    }
}
