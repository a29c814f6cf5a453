/// How libyaml counts lines, for every place that turns text into a line and column of its
/// own: line breaks are LF, CR, CRLF (one break) and YAML 1.1's NEL, LS and PS.
public enum YAMLLines {
    public static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }

    /// The lines of `text` as scalars, without their breaks. (Splitting a String by Character
    /// would miss CRLF, which Swift treats as a single Character.)
    public static func lines(of text: String) -> [[Unicode.Scalar]] {
        var result: [[Unicode.Scalar]] = [[]]
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n" && afterCR { continue }  // CRLF: one break, counted at the CR
            if isBreak(scalar) {
                result.append([])
            } else {
                result[result.count - 1].append(scalar)
            }
        }
        return result
    }

    /// 1-based line and column (in scalars) where byte `offset` of UTF-8 `bytes` starts; the
    /// bytes before it must be valid UTF-8 (they are up to the first invalid byte).
    public static func mark(ofByte offset: Int, in bytes: some Collection<UInt8>) -> YAMLMark {
        let lines = lines(of: String(decoding: bytes.prefix(max(0, min(offset, bytes.count))), as: UTF8.self))
        return YAMLMark(line: lines.count, column: lines[lines.count - 1].count + 1)
    }
}
