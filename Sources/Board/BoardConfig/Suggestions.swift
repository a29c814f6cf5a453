/// "Did you mean" hints for misspelt keys.
enum Suggestions {
    /// The closest candidate within distance 2 (optimal string alignment), or a case-insensitive match.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lowered }) { return exact }
        // Long garbage keys cannot be within 2 edits of a short name; skip the O(n*m) work.
        guard word.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = self.distance(lowered, candidate.lowercased())
            if distance <= 2, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Damerau-Levenshtein distance (optimal string alignment variant).
    static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a), t = Array(b)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { table[i][0] = i }
        for j in 0...t.count { table[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[s.count][t.count]
    }

    /// "unknown key; did you mean 'timezone'?" or "unknown key; valid keys are a, b, c".
    static func unknownKeyMessage(_ key: String, validKeys: [String]) -> String {
        if let match = closest(to: key, in: validKeys) {
            return "unknown key; did you mean '\(match)'?"
        }
        guard !validKeys.isEmpty else {
            return "unknown key; set kind first (demo, api, file or gtfs): each kind takes its own keys"
        }
        var listed = ""
        for (index, valid) in validKeys.enumerated() {
            // A GTFS source takes some thirty keys: name the first ones, point to the rest.
            if listed.count + valid.count > listLimit {
                return "unknown key; valid keys are \(listed), and \(validKeys.count - index) more (Boards/README.md lists them all)"
            }
            listed += (listed.isEmpty ? "" : ", ") + valid
        }
        return "unknown key; valid keys are " + listed
    }

    /// Characters of key names in one message, so it stays readable on a terminal.
    static let listLimit = 240

    /// "unknown column 'tme'; did you mean 'time'?" or "…; expected one of a, b, c".
    static func unknownValueMessage(_ value: String, valid: [String]) -> String {
        if let match = closest(to: value, in: valid) {
            return "unknown value '\(shown(value))'; did you mean '\(match)'?"
        }
        return "unknown value '\(shown(value))'; expected one of " + valid.joined(separator: ", ")
    }
}
