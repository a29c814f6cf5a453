/// The fonts a board falls back on for characters its own font lacks.
public enum FallbackFont {
    /// Names for Debian's bitmap fonts, found where their packages put them.
    public static let systemFamilies: Set<String> = ["wenquanyi", "unifont"]
    /// Used when a board names none: CJK first (WenQuanYi has the better Han glyphs), then
    /// Unifont for every other script of the Basic Multilingual Plane.
    public static let defaults = ["wenquanyi", "unifont"]
}
