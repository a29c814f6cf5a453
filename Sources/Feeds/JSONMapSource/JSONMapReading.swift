public import DeparturesCore
import JSONPath

/// An answer read through a `JSONMapping`: the rows, and how well each field matched (what
/// `validate --live` reports, so a user adapting an agency sees which query misses).
public struct JSONMapReading: Sendable {
    public var departures: [Departure]
    /// Nodes the `rows` query selected.
    public var rowCount: Int
    /// Per field, the rows in which one of its queries found a value.
    public var matched: [JSONMapping.Field: Int]
    /// Rows left out, with why: the first few, by their place in the nodelist.
    public var skipped: [(row: Int, reason: String)]
    public var skippedCount: Int
}

extension JSONMapping {
    /// Rows left out are reported up to this many.
    static let reportedSkips = 5

    /// The rows of `root`. A row that cannot be read is left out alone; the whole answer is
    /// refused when `rows` finds nothing where the answer should have a list, or no row at all
    /// can be read (a query that misses everywhere: the first row's reason names it).
    /// `now` bounds the instants: a time more than `horizon` away is no departure to show.
    public func read(_ root: JSONValue, calendar: ServiceDayCalendar, now: Date) throws(DeparturesDataError) -> JSONMapReading {
        let nodes = try rowNodes(root)
        var reading = JSONMapReading(departures: [], rowCount: nodes.count, matched: [:], skipped: [], skippedCount: 0)
        for (index, node) in nodes.enumerated() {
            var row = JSONMapRow(node: node, mapping: self)
            do {
                reading.departures.append(try row.departure(calendar: calendar, now: now))
            } catch {
                reading.skippedCount += 1
                if reading.skipped.count < Self.reportedSkips { reading.skipped.append((index, error.description)) }
            }
            for field in row.found { reading.matched[field, default: 0] += 1 }
        }
        if reading.departures.isEmpty, let first = reading.skipped.first {
            let others = nodes.count > 1 ? " (and in all \(nodes.count) rows nothing could be read)" : ""
            throw DeparturesDataError(path: "row \(first.row)", problem: first.reason + others)
        }
        return reading
    }

    /// The nodes `rows` selects. Nothing selected is an empty board only when the query's
    /// last step had a list or object to look in (`[]` under `$.departures`); otherwise the
    /// answer is not what the mapping expects, and the message says at which step it missed.
    func rowNodes(_ root: JSONValue) throws(DeparturesDataError) -> [JSONValue] {
        let steps: [[JSONValue]]
        do {
            steps = try rows.selectSteps(in: root)
        } catch {
            throw DeparturesDataError(path: "rows \(rows.text)", problem: error.description)
        }
        guard let last = steps.last else {
            // `rows: $`: the answer itself is the one row.
            return [root]
        }
        guard last.isEmpty else { return last }
        let missed = steps.firstIndex(where: \.isEmpty) ?? steps.count - 1
        let before = missed == 0 ? [root] : steps[missed - 1]
        if missed == steps.count - 1, rows.segments[missed].selectors.allSatisfy({ $0 == .wildcard }),
           before.contains(where: { $0.pathElements != nil || $0.pathMembers != nil }) {
            return []
        }
        let found = rows.prefix(missed)
        throw DeparturesDataError(path: "rows \(rows.text)", problem: "matched nothing: \(JSONMapRow.missing(at: rows.prefix(missed + 1), in: before, after: found))")
    }
}

/// One row node read field by field.
struct JSONMapRow {
    let node: JSONValue
    let mapping: JSONMapping
    /// Fields for which one query found a value (not null).
    private(set) var found: Set<JSONMapping.Field> = []

    init(node: JSONValue, mapping: JSONMapping) {
        self.node = node
        self.mapping = mapping
    }

    /// The first non-null value of `field`'s queries; nil when none matches.
    mutating func value(_ field: JSONMapping.Field) throws(JSONMapFieldError) -> JSONValue? {
        for query in mapping.fields[field] ?? [] {
            let matches: [JSONValue]
            do {
                matches = try query.select(in: node)
            } catch {
                throw JSONMapFieldError(field: field, query: query.text, problem: error.description)
            }
            if let value = matches.first(where: { $0 != .null }) {
                found.insert(field)
                return value
            }
        }
        return nil
    }

    /// `field`'s value as text (a number or boolean as JSON writes it); nil when absent.
    mutating func text(_ field: JSONMapping.Field) throws(JSONMapFieldError) -> String? {
        guard let value = try value(field) else { return nil }
        guard let text = value.text else {
            throw fieldError(field, "expected text or a number; got \(Self.describe(value))")
        }
        return text
    }

    mutating func required(_ field: JSONMapping.Field) throws(JSONMapFieldError) -> String {
        guard let text = try text(field) else { throw fieldError(field, "matched nothing in this row") }
        return text
    }

    /// `true`, or a word that says so (`"true"`, `"cancelled"`, `"canceled"`, `"yes"`); nil when absent.
    mutating func flag(_ field: JSONMapping.Field) throws(JSONMapFieldError) -> Bool? {
        guard let value = try value(field) else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string(let text): return ["true", "yes", "cancelled", "canceled"].contains(text.lowercased())
        case .number(let number): return number != 0
        default: throw fieldError(field, "expected true or false; got \(Self.describe(value))")
        }
    }

    func fieldError(_ field: JSONMapping.Field, _ problem: String) -> JSONMapFieldError {
        JSONMapFieldError(field: field, query: mapping.written(field), problem: problem)
    }

    /// Where a query ran out: "nothing at `.stop` in `$.data` (an object with keys: stopPlace)".
    static func missing(at step: JSONPath, in parents: [JSONValue], after found: JSONPath) -> String {
        let shown = parents.prefix(1).map(describe).first ?? "nothing"
        return "\(step.text) found nothing; \(found.text) is \(shown)"
    }

    /// A node in a few words: its kind, and an object's first keys.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number: return "the number \(value.text ?? "")"
        case .string(let text): return "the text \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .array(let items): return "a list of \(items.count)"
        case .object:
            let names = (value.pathMembers ?? []).map(\.name)
            let listed = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
            return names.isEmpty ? "an empty object" : "an object with keys: \(listed)"
        }
    }
}

/// Why a row's field could not be read.
struct JSONMapFieldError: Error, CustomStringConvertible {
    var field: JSONMapping.Field
    var query: String
    var problem: String

    var description: String { "\(JSONMapping.name(field)) \(query): \(problem)" }
}
