/// WCAG 2's measures of how well one colour reads on another (Web Content Accessibility
/// Guidelines 2.x, "relative luminance" and "contrast ratio"): 4.5:1 for small text, 3:1
/// for large text and for the parts of a picture that must be seen.
extension RGB {
    /// 0 (black) … 1 (white), from the sRGB channels made linear.
    public var relativeLuminance: Double {
        0.2126 * Self.linear[Int(red)] + 0.7152 * Self.linear[Int(green)] + 0.0722 * Self.linear[Int(blue)]
    }

    /// (lighter + 0.05) / (darker + 0.05): 1 (the same) … 21 (black on white).
    public func contrastRatio(with other: RGB) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Black or white, whichever reads better on this colour (white on a tie).
    public var bestTextColor: RGB {
        contrastRatio(with: .white) >= contrastRatio(with: .black) ? .white : .black
    }

    /// The sRGB transfer function undone for each 8-bit value: c/12.92 up to 0.04045, else
    /// ((c + 0.055) / 1.055)^2.4 — the power taken as a square times a fifth root, so the
    /// display modules need no maths library.
    static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        guard c > 0.04045 else { return c / 12.92 }
        let x = (c + 0.055) / 1.055
        return x * x * fifthRoot(x * x)
    }

    /// Newton's method from 1, for 0 < a ≤ 1: converges in a few steps to the last bit.
    private static func fifthRoot(_ a: Double) -> Double {
        var y = 1.0
        for _ in 0..<60 {
            let next = (4 * y + a / (y * y * y * y)) / 5
            if next == y { break }
            y = next
        }
        return y
    }
}
