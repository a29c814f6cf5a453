import SystemFiles

/// A JSONPath query (RFC 9535) of the subset board files use to point into an agency's
/// answer: the root `$`, child segments `.name`, `.*`, `['name']`, `["name"]`, `[n]`, `[-n]`,
/// `[*]` and lists of those (`['a', 0]`), and the descendant segment `..` before any of them.
/// Slices and filters are refused with a message saying so.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public enum Selector: Sendable, Equatable {
        case name(String)
        /// Negative indexes count from the end (`[-1]` is the last element).
        case index(Int)
        case wildcard
    }

    public struct Segment: Sendable, Equatable {
        public var selectors: [Selector]
        /// `..`: the selectors apply to the node and every node below it.
        public var descendants: Bool

        public init(_ selectors: [Selector], descendants: Bool = false) {
            self.selectors = selectors
            self.descendants = descendants
        }
    }

    public let segments: [Segment]
    /// The query as written, for messages.
    public let text: String

    public var description: String { text }

    /// The query `text`, or where and why it is not one the subset reads.
    public init(_ text: String) throws(JSONPathSyntaxError) {
        self.text = text
        var parser = JSONPathParser(text)
        self.segments = try parser.parse()
    }

    /// `$`: the whole document.
    public static let root = JSONPath(segments: [], text: "$")

    /// The query's first `count` segments (`$.a.b[*]` → `$.a.b` for 2), to say where a
    /// query stopped matching.
    public func prefix(_ count: Int) -> JSONPath {
        JSONPath(segments: Array(segments.prefix(count)), text: JSONPath.render(segments.prefix(count)))
    }

    private init(segments: [Segment], text: String) {
        self.segments = segments
        self.text = text
    }

    /// The canonical text of `segments`: shorthand where RFC 9535 allows it, brackets elsewhere.
    public static func render(_ segments: some Sequence<Segment>) -> String {
        var text = "$"
        for segment in segments {
            if segment.descendants { text += ".." }
            if segment.selectors.count == 1, let only = segment.selectors.first {
                switch only {
                case .wildcard:
                    text += segment.descendants ? "*" : ".*"
                    continue
                case .name(let name) where JSONPathParser.isShorthandName(name):
                    text += (segment.descendants ? "" : ".") + name
                    continue
                default: break
                }
            }
            text += "[" + segment.selectors.map(render).joined(separator: ",") + "]"
        }
        return text
    }

    private static func render(_ selector: Selector) -> String {
        switch selector {
        case .wildcard: return "*"
        case .index(let index): return String(index)
        // RFC 9535 reads a double-quoted name with JSON's escapes: one escaping rule for both.
        case .name(let name): return JSONString.quoted(name)
        }
    }
}

/// Where a query text breaks the grammar: `offset` counts characters from its start.
public struct JSONPathSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "at character \(offset + 1): \(message)" }
}
