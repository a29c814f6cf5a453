import Locking

/// A bitmap font drawn at a whole-number scale, so the small pixel fonts stay crisp on an
/// 800×480 e-paper panel or an HDMI screen. Scaled glyphs are cached: a board draws the
/// same few dozen characters every frame.
public final class ScaledFont: Font {
    public let base: any Font
    public let scale: Int
    private let cache = Locked<[UInt32: Glyph]>([:])

    public init(_ base: any Font, scale: Int) {
        self.base = base
        self.scale = max(1, scale)
    }

    public var name: String { "\(base.name)×\(scale)" }
    public var ascent: Int { base.ascent * scale }
    public var descent: Int { base.descent * scale }
    public var lineHeight: Int { base.lineHeight * scale }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { base.hasGlyph(for: scalar) }

    public func glyph(for scalar: Unicode.Scalar) -> Glyph {
        if let cached = cache.withLock({ $0[scalar.value] }) { return cached }
        let glyph = scaled(base.glyph(for: scalar))
        cache.withLock { $0[scalar.value] = glyph }
        return glyph
    }

    private func scaled(_ small: Glyph) -> Glyph {
        guard scale > 1 else { return small }
        let width = small.width * scale, height = small.height * scale
        var coverage = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                coverage[y * width + x] = small.coverage[(y / scale) * small.width + x / scale]
            }
        }
        return Glyph(
            width: width, height: height, left: small.left * scale, top: small.top * scale,
            advance: small.advance * scale, coverage: coverage)
    }
}
