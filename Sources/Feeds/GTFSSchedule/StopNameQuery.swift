// The standard library's canonical decomposition (`_nfd`), so name matching needs neither
// Foundation nor ICU.
@_spi(_Unicode) import Swift

/// Case- and accent-insensitive matching of stop names.
struct StopNameQuery {
    let folded: String
    let raw: String

    init(_ text: String) {
        raw = Self.trimmingSpaces(text)
        folded = Self.fold(raw)
    }

    /// 0 whole name (or exact id or code), 1 name prefix, 2 word prefix, 3 substring; nil: no match.
    func quality(name: String, id: String, code: String?) -> Int? {
        guard !folded.isEmpty else { return 3 }
        if id == raw || code == raw { return 0 }
        let candidate = Self.fold(name)
        guard let range = candidate.firstRange(of: folded) else { return nil }
        if candidate == folded { return 0 }
        if range.lowerBound == candidate.startIndex { return 1 }
        let before = candidate[candidate.index(before: range.lowerBound)]
        return before.isLetter || before.isNumber ? 3 : 2
    }

    /// Decomposed without combining marks, lowercased; full-width forms and ligatures as
    /// their plain letters; letters that do not decompose (ß, ø, ł …) spelled the way
    /// people type them.
    static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text._nfd where scalar.properties.generalCategory != .nonspacingMark {
            appendCompatibilityForm(of: scalar, to: &scalars)
        }
        var folded = String(scalars).lowercased()
        for (letter, spelling) in [("ß", "ss"), ("ø", "o"), ("ł", "l"), ("đ", "d"), ("æ", "ae"), ("œ", "oe"), ("ı", "i")]
        where folded.firstRange(of: letter) != nil {
            folded = folded.replacing(letter, with: spelling)
        }
        return folded
    }

    /// The few compatibility decompositions that turn up in typed names: full-width ASCII
    /// (as East Asian input methods type it) and the Latin ligatures.
    private static func appendCompatibilityForm(of scalar: Unicode.Scalar, to scalars: inout String.UnicodeScalarView) {
        switch scalar.value {
        case 0xFF01...0xFF5E:
            scalars.append(Unicode.Scalar(UInt8(scalar.value - 0xFEE0)))
        case 0x3000:
            scalars.append(" ")
        case 0xFB00...0xFB06:
            scalars.append(contentsOf: ["ff", "fi", "fl", "ffi", "ffl", "st", "st"][Int(scalar.value - 0xFB00)].unicodeScalars)
        default:
            scalars.append(scalar)
        }
    }

    /// Without leading and trailing spaces and tabs (any Unicode space separator).
    private static func trimmingSpaces(_ text: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        return String(scalars)
    }
}
