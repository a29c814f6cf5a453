import YAMLTree

/// The tree as one line, every node with its mark: `{a@1:1: [1@1:5]@1:4}@1:1`. Quoted scalars
/// keep their quotes (double-quoted ones Swift-escaped), block scalars show `|` or `>`, tags lead.
func outline(_ node: YAMLNode) -> String {
    let tag = node.tag.map { "\($0) " } ?? ""
    switch node {
    case .scalar(let scalar):
        let text =
            switch scalar.style {
            case .plain: scalar.value
            case .singleQuoted: "'\(scalar.value)'"
            case .doubleQuoted: String(reflecting: scalar.value)
            case .literal: "|" + String(reflecting: scalar.value)
            case .folded: ">" + String(reflecting: scalar.value)
            }
        return "\(tag)\(text)@\(scalar.mark)"
    case .sequence(let sequence):
        return "\(tag)[" + sequence.items.map(outline).joined(separator: ", ") + "]@\(sequence.mark)"
    case .mapping(let mapping):
        let pairs = mapping.pairs.map { outline($0.key) + ": " + outline($0.value) }
        return "\(tag){" + pairs.joined(separator: ", ") + "}@\(mapping.mark)"
    }
}

/// The outline of `text`'s document, "nil" for none, or the error's description.
func composed(_ text: String, limits: YAMLComposer.Limits = YAMLComposer.Limits()) -> String {
    do {
        return try YAMLComposer.compose(text, limits: limits).map(outline) ?? "nil"
    } catch {
        return "error: \(error)"
    }
}

/// The error composing `text` throws, or nil when it composes.
func composeError(_ text: String, limits: YAMLComposer.Limits = YAMLComposer.Limits()) -> YAMLError? {
    do {
        _ = try YAMLComposer.compose(text, limits: limits)
        return nil
    } catch {
        return error
    }
}

func at(_ line: Int, _ column: Int) -> YAMLMark {
    YAMLMark(line: line, column: column)
}
