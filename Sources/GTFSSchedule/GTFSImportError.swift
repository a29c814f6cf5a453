/// Why an import failed, naming the file, line and column where there is one.
///
/// `description` reads like `stop_times.txt line 1234: departure_time: '25:6x:00' is not HH:MM:SS`.
public struct GTFSImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The feed member (`stops.txt`) or, for archive and store errors, the path.
    public var file: String
    /// 1-based line in `file` (the header is line 1); nil for file-level problems.
    public var line: Int?
    public var column: String?
    public var message: String

    public init(file: String, line: Int? = nil, column: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var text = file
        if let line { text += " line \(line)" }
        text += ": "
        if let column { text += "\(column): " }
        return text + message
    }

    static func missingFile(_ name: String, in archive: String) -> GTFSImportError {
        GTFSImportError(file: archive, message: "missing required file \(name)")
    }

    static func missingColumn(_ column: String, in file: String) -> GTFSImportError {
        GTFSImportError(file: file, message: "missing required column '\(column)'")
    }
}
