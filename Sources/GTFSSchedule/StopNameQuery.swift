import Foundation

/// Case- and accent-insensitive matching of stop names.
struct StopNameQuery {
    let folded: String
    let raw: String

    init(_ text: String) {
        raw = text.trimmingCharacters(in: .whitespaces)
        folded = Self.fold(raw)
    }

    /// 0 whole name (or exact id or code), 1 name prefix, 2 word prefix, 3 substring; nil: no match.
    func quality(name: String, id: String, code: String?) -> Int? {
        guard !folded.isEmpty else { return 3 }
        if id == raw || code == raw { return 0 }
        let candidate = Self.fold(name)
        guard let range = candidate.range(of: folded) else { return nil }
        if candidate == folded { return 0 }
        if range.lowerBound == candidate.startIndex { return 1 }
        let before = candidate[candidate.index(before: range.lowerBound)]
        return before.isLetter || before.isNumber ? 3 : 2
    }

    /// Compatibility decomposition without combining marks, lowercased; letters that do
    /// not decompose (ß, ø, ł …) spelled the way people type them.
    static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        var folded = String(scalars).lowercased()
        for (letter, spelling) in [("ß", "ss"), ("ø", "o"), ("ł", "l"), ("đ", "d"), ("æ", "ae"), ("œ", "oe"), ("ı", "i")]
        where folded.contains(letter) {
            folded = folded.replacingOccurrences(of: letter, with: spelling)
        }
        return folded
    }
}
