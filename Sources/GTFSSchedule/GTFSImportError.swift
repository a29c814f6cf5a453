#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import SQLite
import ZIPFoundation

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

    public init(file: String, line: Int? = nil, column: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
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

/// An error from Foundation, ZIPFoundation or SQLite in plain words: POSIX errors as their
/// strerror text, never `Error Domain=NSPOSIXErrorDomain Code=…`.
func plainText(_ error: any Error) -> String {
    if let error = error as? GTFSImportError { return error.description }
    if let error = error as? POSIXError { return strerrorText(error.code.rawValue) }
    if let error = error as? Archive.ArchiveError { return archiveText(error) }
    if let error = error as? Data.DataError { return error == .unreadableFile ? "cannot read the zip" : "cannot write an extracted file" }
    // ZIPFoundation keeps its inflate error type internal.
    if String(describing: type(of: error)) == "CompressionError" { return "corrupt compressed data" }
    if let error = error as? SQLiteError { return "SQLite: " + error.message }
    if let error = error as? CocoaError { return cocoaText(error) }
    return String(describing: error)
}

func strerrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}

private func archiveText(_ error: Archive.ArchiveError) -> String {
    switch error {
    case .missingEndOfCentralDirectoryRecord: "not a zip archive, or a truncated one (no end-of-archive record)"
    case .invalidCRC32: "corrupt member (checksum mismatch)"
    case .invalidCompressionMethod: "compressed with a method other than deflate"
    case .invalidEntryPath: "a member name is not valid text"
    case .invalidLocalHeaderDataOffset, .invalidLocalHeaderSize, .invalidCentralDirectoryOffset,
         .invalidCentralDirectorySize, .invalidCentralDirectoryEntryCount, .invalidEntrySize:
        "damaged zip directory"
    default: "unreadable zip archive"
    }
}

/// File errors as Foundation reports them: the POSIX cause where it gives one.
private func cocoaText(_ error: CocoaError) -> String {
    if let underlying = error.underlying as? POSIXError { return strerrorText(underlying.code.rawValue) }
    switch error.code {
    case .fileNoSuchFile, .fileReadNoSuchFile: return strerrorText(ENOENT)
    case .fileReadNoPermission, .fileWriteNoPermission: return strerrorText(EACCES)
    case .fileWriteOutOfSpace: return strerrorText(ENOSPC)
    default: return "file error \(error.code.rawValue)"
    }
}
