/// Why an archive or one of its entries could not be read.
///
/// `entry` names the entry where there is one; `kind` says what went wrong, with the numbers
/// a caller needs to word its own message (GTFSSchedule words the size caps for feeds).
public struct ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The entry's name, or nil for a problem with the archive as a whole.
    public var entry: String?
    public var kind: Kind

    public enum Kind: Equatable, Sendable {
        /// The system's reason (`No such file or directory`).
        case cannotOpen(String)
        case notRegularFile
        case readFailed(String)
        /// No end-of-central-directory record: not a zip, or cut short.
        case notZip
        /// The directory or a header contradicts itself or points outside the archive.
        case damaged(String)
        case tooManyEntries(limit: Int)
        case spansDisks
        case encrypted
        case unsupportedMethod(UInt16)
        /// The deflate stream is invalid.
        case corruptData
        /// The compressed data ends before its stream does.
        case truncated
        case checksumMismatch(expected: UInt32, actual: UInt32)
        /// The data's real size differs from the size the central directory gives.
        case sizeMismatch(what: SizeKind, declared: Int64, actual: Int64)
        /// Over `ZipLimits.maxEntryBytes`: `declared` when the header says so, else found while inflating.
        case entryTooLarge(declared: Bool, bytes: Int64, limit: Int64)
        case totalTooLarge(declared: Bool, limit: Int64)
        case ratioTooHigh(declared: Bool, bytes: Int64, compressed: Int64, limit: Int64)
    }

    public enum SizeKind: String, Sendable {
        case compressed, uncompressed
    }

    public init(entry: String? = nil, _ kind: Kind) {
        self.entry = entry
        self.kind = kind
    }

    /// The kind in words, without the entry's name.
    public var message: String {
        switch kind {
        case .cannotOpen(let reason): "cannot open: \(reason)"
        case .notRegularFile: "not a regular file"
        case .readFailed(let reason): "cannot read: \(reason)"
        case .notZip: "not a zip archive, or a truncated one (no end-of-archive record)"
        case .damaged(let detail): "damaged zip directory (\(detail))"
        case .tooManyEntries(let limit): "more than \(limit) entries"
        case .spansDisks: "split over several files (a spanned archive); not supported"
        case .encrypted: "encrypted (password-protected); not supported"
        case .unsupportedMethod(let method): "compressed with method \(method), not deflate or stored; not supported"
        case .corruptData: "corrupt compressed data"
        case .truncated: "compressed data ends early (truncated or corrupt)"
        case .checksumMismatch(let expected, let actual):
            "corrupt member (checksum mismatch: CRC-32 \(hex(actual)), the directory says \(hex(expected)))"
        case .sizeMismatch(let what, let declared, let actual):
            "\(what.rawValue) size is \(actual) bytes, but the directory says \(declared)"
        case .entryTooLarge(let declared, let bytes, let limit):
            declared
                ? "declares \(bytes) bytes uncompressed, over the \(limit) byte limit for one entry"
                : "expands to more than the \(limit) byte limit for one entry"
        case .totalTooLarge(let declared, let limit):
            "the archive \(declared ? "declares" : "expands to") more than the \(limit) byte total limit"
        case .ratioTooHigh(let declared, let bytes, let compressed, let limit):
            declared
                ? "declares \(bytes) bytes from \(compressed) compressed, over the \(limit):1 ratio limit"
                : "expands to more than \(limit) times its compressed \(compressed) bytes, over the \(limit):1 ratio limit"
        }
    }

    public var description: String {
        entry.map { "\($0): \(message)" } ?? message
    }
}

private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
}
