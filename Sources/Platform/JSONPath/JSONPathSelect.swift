/// A JSON tree a query can walk: any document model provides these two views of a node.
public protocol JSONPathNode {
    /// An object's members, in a fixed order (RFC 9535 leaves object order open; a stable
    /// one keeps "the first match" the same on every run); nil for anything but an object.
    var pathMembers: [(name: String, value: Self)]? { get }
    /// An array's elements in order; nil for anything but an array.
    var pathElements: [Self]? { get }
    /// One member by name; nil when absent or not an object.
    func pathMember(_ name: String) -> Self?
}

/// A query that would visit more nodes than it may: `$..*..*` on a large answer.
public struct JSONPathBudgetExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    public var limit: Int
    public var description: String { "visits more than \(limit) nodes" }
}

extension JSONPath {
    /// Nodes visited at most per query, so a descendant query on a hostile answer stays bounded.
    public static let defaultVisitLimit = 2_000_000

    /// The nodelist the query selects from `root`, in RFC 9535's order.
    public func select<Node: JSONPathNode>(
        in root: Node, visitLimit: Int = JSONPath.defaultVisitLimit
    )
        throws(JSONPathBudgetExceeded) -> [Node]
    {
        var budget = Budget(left: visitLimit, limit: visitLimit)
        var nodes = [root]
        for segment in segments where !nodes.isEmpty {
            nodes = try Self.apply(segment, to: nodes, budget: &budget)
        }
        return nodes
    }

    /// The nodelist after each segment in turn: where a query stops matching (the first empty
    /// list) tells a user which step of it found nothing.
    public func selectSteps<Node: JSONPathNode>(
        in root: Node, visitLimit: Int = JSONPath.defaultVisitLimit
    )
        throws(JSONPathBudgetExceeded) -> [[Node]]
    {
        var budget = Budget(left: visitLimit, limit: visitLimit)
        var nodes = [root]
        var steps: [[Node]] = []
        for segment in segments {
            nodes = try Self.apply(segment, to: nodes, budget: &budget)
            steps.append(nodes)
        }
        return steps
    }

    private struct Budget {
        var left: Int
        let limit: Int

        mutating func spend() throws(JSONPathBudgetExceeded) {
            left -= 1
            if left < 0 { throw JSONPathBudgetExceeded(limit: limit) }
        }
    }

    private static func apply<Node: JSONPathNode>(
        _ segment: Segment, to nodes: [Node], budget: inout Budget
    )
        throws(JSONPathBudgetExceeded) -> [Node]
    {
        var selected: [Node] = []
        for node in nodes {
            guard segment.descendants else {
                try choose(segment.selectors, from: node, into: &selected, budget: &budget)
                continue
            }
            // The node, then each node below it, depth first (RFC 9535 section 2.5.2.2: a node
            // before its descendants, an array's elements in order).
            var stack = [node]
            while let next = stack.popLast() {
                try budget.spend()
                try choose(segment.selectors, from: next, into: &selected, budget: &budget)
                if let elements = next.pathElements {
                    stack.append(contentsOf: elements.reversed())
                } else if let members = next.pathMembers {
                    stack.append(contentsOf: members.reversed().map(\.value))
                }
            }
        }
        return selected
    }

    private static func choose<Node: JSONPathNode>(
        _ selectors: [Selector], from node: Node, into selected: inout [Node],
        budget: inout Budget
    ) throws(JSONPathBudgetExceeded) {
        for selector in selectors {
            switch selector {
            case .name(let name):
                if let member = node.pathMember(name) {
                    try budget.spend()
                    selected.append(member)
                }
            case .index(let index):
                guard let elements = node.pathElements else { continue }
                let position = index < 0 ? elements.count + index : index
                if elements.indices.contains(position) {
                    try budget.spend()
                    selected.append(elements[position])
                }
            case .wildcard:
                if let elements = node.pathElements {
                    for element in elements {
                        try budget.spend()
                        selected.append(element)
                    }
                } else if let members = node.pathMembers {
                    for member in members {
                        try budget.spend()
                        selected.append(member.value)
                    }
                }
            }
        }
    }
}
