import Locking

/// A fallback font opened on the first character that asks for it: a board that never shows
/// Chinese never reads WenQuanYi's 2 MB. A font that fails to open has no glyphs (the box shows).
public final class LazyFont: Font {
    public let name: String
    private let open: @Sendable () -> (any Font)?
    private let state = Locked<Loaded>(.notYet)

    private enum Loaded {
        case notYet
        case font((any Font)?)
    }

    public init(name: String, open: @escaping @Sendable () -> (any Font)?) {
        self.name = name
        self.open = open
    }

    /// The font, opened now if it was not.
    public var font: (any Font)? {
        state.withLock { state in
            if case .font(let font) = state { return font }
            let font = open()
            state = .font(font)
            return font
        }
    }

    public var ascent: Int { font?.ascent ?? 0 }
    public var descent: Int { font?.descent ?? 0 }
    public var lineHeight: Int { font?.lineHeight ?? 0 }
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { font?.hasGlyph(for: scalar) ?? false }
    public func glyph(for scalar: Unicode.Scalar) -> Glyph {
        font?.glyph(for: scalar) ?? Glyph.box(width: 3, height: 3)
    }
}
