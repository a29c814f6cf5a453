/// Names as they are read out: transit abbreviations expanded per language, the board's
/// own screen abbreviations read backwards, and route numbers as riders say them.
struct SpokenWords: Sendable {
    var language: String
    /// Short → long, from the board's `display.abbreviations` (long → short), longest
    /// short form first so `Twn Hl Stn` is not taken for `Stn`.
    var boardExpansions: [(short: String, long: String)]

    init(language: String, screenAbbreviations: [String: String]) {
        self.language = language
        boardExpansions = screenAbbreviations.filter { !$0.value.isEmpty }.map { (short: $0.value, long: $0.key) }
            .sorted { ($0.short.count, $0.short) > ($1.short.count, $1.short) }
    }

    /// English riders say a bus number digit by digit ("three three three"); espeak-ng
    /// would read `333` as a quantity. Other languages read route numbers as numbers.
    func route(_ route: String) -> String {
        guard language == "en", route.count >= 3, route.allSatisfy(\.isASCIIDigit) else { return expand(route) }
        return route.map(String.init).joined(separator: " ")
    }

    /// Every word of `text` with its abbreviation expanded; the rest unchanged. The board's
    /// own short forms come first: they may span words.
    func expand(_ text: String) -> String {
        let text = boardExpansions.reduce(text) { Self.replacingWholeWords($1.short, with: $1.long, in: $0) }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        for (index, word) in words.enumerated() {
            out.append(
                expandWord(
                    word, isFirst: index == 0 || words[index - 1].isEmpty,
                    hasNext: index + 1 < words.count && !words[index + 1].isEmpty))
        }
        return out.joined(separator: " ")
    }

    private func expandWord(_ word: String, isFirst: Bool, hasNext: Bool) -> String {
        // Trailing punctuation stays (`Rd,` → `Road,`); a full stop is the abbreviation's own.
        let core = String(word.reversed().drop(while: { ",;:)".contains($0) }).reversed())
        let tail = String(word.dropFirst(core.count))
        let bare = core.hasSuffix(".") ? String(core.dropLast()) : core
        if let long = Abbreviations.expansion(of: bare, language: language, isFirst: isFirst, hasNext: hasNext) {
            return long + tail
        }
        // German street names: `Hauptstr.` → `Hauptstraße`.
        if language == "de", core.hasSuffix("str."), core.count > 4 {
            return String(core.dropLast(4)) + "straße" + tail
        }
        return word
    }
}

extension SpokenWords {
    /// `text` with each occurrence of `short` that stands as whole words replaced.
    static func replacingWholeWords(_ short: String, with long: String, in text: String) -> String {
        let characters = Array(text), pattern = Array(short)
        guard !pattern.isEmpty, characters.count >= pattern.count else { return text }
        var out: [Character] = []
        var index = 0
        while index < characters.count {
            let end = index + pattern.count
            if end <= characters.count, Array(characters[index..<end]) == pattern,
                index == 0 || !characters[index - 1].isLetterOrDigit,
                end == characters.count || !characters[end].isLetterOrDigit
            {
                out += long
                index = end
            } else {
                out.append(characters[index])
                index += 1
            }
        }
        return String(out)
    }
}

extension Character {
    var isLetterOrDigit: Bool { isLetter || isNumber }

    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// The common transit abbreviations of each language, matched case-sensitively as whole
/// words (with or without their full stop), so `ST` or `Rd` inside a longer word stays.
enum Abbreviations {
    static func expansion(of word: String, language: String, isFirst: Bool, hasNext: Bool) -> String? {
        switch language {
        case "en":
            // `St Leonards`, `St. Kilda`: Saint before a name at the start; `George St`: Street
            // after one. Alone it cannot be told, so it is left as written.
            if word == "St" { return isFirst && hasNext ? "Saint" : (!isFirst ? "Street" : nil) }
            if word == "Dr" { return isFirst && hasNext ? "Doctor" : (!isFirst ? "Drive" : nil) }
            return english[word]
        case "de": return german[word]
        case "fr": return french[word]
        case "es": return spanish[word]
        default: return nil
        }
    }

    static let english: [String: String] = [
        "Stn": "Station", "Sta": "Station", "Rd": "Road", "Ave": "Avenue", "Av": "Avenue",
        "Int'l": "International", "Intl": "International", "Hwy": "Highway", "Pde": "Parade",
        "Sq": "Square", "Ctr": "Centre", "Hosp": "Hospital", "Univ": "University", "Uni": "University",
        "Jct": "Junction", "Mt": "Mount", "Pl": "Place", "Cres": "Crescent", "Blvd": "Boulevard",
        "Bvd": "Boulevard", "Ln": "Lane", "Hts": "Heights", "Nth": "North", "Sth": "South",
        "Arpt": "Airport", "Apt": "Airport", "Cnr": "Corner", "Opp": "Opposite", "Terr": "Terrace",
        "Tce": "Terrace", "Wf": "Wharf", "Stns": "Stations", "Pk": "Park", "Gdns": "Gardens",
    ]

    static let german: [String: String] = [
        "Hbf": "Hauptbahnhof", "Bf": "Bahnhof", "Bhf": "Bahnhof", "U-Bhf": "U-Bahnhof", "S-Bhf": "S-Bahnhof",
        "Str": "Straße", "Pl": "Platz", "Ri": "Richtung", "Flugh": "Flughafen", "Krhs": "Krankenhaus",
        "Zentr": "Zentrum", "St": "Sankt",
    ]

    static let french: [String: String] = [
        "St": "Saint", "Ste": "Sainte", "Av": "Avenue", "Bd": "Boulevard", "Pl": "Place",
        "Pte": "Porte", "Ctre": "Centre", "Univ": "Université", "Hôp": "Hôpital", "Aérop": "Aéroport",
    ]

    static let spanish: [String: String] = [
        "Av": "Avenida", "Avda": "Avenida", "C/": "Calle", "Pza": "Plaza", "Pl": "Plaza",
        "Sta": "Santa", "Sto": "Santo", "Estac": "Estación", "Hosp": "Hospital", "Univ": "Universidad",
        "Gral": "General", "Pº": "Paseo", "Aerop": "Aeropuerto", "Ctra": "Carretera",
    ]
}
