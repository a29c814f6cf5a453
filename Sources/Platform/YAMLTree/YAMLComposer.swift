/// Composes YAML text into a `YAMLNode` tree with libyaml's event parser.
public enum YAMLComposer {
    public struct Limits: Sendable, Equatable {
        /// Longer input is refused before libyaml sees it.
        public var maxBytes: Int
        /// Deeper nesting is refused as soon as it opens; it also bounds every recursive walk
        /// over the tree (equality, destruction) in callers.
        public var maxDepth: Int

        public init(maxBytes: Int = 1 << 20, maxDepth: Int = 256) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }
    }

    /// The single document in `text`; nil when there is none (empty, or only comments).
    /// A second document, an anchor or alias, or a key repeated in one mapping is an error.
    public static func compose(_ text: String, limits: Limits = Limits()) throws(YAMLError) -> YAMLNode? {
        let size = text.utf8.count
        guard size <= limits.maxBytes else { throw .tooLarge(bytes: size, limit: limits.maxBytes) }
        let events = try EventReader(text)
        var event = try events.next()
        if event.kind == .streamStart { event = try events.next() }
        guard event.kind == .documentStart else {
            guard event.kind == .streamEnd else { throw unexpected(event) }
            return nil
        }
        var builder = TreeBuilder(maxDepth: limits.maxDepth)
        var root: YAMLNode?
        while root == nil {
            root = try builder.add(events.next())
        }
        event = try events.next()
        guard event.kind == .documentEnd else { throw unexpected(event) }
        event = try events.next()
        guard event.kind == .streamEnd else {
            guard event.kind == .documentStart else { throw unexpected(event) }
            throw .secondDocument(at: event.mark)
        }
        return root
    }

    /// libyaml always nests its events properly; this keeps a broken promise from looping.
    static func unexpected(_ event: Event) -> YAMLError {
        .syntax(problem: "unexpected \(event.kind) event", at: event.mark, context: nil)
    }
}

/// Builds one document's tree from its node events, with an explicit stack (never recursion,
/// whatever the nesting) of the collections still open.
struct TreeBuilder {
    private struct Open {
        var isMapping: Bool
        var tag: String?
        var mark: YAMLMark
        /// Items, or keys and values alternating; each with its structural hash (see KeyIdentity).
        var items: [YAMLNode] = []
        var hashes: [Int] = []
    }

    private var open: [Open] = []
    private let maxDepth: Int

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// Takes the next event of the document; returns the root once it is complete.
    mutating func add(_ event: Event) throws(YAMLError) -> YAMLNode? {
        if let anchor = event.anchor { throw .anchor(name: anchor, at: event.mark) }
        switch event.kind {
        case .alias(let name):
            throw .alias(name: name, at: event.mark)
        case .scalar(let value, let style):
            let scalar = YAMLScalar(value, style: style, tag: event.tag, mark: event.mark)
            return attach(.scalar(scalar), hash: KeyIdentity.hash(of: scalar))
        case .sequenceStart, .mappingStart:
            guard open.count < maxDepth else { throw .tooDeep(limit: maxDepth, at: event.mark) }
            open.append(Open(isMapping: event.kind == .mappingStart, tag: event.tag, mark: event.mark))
            return nil
        case .sequenceEnd, .mappingEnd:
            guard let done = open.popLast() else { throw YAMLComposer.unexpected(event) }
            let hash = KeyIdentity.hash(isMapping: done.isMapping, tag: done.tag, children: done.hashes)
            guard done.isMapping else {
                return attach(.sequence(YAMLSequence(done.items, tag: done.tag, mark: done.mark)), hash: hash)
            }
            let mapping = try Self.mapping(done)
            return attach(.mapping(mapping), hash: hash)
        default:
            throw YAMLComposer.unexpected(event)
        }
    }

    /// Adds a finished node to the innermost open collection, or returns it as the root.
    private mutating func attach(_ node: YAMLNode, hash: Int) -> YAMLNode? {
        guard !open.isEmpty else { return node }
        open[open.count - 1].items.append(node)
        open[open.count - 1].hashes.append(hash)
        return nil
    }

    /// Pairs up a closed mapping's keys and values, refusing repeated keys.
    private static func mapping(_ done: Open) throws(YAMLError) -> YAMLMapping {
        var pairs: [YAMLPair] = []
        pairs.reserveCapacity(done.items.count / 2)
        var keys: [KeyIdentity] = []
        keys.reserveCapacity(done.items.count / 2)
        for index in stride(from: 0, to: done.items.count - 1, by: 2) {
            pairs.append(YAMLPair(key: done.items[index], value: done.items[index + 1]))
            keys.append(KeyIdentity(node: done.items[index], hash: done.hashes[index]))
        }
        if let repeated = KeyIdentity.firstRepeated(in: keys) {
            throw .duplicateKey(repeated.key, first: repeated.key.mark, second: repeated.again)
        }
        return YAMLMapping(pairs, tag: done.tag, mark: done.mark)
    }
}
