/// A token read from an environment variable or a file: trailing spaces and line ends go
/// (files end with a newline); nil when nothing is left, since an empty token would let
/// anyone in. The one rule for the sign (which reads it) and its server (which checks it).
public enum SecretText {
    public static func trimmed(_ text: String) -> String? {
        var trimmed = Substring(text)
        while let last = trimmed.last, last.isNewline || last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
