import DeparturesCore
#if canImport(Glibc)
import Glibc
#endif
import SQLite

/// Why an import failed, naming the feed member, line and column where there is one.
///
/// `description` reads like `stop_times.txt line 1234: departure_time: '25:6x:00' is not HH:MM:SS`.
/// It never contains the zip's own path: callers print that once in front
/// (`feed.zip: trips.txt: required file missing from the zip`).
public struct GTFSImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The feed member (`stops.txt`, `rail.zip/stops.txt` inside a nested zip), the store's
    /// path for store errors, or "" for problems with the zip as a whole.
    public var file: String
    /// 1-based line in `file` (the header is line 1); nil for file-level problems.
    public var line: Int?
    public var column: String?
    public var message: String
    /// A stop the board asks for that the feed does not have: the board's to mend, not the feed's.
    public var missingStop: String?

    public init(file: String, line: Int? = nil, column: String? = nil, message: String, missingStop: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.missingStop = missingStop
    }

    public var description: String {
        var text = file
        if let line { text += " line \(line)" }
        if !text.isEmpty { text += ": " }
        if let column { text += "\(column): " }
        return text + message
    }

    static func missingFile(_ name: String) -> GTFSImportError {
        GTFSImportError(file: name, message: "required file missing from the zip")
    }

    static func missingColumn(_ column: String, in file: String) -> GTFSImportError {
        GTFSImportError(file: file, message: "missing required column '\(column)'")
    }
}

/// An error from the system or SQLite in plain words: POSIX errors as their strerror text.
/// (Zip and CSV errors arrive already worded: see FeedArchive.importError.)
func plainText(_ error: any Error) -> String {
    if let error = error as? GTFSImportError { return error.description }
    if let error = error as? POSIXError { return strerrorText(error.code.rawValue) }
    if let error = error as? SQLiteError { return "SQLite: " + error.message }
    return String(describing: error)
}

func strerrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
