import YAMLTree

/// Finds every mistake in a file in one pass of `validate`, not one per run.
///
/// The schema reads each top-level section on its own and reports the first problem of each.
/// To reach the next problem inside a section, the key (or list item) a problem points at is
/// taken out of the tree and the file is read again. A problem that only exists because of
/// such a removal (`source.kind: required` after a bad `kind:` was taken out) is not reported.
enum AllProblems {
    /// More rounds than any hand-written file needs; bounds the work on hostile input.
    static let maxRounds = 64

    /// `dependents`: sections read against another (`display` → `output`): after a key of
    /// the first is taken out, the second's new problems may come from the default and are
    /// not reported.
    static func collect<Result>(
        _ root: YAMLNode, dependents: [String: [String]] = [:],
        reading read: (YAMLNode) -> (value: Result, problems: [BoardFileError])
    ) throws(BoardFileError) -> Result {
        var tree = root
        var reported: [BoardFileError] = []
        var removedKeys: [String] = []
        for _ in 0..<maxRounds {
            let (value, problems) = read(tree)
            let fresh = problems.filter { problem in
                !reported.contains(problem)
                    && !removedKeys.contains { Self.isCausedByRemoving($0, problem: problem, dependents: dependents) }
            }
            if reported.isEmpty && problems.isEmpty { return value }
            reported += fresh
            var progressed = false
            for problem in fresh {
                guard let line = problem.line, let column = problem.column, let key = problem.key else { continue }
                let mark = YAMLMark(line: line, column: column), name = Self.lastComponent(of: key)
                // A misspelt key is read as the one it likely means, so a key that key requires
                // does not stop the section's other mistakes from being found.
                let renamed = problem.likelyKey.map { tree.renameEntry(at: mark, named: name, to: $0) } ?? false
                guard renamed || tree.removeEntry(at: mark, named: name) else { continue }
                removedKeys.append(key)
                progressed = true
            }
            if !progressed { break }
        }
        let ordered = reported.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        var first = ordered[0]
        first.alsoFound = Array(ordered.dropFirst())
        throw first
    }

    /// `source` of `source.kind`; "" at the top level.
    static func parent(of keyPath: String) -> String {
        keyPath.lastIndex(of: ".").map { String(keyPath[..<$0]) } ?? ""
    }

    /// `kind` of `source.kind`, `stops[2]` of `source.stops[2]`.
    static func lastComponent(of keyPath: String) -> String {
        keyPath.split(separator: ".").last.map(String.init) ?? keyPath
    }

    /// `source.kind` taken out makes `source.kind` (required) and `source` complain.
    ///
    /// Within a section, taking a key out may also leave a sibling compared with its default
    /// (`request_timeout` against the default `resource_timeout`: the message names the key
    /// taken out), or leave a required key missing whose name the removed one misspelt
    /// (`bse_url` taken out, `base_url` required).
    static func isCausedByRemoving(_ removed: String, problem: BoardFileError, dependents: [String: [String]] = [:]) -> Bool {
        guard let key = problem.key, !removed.isEmpty else { return false }
        if removed == key || removed.hasPrefix(key + ".") || removed.hasPrefix(key + "[") { return true }
        let removedName = lastComponent(of: removed), name = lastComponent(of: key)
        if parent(of: removed) == parent(of: key)
            && (problem.message.contains(removedName) || Suggestions.distance(removedName.lowercased(), name.lowercased()) <= 2)
        {
            return true
        }
        let removedSection = removed.split(separator: ".").first.map(String.init) ?? removed
        let problemSection = key.split(separator: ".").first.map(String.init) ?? key
        return dependents[removedSection]?.contains(problemSection) ?? false
    }
}

extension YAMLNode {
    /// Renames the mapping entry called `name` whose key starts at `mark` to `newName`, unless
    /// its mapping already has a `newName`.
    mutating func renameEntry(at mark: YAMLMark, named name: String, to newName: String) -> Bool {
        switch self {
        case .scalar:
            return false
        case .sequence(var sequence):
            for index in sequence.items.indices where sequence.items[index].renameEntry(at: mark, named: name, to: newName) {
                self = .sequence(sequence)
                return true
            }
            return false
        case .mapping(var mapping):
            for index in mapping.pairs.indices {
                if mapping.pairs[index].value.renameEntry(at: mark, named: name, to: newName) {
                    self = .mapping(mapping)
                    return true
                }
                guard mapping.pairs[index].key.mark == mark, case .scalar(var scalar) = mapping.pairs[index].key,
                    shown(scalar.value) == name
                else { continue }
                guard !mapping.pairs.contains(where: { $0.key.scalar?.value == newName }) else { return false }
                scalar.value = newName
                mapping.pairs[index].key = .scalar(scalar)
                self = .mapping(mapping)
                return true
            }
            return false
        }
    }

    /// Takes out the mapping entry called `name` whose key or value starts at `mark`, or the
    /// list item that does (`name` then ends in `]`). A problem about a whole section (a
    /// missing key, pointed at the section) matches nothing, so nothing else is taken out.
    mutating func removeEntry(at mark: YAMLMark, named name: String) -> Bool {
        switch self {
        case .scalar:
            return false
        case .sequence(var sequence):
            for index in sequence.items.indices {
                if sequence.items[index].removeEntry(at: mark, named: name) {
                    self = .sequence(sequence)
                    return true
                }
                if sequence.items[index].mark == mark && name.hasSuffix("]") {
                    sequence.items.remove(at: index)
                    self = .sequence(sequence)
                    return true
                }
            }
            return false
        case .mapping(var mapping):
            for index in mapping.pairs.indices {
                if mapping.pairs[index].value.removeEntry(at: mark, named: name) {
                    self = .mapping(mapping)
                    return true
                }
                let pair = mapping.pairs[index]
                if (pair.key.mark == mark || pair.value.mark == mark) && pair.key.scalar.map({ shown($0.value) }) == name {
                    mapping.pairs.remove(at: index)
                    self = .mapping(mapping)
                    return true
                }
            }
            return false
        }
    }
}
