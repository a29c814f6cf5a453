/// A problem with a board file, located as precisely as the input allows.
public struct BoardFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the problem is about the file as a whole.
    public var line: Int?
    /// 1-based, counted in Unicode scalars (as libyaml's marks are).
    public var column: Int?
    /// Dotted key path such as "source.kind".
    public var key: String?
    public var message: String
    /// Further problems in the same file, in file order; each printed on its own line.
    public var alsoFound: [BoardFileError] = []
    /// For an unknown key, the key it most likely misspells (`stop_id` for `stopid`): what
    /// `validate` reads it as to go on finding the section's other mistakes.
    public var likelyKey: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    /// "Boards/x.yaml:7:9: source.kind: expected one of demo, api, file; got 'http'", one line
    /// per problem found.
    public var description: String {
        all.map(\.located).joined(separator: "\n")
    }

    /// Every problem, this one first.
    public var all: [BoardFileError] { [withoutOthers] + alsoFound }

    private var withoutOthers: BoardFileError {
        var single = self
        single.alsoFound = []
        return single
    }

    /// This problem alone, as one line.
    private var located: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        if let key { text += ": \(key)" }
        return text + ": " + message
    }
}

/// Input text as echoed in messages: control characters escaped (no terminal tricks in logs)
/// and long values cut short (no giant dumps).
func shown(_ text: String, limit: Int = 60) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit { return result + "…" }
        result += scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        count += 1
    }
    return result
}
