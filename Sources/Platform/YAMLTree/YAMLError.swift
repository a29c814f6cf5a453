/// Why a text could not be composed, located where the reader would look. Problem texts are
/// libyaml's; none of them quotes the input.
public enum YAMLError: Error, Equatable, Sendable {
    /// libyaml's scanner or parser refused the text (`did not find expected key`), with what it
    /// was reading when it stopped (`while parsing a block mapping` and where that began).
    case syntax(problem: String, at: YAMLMark, context: Context?)
    /// A character YAML does not allow in a stream (`control characters are not allowed`).
    case unreadable(problem: String, at: YAMLMark)
    /// A second document (`---` after content); compose reads exactly one.
    case secondDocument(at: YAMLMark)
    /// A key written twice in one mapping. `key` is its first occurrence.
    case duplicateKey(YAMLNode, first: YAMLMark, second: YAMLMark)
    /// Anchors (`&name`) and aliases (`*name`) are refused rather than expanded: expansion
    /// is how a few lines become billions of nodes.
    case anchor(name: String, at: YAMLMark)
    case alias(name: String, at: YAMLMark)
    /// Collections nested deeper than the limit (each open collection counts one).
    case tooDeep(limit: Int, at: YAMLMark)
    /// Input longer than the limit, refused before parsing.
    case tooLarge(bytes: Int, limit: Int)
    case outOfMemory

    public struct Context: Equatable, Sendable {
        public var text: String
        public var mark: YAMLMark

        public init(text: String, mark: YAMLMark) {
            self.text = text
            self.mark = mark
        }
    }

    /// Where the problem is, when it has a place.
    public var mark: YAMLMark? {
        switch self {
        case .syntax(_, let mark, _), .unreadable(_, let mark), .secondDocument(let mark),
            .anchor(_, let mark), .alias(_, let mark), .tooDeep(_, let mark):
            mark
        case .duplicateKey(_, _, let second):
            second
        case .tooLarge, .outOfMemory:
            nil
        }
    }
}

extension YAMLError: CustomStringConvertible {
    /// "3:1: did not find expected key (while parsing a block mapping at 1:1)"
    public var description: String {
        let place = mark.map { "\($0): " } ?? ""
        switch self {
        case .syntax(let problem, _, let context):
            return place + problem + (context.map { " (\($0.text) at \($0.mark))" } ?? "")
        case .unreadable(let problem, _):
            return place + problem
        case .secondDocument:
            return place + "a second document; expected one"
        case .duplicateKey(_, let first, _):
            return place + "duplicate key, first set at \(first)"
        case .anchor(let name, _):
            return place + "anchor &\(name): anchors are not supported"
        case .alias(let name, _):
            return place + "alias *\(name): aliases are not supported"
        case .tooDeep(let limit, _):
            return place + "collections nested more than \(limit) deep"
        case .tooLarge(let bytes, let limit):
            return "input of \(bytes) bytes is over the limit of \(limit)"
        case .outOfMemory:
            return "out of memory"
        }
    }
}
