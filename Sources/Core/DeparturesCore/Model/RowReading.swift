/// How every source kind that reads an agency's answer row by row treats a row it cannot read
/// (a time out of range, a line with no name): that row is left out alone, with its reason,
/// and the answer is refused only when it had rows and none could be read, the first reason
/// naming why (a mapping or shape that misses everywhere). One corrupt visit never costs a
/// board the other eleven. The project's own API (`DeparturesDecoder`) is stricter on purpose.
public struct RowReading<Row> {
    /// Rows left out are reported up to this many.
    public static var reportedLimit: Int { 5 }

    public private(set) var rows: [Row] = []
    /// The first few rows left out (`reportedLimit`), by their place in the answer.
    public private(set) var leftOut: [(index: Int, problem: DeparturesDataError)] = []
    public private(set) var leftOutCount = 0
    /// Rows offered to `read`, read or not.
    public private(set) var offered = 0

    public init() {}

    /// Reads the row at `index`: nil is a row with nothing to show (no time at all), which is
    /// not a problem; a thrown error leaves this row out and keeps its reason.
    public mutating func read(_ index: Int, _ body: () throws(DeparturesDataError) -> Row?) {
        offered += 1
        do {
            if let row = try body() { rows.append(row) }
        } catch {
            leftOutCount += 1
            if leftOut.count < Self.reportedLimit { leftOut.append((index, error)) }
        }
    }

    /// The rows left out, for a log line: each reported one's path and problem, and how many
    /// more there were; empty when every row was read.
    public var leftOutReport: [String] {
        guard leftOutCount > 0 else { return [] }
        var lines = leftOut.map(\.problem.description)
        if leftOutCount > leftOut.count { lines.append("and \(leftOutCount - leftOut.count) more rows") }
        return lines
    }

    /// The rows read; throws the first row's problem when rows were left out and none was read.
    public func readRows() throws(DeparturesDataError) -> [Row] {
        if rows.isEmpty, var first = leftOut.first?.problem {
            if offered > 1 { first.problem += " (and in all \(offered) rows nothing could be read)" }
            throw first
        }
        return rows
    }
}
