/// Why a CSV stream could not be read; `line` is where the row in question starts.
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var kind: Kind

    public enum Kind: Equatable, Sendable {
        case invalidUTF8
        /// End of input inside a quoted field.
        case unterminatedQuote
        case fieldTooLong(limit: Int)
        case rowTooLong(limit: Int)
        case tooManyFields(limit: Int)
        /// The byte source failed; its own words.
        case source(String)
    }

    public init(line: Int? = nil, _ kind: Kind) {
        self.line = line
        self.kind = kind
    }

    public var message: String {
        switch kind {
        case .invalidUTF8: "not valid UTF-8"
        case .unterminatedQuote: "a quoted field is never closed"
        case .fieldTooLong(let limit): "a field longer than \(limit) bytes (an unclosed quote?)"
        case .rowTooLong(let limit): "a row longer than \(limit) bytes"
        case .tooManyFields(let limit): "more than \(limit) fields in a row"
        case .source(let text): text
        }
    }

    public var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}

/// Caps on one row, so a hostile file (no line breaks, an unclosed quote) costs bounded memory.
public struct CSVLimits: Sendable, Equatable {
    public var maxFieldBytes: Int
    /// Raw bytes of a row, delimiters and quotes included.
    public var maxRowBytes: Int
    public var maxFields: Int
    /// Bytes read from the source at a time.
    public var bufferBytes: Int

    public init(maxFieldBytes: Int = 64 << 10, maxRowBytes: Int = 256 << 10, maxFields: Int = 1_024, bufferBytes: Int = 64 << 10) {
        self.maxFieldBytes = maxFieldBytes
        self.maxRowBytes = maxRowBytes
        self.maxFields = maxFields
        self.bufferBytes = max(4, bufferBytes)
    }

    /// 64 KiB a field, 256 KiB and 1 024 fields a row, read 64 KiB at a time.
    public static let standard = CSVLimits()
}

/// Where a reader's bytes come from: a file, a zip entry, memory.
public protocol CSVByteSource {
    /// Fills up to `buffer.count` bytes; returns 0 only at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVError) -> Int
}

/// Bytes in memory, handed out at most `chunk` at a time (a small chunk exercises the
/// reader's buffer boundaries in tests and fuzzing).
public struct CSVBytes: CSVByteSource {
    private let bytes: [UInt8]
    private let chunk: Int
    private var position = 0

    public init(_ bytes: [UInt8], chunk: Int = .max) {
        self.bytes = bytes
        self.chunk = max(1, chunk)
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVError) -> Int {
        let count = min(buffer.count, chunk, bytes.count - position)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        position += count
        return count
    }
}
