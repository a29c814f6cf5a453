import CSVStream

/// One GTFS text file read a row at a time, with columns found by header name.
///
/// Reads an extracted file (`init(name:path:)`) or a zip entry as it inflates
/// (`FeedArchive.table`). Rows are numbered by the physical line they start on (the
/// header is line 1), quoted line breaks included.
final class CSVTable {
    let name: String
    private var reader: CSVRowReader
    private let columns: [String: Int]
    /// The line of the current row.
    private(set) var line = 1
    /// Rows read so far, the ones `next(unless:)` skipped included.
    private(set) var rows = 0

    /// Reads the file at `path`, a member extracted from the feed.
    convenience init(name: String, path: String) throws(GTFSImportError) {
        let file: DescriptorBytes
        do {
            file = try DescriptorBytes(path: path)
        } catch {
            throw GTFSImportError(file: name, message: "cannot open extracted file")
        }
        try self.init(name: name, source: file)
    }

    init(name: String, source: some CSVByteSource) throws(GTFSImportError) {
        self.name = name
        reader = CSVRowReader(source: source)
        guard try Self.advance(&reader, name) else {
            throw GTFSImportError(file: name, message: "cannot read the header row")
        }
        var columns: [String: Int] = [:]
        for index in 0..<reader.count {
            // The reader drops a BOM at the start; one left in a header name (a doubled BOM) goes too.
            var header = reader.field(index)
            if header.hasPrefix("\u{FEFF}") { header.removeFirst() }
            header = trimmingSpaces(header)
            if columns[header] == nil { columns[header] = index }
        }
        self.columns = columns
        line = reader.line
    }

    /// The index of a column the file must have.
    func required(_ column: String) throws(GTFSImportError) -> Int {
        guard let index = columns[column] else { throw .missingColumn(column, in: name) }
        return index
    }

    func optional(_ column: String) -> Int? {
        columns[column]
    }

    /// Moves to the next non-blank row; false at the end of the file.
    func next() throws(GTFSImportError) -> Bool {
        guard try Self.advance(&reader, name) else { return false }
        line = reader.line
        rows += 1
        return true
    }

    /// Moves to the next non-blank row that `skip`, shown its fields' bytes, does not
    /// skip; false at the end of the file. The long passes over stop_times.txt leave most
    /// rows this way without making a String of them.
    func next(unless skip: (CSVFields) -> Bool) throws(GTFSImportError) -> Bool {
        guard try Self.advance(&reader, name, unless: skip, counting: &rows) else { return false }
        line = reader.line
        return true
    }

    /// The loop of `next(unless:)` over an `inout` reader: one access to this object's
    /// storage per row returned rather than two per row read.
    private static func advance(
        _ reader: inout CSVRowReader, _ name: String, unless skip: (CSVFields) -> Bool,
        counting rows: inout Int
    ) throws(GTFSImportError) -> Bool {
        while try advance(&reader, name) {
            rows += 1
            if !reader.withFields(skip) { return true }
        }
        return false
    }

    private static func advance(_ reader: inout CSVRowReader, _ name: String) throws(GTFSImportError) -> Bool {
        do {
            return try reader.next()
        } catch {
            // A source's error (a corrupt or oversized zip entry) is about the file, not a line.
            if case .source(let text) = error.kind { throw GTFSImportError(file: name, message: text) }
            throw GTFSImportError(file: name, line: error.line, message: error.message)
        }
    }

    /// The field at `index`, "" where the row is short; surrounding spaces dropped.
    subscript(index: Int) -> String {
        let field = reader.field(index)
        guard field.utf8.first == UInt8(ascii: " ") || field.utf8.last == UInt8(ascii: " ") else { return field }
        return trimmingSpaces(field)
    }

    subscript(index: Int?) -> String? {
        guard let index else { return nil }
        let field = self[index]
        return field.isEmpty ? nil : field
    }

    func fail(_ column: String, _ message: String) -> GTFSImportError {
        GTFSImportError(file: name, line: line, column: column, message: message)
    }

    /// A required, non-empty text field.
    func text(_ index: Int, _ column: String) throws(GTFSImportError) -> String {
        let value = self[index]
        guard !value.isEmpty else { throw fail(column, "is empty") }
        return value
    }

    func wholeNumber(_ index: Int, _ column: String) throws(GTFSImportError) -> Int {
        let value = self[index]
        guard let number = GTFSValues.wholeNumber(value) else { throw fail(column, "'\(value)' is not a whole number") }
        return number
    }

    func optionalWholeNumber(_ index: Int?, _ column: String) throws(GTFSImportError) -> Int? {
        guard let value = self[index] else { return nil }
        guard let number = GTFSValues.wholeNumber(value) else { throw fail(column, "'\(value)' is not a whole number") }
        return number
    }

    /// A non-negative decimal such as `shape_dist_traveled`; nil when blank.
    func optionalDistance(_ index: Int?, _ column: String) throws(GTFSImportError) -> Double? {
        guard let value = self[index] else { return nil }
        guard let number = Double(value), number.isFinite, number >= 0 else {
            throw fail(column, "'\(value)' is not a non-negative number")
        }
        return number
    }

    /// `HH:MM:SS`; nil when blank (non-timepoint rows).
    func time(_ index: Int?, _ column: String) throws(GTFSImportError) -> Int? {
        guard let value = self[index] else { return nil }
        guard let seconds = GTFSValues.seconds(value) else { throw fail(column, "'\(value)' is not HH:MM:SS") }
        return seconds
    }

    func date(_ index: Int, _ column: String) throws(GTFSImportError) -> Int {
        let value = self[index]
        guard let key = GTFSValues.dateKey(value) else { throw fail(column, "'\(value)' is not a YYYYMMDD date") }
        return key
    }
}

/// `text` without leading and trailing spaces and tabs (Unicode Zs: no-break and other
/// spaces too), as feeds pad fields.
func trimmingSpaces(_ text: String) -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
        return ""
    }
    return String(scalars[first...last])
}
