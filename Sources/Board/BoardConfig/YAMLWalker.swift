import YAMLTree

/// The keys one mapping of the schema accepts. Adding a section means adding one of these
/// and reading its values with `Section`'s typed accessors.
struct SectionSchema: Sendable {
    var keys: [String]
    /// The keys worth listing in an unknown-key message, given the mapping's `kind` (the
    /// source section's keys depend on it); nil lists them all.
    var keysForKind: (@Sendable (String?) -> [String])?

    /// Keys refused anywhere with a specific message: secrets must never live in board files.
    static let refusedKeys: [String: String] = [
        "api_key": "put the key in an environment variable (api_key_env) or a file (api_key_file), not in the board file"
    ]
}

/// A mapping checked against a `SectionSchema`: no unknown, refused or duplicate keys.
/// Accessors return nil for absent keys and throw located errors for bad values.
struct Section {
    let file: String
    /// Dotted path of this mapping ("" at the top level).
    let path: String
    /// Where to point errors about the section as a whole (its key, or its first line).
    let mark: YAMLMark?
    private(set) var order: [String] = []
    private var entries: [String: (key: YAMLNode, value: YAMLNode)] = [:]

    init(_ node: YAMLNode, path: String, mark: YAMLMark?, schema: SectionSchema, file: String) throws(BoardFileError) {
        self.file = file
        self.path = path
        self.mark = mark
        guard case .mapping(let mapping) = node else {
            throw Self.error(file, node.mark, path, "expected a mapping; \(Self.got(node))")
        }
        for pair in mapping.pairs {
            let (keyNode, value) = (pair.key, pair.value)
            guard case .scalar(let scalar) = keyNode else {
                throw Self.error(file, keyNode.mark, path.isEmpty ? nil : path, "expected a key name; \(Self.got(keyNode))")
            }
            let name = scalar.value
            let shownName = shown(name)
            let keyPath = path.isEmpty ? shownName : path + "." + shownName
            if let refusal = SectionSchema.refusedKeys[name.lowercased()] {
                throw Self.error(file, keyNode.mark, keyPath, refusal)
            }
            guard schema.keys.contains(name) else {
                var listed = schema.keys
                if let keysForKind = schema.keysForKind {
                    let kind = mapping.pairs.first { $0.key.scalar?.value == "kind" }?.value.scalar?.value
                    listed = keysForKind(kind)
                }
                let likely = Suggestions.closest(to: name, in: schema.keys)
                let suggestion =
                    likely == nil
                    ? Suggestions.unknownKeyMessage(name, validKeys: listed) : Suggestions.unknownKeyMessage(name, validKeys: schema.keys)
                var error = Self.error(file, keyNode.mark, keyPath, suggestion)
                error.likelyKey = likely
                throw error
            }
            if let earlier = entries[name] {
                throw Self.error(
                    file, keyNode.mark, keyPath,
                    "duplicate key: set on line \(earlier.key.mark.line) and again on line \(keyNode.mark.line)")
            }
            entries[name] = (keyNode, value)
            order.append(name)
        }
    }

    func has(_ key: String) -> Bool { entries[key] != nil }
    func keyMark(_ key: String) -> YAMLMark? { entries[key]?.key.mark }
    func valueMark(_ key: String) -> YAMLMark? { entries[key]?.value.mark }
    func keyPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// An error located at `key`'s value (or at the section when the key is absent).
    func error(_ key: String, _ message: String, atKey: Bool = false) -> BoardFileError {
        let located = atKey ? keyMark(key) : valueMark(key)
        return Self.error(file, located ?? mark, keyPath(key), message)
    }

    /// A nested mapping, checked against its own schema.
    func section(_ key: String, schema: SectionSchema) throws(BoardFileError) -> Section? {
        guard let entry = entries[key] else { return nil }
        return try Section(entry.value, path: keyPath(key), mark: entry.key.mark, schema: schema, file: file)
    }

    /// A list of mappings (`stops: [{id: …}, …]`), each checked against `schema` and named
    /// `key[index]` in errors; nil when the key is absent.
    func sectionList(_ key: String, schema: SectionSchema, example: String) throws(BoardFileError) -> [Section]? {
        guard let entry = entries[key] else { return nil }
        guard case .sequence(let sequence) = entry.value else {
            throw error(key, "expected a list such as \(example); \(Self.got(entry.value))")
        }
        var sections: [Section] = []
        for (index, node) in sequence.items.enumerated() {
            sections.append(try Section(node, path: keyPath(key) + "[\(index)]", mark: node.mark, schema: schema, file: file))
        }
        return sections
    }

    /// Any scalar except booleans and nulls, kept exactly as written (so `0123` stays "0123").
    func string(_ key: String) throws(BoardFileError) -> String? {
        guard let value = entries[key]?.value else { return nil }
        guard case .scalar(let scalar) = value, !Self.isBoolOrNull(value) else {
            throw error(key, "expected a string; \(Self.got(value))")
        }
        return scalar.value
    }

    func wholeNumber(_ key: String, in range: ClosedRange<Int>) throws(BoardFileError) -> Int? {
        guard let value = entries[key]?.value else { return nil }
        guard case .scalar(let scalar) = value, !Self.isBoolOrNull(value),
            let number = Self.integer(scalar.value.filter { $0 != "_" })
        else {
            throw error(key, "expected a whole number; \(Self.got(value))")
        }
        guard range.contains(number) else {
            throw error(key, "must be between \(range.lowerBound) and \(range.upperBound); got \(number)")
        }
        return number
    }

    func duration(_ key: String, atLeast minimum: Duration, atMost maximum: Duration? = nil) throws(BoardFileError) -> Duration? {
        guard let value = entries[key]?.value else { return nil }
        guard case .scalar(let scalar) = value, !Self.isBoolOrNull(value) else {
            throw error(key, "expected a duration; \(Self.got(value)); \(Durations.hint)")
        }
        let duration: Duration
        switch Durations.parse(scalar.value, unitRequired: scalar.style != .plain) {
        case .success(let parsed): duration = parsed
        case .failure(let problem): throw error(key, problem.message)
        }
        let shown = Durations.format(duration)
        if let maximum, duration < minimum || duration > maximum {
            throw error(key, "must be between \(Durations.format(minimum)) and \(Durations.format(maximum)); got \(shown)")
        }
        if duration < minimum {
            throw error(key, "must be at least \(Durations.format(minimum)); got \(shown)")
        }
        return duration
    }

    func choice<T: CaseIterable & RawRepresentable>(_ key: String, as type: T.Type) throws(BoardFileError) -> T?
    where T.RawValue == String {
        guard let value = entries[key]?.value else { return nil }
        let options = T.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .scalar(let scalar) = value, !Self.isBoolOrNull(value), let match = T(rawValue: scalar.value) else {
            if case .scalar(let scalar) = value,
                let close = Suggestions.closest(to: scalar.value, in: T.allCases.map(\.rawValue))
            {
                throw error(key, "expected one of \(options); \(Self.got(value)); did you mean '\(close)'?")
            }
            throw error(key, "expected one of \(options); \(Self.got(value))")
        }
        return match
    }

    /// `true` or `false` (YAML's spellings of them).
    func bool(_ key: String) throws(BoardFileError) -> Bool? {
        guard let value = entries[key]?.value else { return nil }
        guard case .scalar(let scalar) = value, scalar.resolvedTag == YAMLTag.bool,
            let parsed = Self.truth(scalar.value)
        else {
            throw error(key, "expected true or false; \(Self.got(value))")
        }
        return parsed
    }

    /// True when `key` is written with nothing after it (`key:` or `key: # …`).
    func isEmptyValue(_ key: String) -> Bool {
        entries[key].map { Self.isEmpty($0.value) } ?? false
    }

    static func isEmpty(_ node: YAMLNode) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.value.isEmpty && scalar.style == .plain && scalar.tag == nil
    }

    /// YAML 1.1's spellings (`yes`, `on`, `y`…): the same words that are never taken as text.
    static func truth(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "y", "on": return true
        case "false", "no", "n", "off": return false
        default: return nil
        }
    }

    /// A value in a free-form mapping, with its own place for errors.
    struct FreeValue {
        let text: String
        let error: (String) -> BoardFileError
    }

    /// A mapping whose keys are data (route names), not schema: string keys to string values.
    /// `whenEmpty` words the problem of an item with no value at all (given the item's name).
    func freeMapping(_ key: String, whenEmpty: ((String) -> String)? = nil) throws(BoardFileError) -> [(String, FreeValue)] {
        guard let value = entries[key]?.value else { return [] }
        guard case .mapping(let mapping) = value else {
            throw error(key, "expected a mapping; \(Self.got(value))")
        }
        var result: [(String, FreeValue)] = []
        var seen: Set<String> = []
        let path = keyPath(key)
        for pair in mapping.pairs {
            let (keyNode, valueNode) = (pair.key, pair.value)
            guard case .scalar(let name) = keyNode, !Self.isBoolOrNull(keyNode) else {
                throw Self.error(file, keyNode.mark, path, "expected a name; \(Self.got(keyNode))")
            }
            let itemPath = path + "." + shown(name.value)
            guard seen.insert(name.value).inserted else {
                throw Self.error(file, keyNode.mark, itemPath, "duplicate key")
            }
            if let whenEmpty, Self.isEmpty(valueNode) {
                throw Self.error(file, valueNode.mark, itemPath, whenEmpty(name.value))
            }
            guard case .scalar(let text) = valueNode, !Self.isBoolOrNull(valueNode) else {
                throw Self.error(file, valueNode.mark, itemPath, "expected a string; \(Self.got(valueNode))")
            }
            let file = file
            result.append(
                (
                    name.value,
                    FreeValue(text: text.value) { message in
                        Self.error(file, valueNode.mark, itemPath, message)
                    }
                ))
        }
        return result
    }

    /// A list of plain scalars (`[route, headsign]`), each with its own place for errors.
    func scalarList(_ key: String, example: String = "[route, headsign, countdown]") throws(BoardFileError) -> [FreeValue]? {
        guard let value = entries[key]?.value else { return nil }
        guard case .sequence(let sequence) = value else {
            throw error(key, "expected a list such as \(example); \(Self.got(value))")
        }
        var items: [FreeValue] = []
        let path = keyPath(key)
        for node in sequence.items {
            guard case .scalar(let scalar) = node, !Self.isBoolOrNull(node) else {
                throw Self.error(file, node.mark, path, "expected a name; \(Self.got(node))")
            }
            let file = file
            items.append(FreeValue(text: scalar.value) { message in Self.error(file, node.mark, path, message) })
        }
        return items
    }

    /// One scalar or a list of them (`departure: $.a` or `departure: [$.a, $.b]`), each with
    /// its own place for errors.
    func scalarOrList(_ key: String, example: String) throws(BoardFileError) -> [FreeValue]? {
        guard let value = entries[key]?.value else { return nil }
        guard case .scalar(let scalar) = value else { return try scalarList(key, example: example) }
        guard !Self.isBoolOrNull(value) else { throw error(key, "expected \(example); \(Self.got(value))") }
        let file = file, path = keyPath(key)
        return [FreeValue(text: scalar.value) { message in Self.error(file, value.mark, path, message) }]
    }

    // MARK: - Helpers

    /// Decimal, or hexadecimal with `0x` (I2C addresses are written `0x3c`).
    static func integer(_ text: String) -> Int? {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") { return Int(lower.dropFirst(2), radix: 16) }
        return Int(text)
    }

    static func error(_ file: String, _ mark: YAMLMark?, _ key: String?, _ message: String) -> BoardFileError {
        BoardFileError(file: file, line: mark?.line, column: mark?.column, key: key, message: message)
    }

    /// Plain `yes`, `off`, `~`, nothing at all, … (YAML 1.1's bools and nulls), or a scalar tagged
    /// `!!bool` or `!!null`: never taken as text, so `name: no` is not a board named "no".
    static func isBoolOrNull(_ node: YAMLNode) -> Bool {
        guard let tag = node.scalar?.resolvedTag else { return false }
        return tag == YAMLTag.bool || tag == YAMLTag.null
    }

    /// "got 'http'", "got a list", ... for messages.
    static func got(_ node: YAMLNode) -> String {
        switch node {
        case .mapping: return "got a mapping"
        case .sequence: return "got a list"
        case .scalar(let scalar):
            switch scalar.resolvedTag {
            case YAMLTag.null: return scalar.value.isEmpty ? "got an empty value" : "got null ('\(shown(scalar.value))')"
            case YAMLTag.bool: return "got the true/false value '\(shown(scalar.value))' (put it in quotes to use it as text)"
            default: return "got '\(shown(scalar.value))'"
            }
        }
    }
}
