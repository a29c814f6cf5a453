/// How far a narrow row may shorten a headsign, in the order the fit ladder takes:
/// first " via …" goes, then the board's abbreviations apply. Each keeps the one before.
enum HeadsignShortening: Int, Comparable, Sendable {
    case whole, withoutVia, abbreviated

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The headsign at this level: "Hornsby via Strathfield" → "Hornsby" → "Hornsby" with
    /// "Station" as "Stn".
    func apply(_ headsign: String, abbreviations: [String: String]) -> String {
        var text = headsign
        if self >= .withoutVia { text = Self.droppingVia(text) }
        if self >= .abbreviated { text = Self.abbreviating(text, abbreviations) }
        return text
    }

    /// Everything from the first " via " (any case) on; a headsign that is only "via …" stays.
    static func droppingVia(_ text: String) -> String {
        let characters = Array(text)
        let lower = characters.map { $0.lowercased() }
        let via = [" ", "v", "i", "a", " "]
        guard characters.count > via.count else { return text }
        for start in 1...(characters.count - via.count) where Array(lower[start..<(start + via.count)]) == via {
            return String(characters[..<start])
        }
        return text
    }

    /// Whole words only, any case ("STATION" too), the longest first so "Street" in "Main
    /// Street" loses to a "Main Street" entry; "Stationery" keeps its letters.
    static func abbreviating(_ text: String, _ abbreviations: [String: String]) -> String {
        guard !abbreviations.isEmpty else { return text }
        let ordered = abbreviations.sorted { $0.key.count != $1.key.count ? $0.key.count > $1.key.count : $0.key < $1.key }
        var characters = Array(text)
        for (word, short) in ordered where !word.isEmpty {
            let target = Array(word.lowercased())
            var index = 0
            while index + target.count <= characters.count {
                let window = characters[index..<(index + target.count)].map { $0.lowercased() }.joined()
                let before = index == 0 || !isWordCharacter(characters[index - 1])
                let afterIndex = index + target.count
                let after = afterIndex == characters.count || !isWordCharacter(characters[afterIndex])
                if before && after && window == String(target) {
                    characters.replaceSubrange(index..<afterIndex, with: Array(short))
                    index += short.count
                } else {
                    index += 1
                }
            }
        }
        return String(characters)
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
