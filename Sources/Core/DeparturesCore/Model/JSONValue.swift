public import JSONPath

/// Any JSON document as a tree, for sources whose answers have no fixed shape here (SIRI Lite,
/// a `kind: json` mapping): read through FoundationEssentials' decoder, behind the same
/// nesting guard as the departures API's answers.
public indirect enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The tree of `bytes`, or the reason it is not JSON.
    public static func parse(_ bytes: [UInt8]) throws(DeparturesDataError) -> JSONValue {
        try DeparturesDecoder.decodeJSON(JSONValue.self, from: bytes, what: "JSON")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Strings and objects are most of an answer, and each failed probe throws: try them first.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .bool(try container.decode(Bool.self))
        }
    }

    /// The member `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string, or of a number or boolean written as JSON would.
    public var text: String? {
        switch self {
        case .string(let text): return text
        case .number(let number): return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }
}

/// Board files point into answers with JSONPath queries (`kind: json`).
extension JSONValue: JSONPathNode {
    /// Sorted by name: JSON objects have no order, and a query's first match must not change
    /// from one run to the next.
    public var pathMembers: [(name: String, value: JSONValue)]? {
        guard case .object(let members) = self else { return nil }
        return members.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    public var pathElements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public func pathMember(_ name: String) -> JSONValue? { self[name] }
}
