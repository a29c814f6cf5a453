import YAMLTree

/// Turns composer errors into short located messages (never the YAML text itself).
enum YAMLErrors {
    static func convert(_ error: YAMLError, text: String, file: String, what: String = "board file") -> BoardFileError {
        switch error {
        case .syntax(let problem, let mark, let context):
            if let tab = tabError(near: mark, text: text, file: file) { return tab }
            let detail = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
            return BoardFileError(
                file: file, line: mark.line, column: mark.column,
                message: "YAML syntax error: \(problem)\(detail)" + queryHint(line: mark.line, text: text))
        case .secondDocument(let mark):
            if let tab = tabError(near: mark, text: text, file: file) { return tab }
            return BoardFileError(
                file: file, line: mark.line, column: mark.column,
                message: "YAML syntax error: a \(what) holds one YAML document; found a second one")
        case .unreadable(let problem, let mark):
            return BoardFileError(file: file, line: mark.line, column: mark.column, message: "YAML syntax error: \(problem)")
        case .duplicateKey(let key, let first, _):
            return duplicate(key.scalar?.value ?? "?", first: first, text: text, file: file)
        case .anchor(_, let mark), .alias(_, let mark):
            let isAlias = if case .alias = error { true } else { false }
            return anchorOrAlias(isAlias: isAlias, line: mark.line, column: mark.column, file: file, what: what, text: text)
        case .tooDeep(let limit, let mark):
            return BoardFileError(
                file: file, line: mark.line, column: mark.column,
                message: "YAML syntax error: lists and mappings nested more than \(limit) deep")
        case .tooLarge:
            return BoardFileError(file: file, message: "\(what) is larger than 1 MiB")
        case .outOfMemory:
            return BoardFileError(file: file, message: "YAML error: Memory error")
        }
    }

    static func anchorOrAlias(isAlias: Bool, line: Int, column: Int, file: String, what: String, text: String) -> BoardFileError {
        let kind = isAlias ? "YAML aliases (*name)" : "YAML anchors (&name)"
        return BoardFileError(
            file: file, line: line, column: column,
            message: "\(kind) are not allowed in \(what)s; write each value out" + queryHint(line: line, text: text))
    }

    /// `kind: json`'s queries hold `[`, `]` and `*`, which YAML reads as a list or an alias
    /// inside `[ … ]` and `{ … }`: where the line has one, say how to write it.
    static func queryHint(line: Int, text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(line - 1) else { return "" }
        let content = lines[line - 1]
        guard content.contains("$.") || content.contains("$[") || content.contains("^.") || content.contains("^[") else { return "" }
        return
            "; a JSONPath query with [ ] or * in a [ … ] list or { … } mapping goes in quotes ('$.a[*]'), or one per line in a block list (- $.a[*])"
    }

    /// libyaml's complaint about tabs is cryptic; say what is wrong instead.
    private static func tabError(near mark: YAMLMark, text: String, file: String) -> BoardFileError? {
        for line in [mark.line, mark.line - 1] {
            if let column = TextScan.tabInIndentation(line: line, of: text) {
                return BoardFileError(
                    file: file, line: line, column: column,
                    message: "YAML syntax error: tab character in indentation; indent with spaces")
            }
        }
        return nil
    }

    /// Located at the second occurrence and named by its parent keys when the indentation
    /// shows them (block mappings); otherwise at the first.
    private static func duplicate(_ key: String, first: YAMLMark, text: String, file: String) -> BoardFileError {
        let found = TextScan.locateDuplicate(of: key, firstLine: first.line, firstColumn: first.column, in: text)
        let keyPath = (found.parentPath + [key]).map { shown($0) }.joined(separator: ".")
        if let second = found.secondLine {
            return BoardFileError(
                file: file, line: second, column: first.column, key: keyPath,
                message: "duplicate key: set on line \(first.line) and again on line \(second)")
        }
        return BoardFileError(
            file: file, line: first.line, column: first.column, key: keyPath,
            message: "duplicate key: set more than once in this mapping")
    }
}
