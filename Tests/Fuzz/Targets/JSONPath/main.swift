// Fuzz target: a JSONPath query as a board file writes one (`kind: json`'s `rows:` and
// `fields:`), parsed, written back in canonical form and run over a small tree.
import FuzzSupport
import JSONPath

/// A tree to run queries over: nested objects and arrays, names that need quotes.
indirect enum Tree: JSONPathNode, Equatable {
    case leaf(Int)
    case list([Tree])
    case object([(String, Tree)])

    var pathMembers: [(name: String, value: Tree)]? {
        if case .object(let members) = self { return members.map { (name: $0.0, value: $0.1) } }
        return nil
    }

    var pathElements: [Tree]? {
        if case .list(let items) = self { return items }
        return nil
    }

    func pathMember(_ name: String) -> Tree? {
        if case .object(let members) = self { return members.first { $0.0 == name }?.1 }
        return nil
    }

    static func == (lhs: Tree, rhs: Tree) -> Bool {
        switch (lhs, rhs) {
        case (.leaf(let a), .leaf(let b)): return a == b
        case (.list(let a), .list(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: return false
        }
    }
}

let tree = Tree.object([
    (
        "departures",
        .list([
            .object([("line", .object([("publicCode", .leaf(1))])), ("a b", .leaf(2)), ("2nd-stop", .leaf(3))]),
            .object([("line", .object([("publicCode", .leaf(4))])), ("'q\"", .list([.leaf(5), .leaf(6)]))]),
        ])
    ),
    ("ü", .leaf(7)),
    ("", .list([.list([.list([.leaf(8)])])])),
])

/// Any text parses or says where it fails; a parsed query prints as one that means the same.
func fuzzOne(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let query: JSONPath
    do {
        query = try JSONPath(text)
    } catch {
        precondition(error.offset >= 0 && error.offset <= text.unicodeScalars.count)
        _ = error.description
        return
    }
    let canonical = JSONPath.render(query.segments)
    guard let again = try? JSONPath(canonical) else { preconditionFailure("canonical form does not parse: \(canonical)") }
    precondition(again.segments == query.segments, "canonical form changed the query: \(canonical)")
    // A small visit limit: a query of many descendant segments must stop, not run long.
    let first = Result { () throws(JSONPathBudgetExceeded) in try query.select(in: tree, visitLimit: 5_000) }
    let second = Result { () throws(JSONPathBudgetExceeded) in try again.select(in: tree, visitLimit: 5_000) }
    precondition(first == second)
    if case .success(let nodes) = first, let steps = try? query.selectSteps(in: tree, visitLimit: 5_000) {
        precondition((steps.last ?? [tree]) == nodes)
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
