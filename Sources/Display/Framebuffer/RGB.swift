/// An sRGB colour as the layout engine specifies it; formats map it to their own values.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGB(0, 0, 0)
    public static let white = RGB(255, 255, 255)

    /// Parses "#RRGGBB" or "RRGGBB" (either case), as theme files write colours.
    public init?(hex: String) {
        var digits = Substring(hex).utf8[...]
        if digits.first == UInt8(ascii: "#") { digits = digits.dropFirst() }
        guard digits.count == 6 else { return nil }
        var value: UInt32 = 0
        for c in digits {
            guard let d = RGB.hexDigit(c) else { return nil }
            value = value << 4 | d
        }
        self.init(UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
    }

    /// "#rrggbb", lower case, so it round-trips through `init?(hex:)`.
    public var hex: String {
        var s = "#"
        for channel in [red, green, blue] {
            s.unicodeScalars.append(RGB.hexChars[Int(channel >> 4)])
            s.unicodeScalars.append(RGB.hexChars[Int(channel & 0xF)])
        }
        return s
    }

    /// Rec. 601 luma in integers (0.299 R + 0.587 G + 0.114 B, rounded); greys map to themselves.
    public var luminance: UInt8 {
        let sum = 299 * UInt32(red) + 587 * UInt32(green) + 114 * UInt32(blue)
        return UInt8((sum + 500) / 1000)
    }

    public var description: String { hex }

    private static let hexChars: [Unicode.Scalar] = Array("0123456789abcdef".unicodeScalars)

    private static func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

/// A pixel in some format's own encoding (a level, a palette index or packed RGB); meaningless without its format.
public struct PixelValue: Hashable, Sendable {
    public var raw: UInt32

    public init(_ raw: UInt32) {
        self.raw = raw
    }
}
