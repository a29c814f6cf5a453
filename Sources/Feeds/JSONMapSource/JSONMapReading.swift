public import DeparturesCore
import JSONPath

/// An answer read through a `JSONMapping`: the rows, and how well each field matched (what
/// `validate --live` reports, so a user adapting an agency sees which query misses).
public struct JSONMapReading: Sendable {
    public var departures: [Departure]
    /// Nodes the `rows` queries selected.
    public var rowCount: Int
    /// Per field, the rows in which one of its queries found a value.
    public var matched: [JSONMapping.Field: Int]
    /// Rows left out, with why: the first few, by their place in the nodelist.
    public var skipped: [(row: Int, reason: String)]
    public var skippedCount: Int
    /// The same, as a log line's parts (`RowReading.leftOutReport`).
    public var leftOut: [String]
}

extension JSONMapping {
    /// The rows of `root`, as `RowReading` reads any answer's rows; the whole answer is also
    /// refused when `rows` finds nothing where the answer should have a list.
    /// `now` bounds the instants: a time more than `horizon` away is no departure to show.
    public func read(_ root: JSONValue, calendar: ServiceDayCalendar, now: Date) throws(DeparturesDataError) -> JSONMapReading {
        let nodes = try rowNodes(root)
        var rows = RowReading<Departure>()
        var matched: [JSONMapping.Field: Int] = [:]
        for (index, node) in nodes.enumerated() {
            var row = JSONMapRow(node: node.row, groups: node.groups, mapping: self)
            rows.read(index) { () throws(DeparturesDataError) in
                do throws(JSONMapFieldError) {
                    return try row.departure(calendar: calendar, now: now)
                } catch {
                    throw DeparturesDataError(path: "row \(index)", problem: error.description)
                }
            }
            // Every mapped field counted, even those the row never asked for (a failed row's rest).
            for field in fields.keys where !row.asked.contains(field) { _ = try? row.value(field) }
            for field in row.foundBy.keys { matched[field, default: 0] += 1 }
        }
        return JSONMapReading(
            departures: try rows.readRows(), rowCount: nodes.count, matched: matched,
            skipped: rows.leftOut.map { ($0.index, $0.problem.problem) }, skippedCount: rows.leftOutCount,
            leftOut: rows.leftOutReport)
    }

    /// The rows, each with the nodes its nested `rows` queries ran on (innermost first, the
    /// answer last), for `^` queries. A query that selects nothing is an empty board only
    /// where its last step had a list or object to look in (`[]` under `$.departures`);
    /// otherwise the answer is not what the mapping expects, and the message says at which
    /// step it missed.
    func rowNodes(_ root: JSONValue) throws(DeparturesDataError) -> [(row: JSONValue, groups: [JSONValue])] {
        var current: [(row: JSONValue, groups: [JSONValue])] = [(root, [])]
        for (level, query) in rows.enumerated() {
            let name = rows.count == 1 ? "rows \(query.text)" : "rows[\(level)] \(query.text)"
            var next: [(row: JSONValue, groups: [JSONValue])] = []
            var foundAList = false
            var miss: (node: JSONValue, steps: [[JSONValue]])?
            for (node, groups) in current {
                let steps: [[JSONValue]]
                do {
                    steps = try query.selectSteps(in: node)
                } catch {
                    throw DeparturesDataError(path: name, problem: error.description)
                }
                // `$`: the node itself is the one row.
                let selected = steps.last ?? [node]
                if !selected.isEmpty {
                    next += selected.map { ($0, [node] + groups) }
                } else if Self.isEmptyList(query, steps: steps, node: node) {
                    foundAList = true
                } else if miss == nil {
                    miss = (node, steps)
                }
            }
            if next.isEmpty, !foundAList, let miss {
                let missed = miss.steps.firstIndex(where: \.isEmpty) ?? 0
                let before = missed == 0 ? [miss.node] : miss.steps[missed - 1]
                let within = level == 0 ? "" : " in any of the \(current.count) nodes of rows[\(level - 1)]"
                throw DeparturesDataError(
                    path: name,
                    problem: "matched nothing\(within): "
                        + JSONMapRow.missing(at: query.prefix(missed + 1), in: before, after: query.prefix(missed)))
            }
            current = next
        }
        return current
    }

    /// The query's last step is a wildcard over a list or object that is there but empty.
    private static func isEmptyList(_ query: JSONPath, steps: [[JSONValue]], node: JSONValue) -> Bool {
        guard let last = query.segments.last, steps.firstIndex(where: \.isEmpty) == steps.count - 1,
            last.selectors.allSatisfy({ $0 == .wildcard })
        else { return false }
        let before = steps.count >= 2 ? steps[steps.count - 2] : [node]
        return before.contains { $0.pathElements != nil || $0.pathMembers != nil }
    }
}

/// One row node read field by field.
struct JSONMapRow {
    let node: JSONValue
    /// The nodes the nested `rows` queries ran on, innermost first: what `^`, `^^`… read.
    let groups: [JSONValue]
    let mapping: JSONMapping
    /// Fields looked up so far, found or not.
    private(set) var asked: Set<JSONMapping.Field> = []
    /// The query that found each field's value (not null).
    private(set) var foundBy: [JSONMapping.Field: JSONMapping.Query] = [:]

    init(node: JSONValue, groups: [JSONValue], mapping: JSONMapping) {
        self.node = node
        self.groups = groups
        self.mapping = mapping
    }

    /// The first non-null value of `field`'s queries; nil when none matches.
    mutating func value(_ field: JSONMapping.Field) throws(JSONMapFieldError) -> JSONValue? {
        asked.insert(field)
        for query in mapping.fields[field] ?? [] {
            guard query.levelsUp == 0 || groups.indices.contains(query.levelsUp - 1) else { continue }
            let matches: [JSONValue]
            do {
                matches = try query.path.select(in: query.levelsUp == 0 ? node : groups[query.levelsUp - 1])
            } catch {
                throw JSONMapFieldError(field: field, query: query.text, problem: error.description)
            }
            if let value = matches.first(where: { $0 != .null }) {
                foundBy[field] = query
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

    func fieldError(_ field: JSONMapping.Field, _ problem: String) -> JSONMapFieldError {
        JSONMapFieldError(field: field, query: mapping.written(field), problem: problem)
    }

    /// Where a query ran out: "$.data.stop found nothing; $.data is an object with keys: stopPlace".
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
