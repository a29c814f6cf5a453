/// A mapping key as YAML compares keys: same kind, same resolved tag, same content; marks
/// and quoting do not count, so `a` and `"a"` are the same key while `1` (an int) and `"1"`
/// (a string) are not.
///
/// Each node's hash is computed once, when the node is complete, from its children's hashes;
/// so no key is ever hashed by walking it, however deeply keys nest inside keys.
struct KeyIdentity: Hashable {
    let node: YAMLNode
    let hash: Int

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    static func == (lhs: KeyIdentity, rhs: KeyIdentity) -> Bool {
        lhs.hash == rhs.hash && sameKey(lhs.node, rhs.node)
    }

    static func hash(of scalar: YAMLScalar) -> Int {
        var hasher = Hasher()
        hasher.combine(0)
        hasher.combine(scalar.resolvedTag)
        hasher.combine(scalar.value)
        return hasher.finalize()
    }

    static func hash(isMapping: Bool, tag: String?, children: [Int]) -> Int {
        var hasher = Hasher()
        hasher.combine(isMapping ? 2 : 1)
        hasher.combine(collectionTag(tag, isMapping: isMapping))
        hasher.combine(children)
        return hasher.finalize()
    }

    /// The repeated key to report, with where it appears again; nil when all keys differ.
    /// With several repeated keys, the alphabetically first scalar one (as before this
    /// composer existed, so messages did not change).
    static func firstRepeated(in keys: [KeyIdentity]) -> (key: YAMLNode, again: YAMLMark)? {
        var firstIndex: [KeyIdentity: Int] = [:]
        var repeats: [(key: YAMLNode, again: YAMLMark)] = []
        var reported: Set<Int> = []
        for (index, key) in keys.enumerated() {
            if let first = firstIndex[key] {
                if reported.insert(first).inserted { repeats.append((keys[first].node, key.node.mark)) }
            } else {
                firstIndex[key] = index
            }
        }
        return repeats.min { a, b in
            switch (a.key.scalar, b.key.scalar) {
            case (let lhs?, let rhs?): lhs.value < rhs.value
            case (.some, nil): true
            default: false
            }
        }
    }

    private static func sameKey(_ lhs: YAMLNode, _ rhs: YAMLNode) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a), .scalar(let b)):
            return a.value == b.value && a.resolvedTag == b.resolvedTag
        case (.sequence(let a), .sequence(let b)):
            return collectionTag(a.tag, isMapping: false) == collectionTag(b.tag, isMapping: false)
                && a.items.count == b.items.count && zip(a.items, b.items).allSatisfy(sameKey)
        case (.mapping(let a), .mapping(let b)):
            return collectionTag(a.tag, isMapping: true) == collectionTag(b.tag, isMapping: true)
                && a.pairs.count == b.pairs.count
                && zip(a.pairs, b.pairs).allSatisfy { sameKey($0.key, $1.key) && sameKey($0.value, $1.value) }
        default:
            return false
        }
    }

    /// A collection's tag: as written, or `seq`/`map` when none (or the non-specific `!`).
    private static func collectionTag(_ tag: String?, isMapping: Bool) -> String {
        guard let tag, tag != "!" else { return isMapping ? YAMLTag.map : YAMLTag.seq }
        return tag
    }
}
