import Foundation
import CSV

/// One GTFS text file read a row at a time, with columns found by header name.
///
/// Rows are numbered as lines (the header is line 1); a quoted field spanning lines
/// would shift the count, which GTFS feeds do not do in practice.
final class CSVTable {
    let name: String
    private let reader: CSVReader
    private let columns: [String: Int]
    private var row: [String] = []
    /// The line of the current row.
    private(set) var line = 1

    init(name: String, path: String) throws(GTFSImportError) {
        self.name = name
        guard let stream = InputStream(fileAtPath: path) else {
            throw GTFSImportError(file: name, message: "cannot open extracted file")
        }
        do {
            reader = try CSVReader(stream: stream, hasHeaderRow: true)
        } catch {
            throw GTFSImportError(file: name, message: "cannot read the header row")
        }
        var columns: [String: Int] = [:]
        for (index, raw) in (reader.headerRow ?? []).enumerated() {
            // CSV.swift drops a BOM at the stream start; strip it again in case the codec kept it.
            var header = raw.hasPrefix("\u{FEFF}") ? String(raw.dropFirst()) : raw
            header = header.trimmingCharacters(in: .whitespaces)
            if columns[header] == nil { columns[header] = index }
        }
        self.columns = columns
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
        while let fields = reader.next() {
            line += 1
            try checkReader()  // a decoding error ends the row early: report it, not the cut row
            if fields.count == 1, fields[0].isEmpty { continue }
            row = fields
            return true
        }
        try checkReader()
        return false
    }

    private func checkReader() throws(GTFSImportError) {
        switch reader.error as? CSVError {
        case nil, .cannotReadFile?:
            // On Linux, CSV.swift meets the end of a file stream as `cannotReadFile`.
            return
        case .unicodeDecoding?:
            throw GTFSImportError(file: name, line: line, message: "not valid UTF-8")
        case let error?:
            throw GTFSImportError(file: name, line: line, message: "unreadable (\(error))")
        }
    }

    /// The field at `index`, "" where the row is short; surrounding spaces dropped.
    subscript(index: Int) -> String {
        guard index < row.count else { return "" }
        let field = row[index]
        guard field.utf8.first == UInt8(ascii: " ") || field.utf8.last == UInt8(ascii: " ") else { return field }
        return field.trimmingCharacters(in: .whitespaces)
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
