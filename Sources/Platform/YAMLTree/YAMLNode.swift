/// A place in the input: 1-based line and column, columns counted in Unicode scalars (as
/// an editor's cursor moves), the way libyaml counts them.
public struct YAMLMark: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// One node of a composed document. Every node is written out once in the text: anchors
/// and aliases are refused (see `YAMLComposer`), so no node is shared.
public enum YAMLNode: Sendable, Equatable {
    case scalar(YAMLScalar)
    case sequence(YAMLSequence)
    case mapping(YAMLMapping)

    /// Where the node starts (its tag, when one is written before it).
    public var mark: YAMLMark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .sequence(let sequence): sequence.mark
        case .mapping(let mapping): mapping.mark
        }
    }

    /// The tag written on the node (`!!str`, `!custom`), as libyaml expands it; nil when none.
    public var tag: String? {
        switch self {
        case .scalar(let scalar): scalar.tag
        case .sequence(let sequence): sequence.tag
        case .mapping(let mapping): mapping.tag
        }
    }

    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }
}

public struct YAMLScalar: Sendable, Equatable {
    /// How the scalar was written; quoting decides whether its type is read from its text.
    public enum Style: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The text after unescaping and line folding.
    public var value: String
    public var style: Style
    public var tag: String?
    public var mark: YAMLMark

    public init(_ value: String, style: Style = .plain, tag: String? = nil, mark: YAMLMark) {
        self.value = value
        self.style = style
        self.tag = tag
        self.mark = mark
    }
}

public struct YAMLSequence: Sendable, Equatable {
    public var items: [YAMLNode]
    public var tag: String?
    public var mark: YAMLMark

    public init(_ items: [YAMLNode], tag: String? = nil, mark: YAMLMark) {
        self.items = items
        self.tag = tag
        self.mark = mark
    }
}

/// Keys in document order; the composer guarantees no key appears twice.
public struct YAMLMapping: Sendable, Equatable {
    public var pairs: [YAMLPair]
    public var tag: String?
    public var mark: YAMLMark

    public init(_ pairs: [YAMLPair], tag: String? = nil, mark: YAMLMark) {
        self.pairs = pairs
        self.tag = tag
        self.mark = mark
    }
}

public struct YAMLPair: Sendable, Equatable {
    public var key: YAMLNode
    public var value: YAMLNode
}
