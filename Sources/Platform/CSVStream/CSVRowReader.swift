/// Reads RFC 4180 CSV a row at a time from any byte stream, holding one buffer and the
/// current row, so a file of millions of rows costs the same memory as one of ten.
///
/// - Fields are separated by commas; a field that starts with `"` is quoted: it may hold
///   commas, line breaks and `""` for a quote. Text after a closing quote runs on as plain
///   text up to the next comma (`"Central" Station` reads `Central Station`); a quote
///   inside an unquoted field is an ordinary character.
/// - Rows end at CRLF, LF or a lone CR; the last row needs no line end.
/// - A UTF-8 byte order mark at the start is dropped; rows that are one empty field (blank
///   lines) are skipped unless `skipsBlankLines` is false.
/// - Rows may have any number of fields (ragged rows are the caller's business); every
///   field must be valid UTF-8.
///
/// `line` counts physical lines, so a row after a quoted line break still gets its own.
public struct CSVRowReader {
    public let limits: CSVLimits
    public let skipsBlankLines: Bool
    /// The line where the current row starts (1-based); 0 before the first row.
    public private(set) var line = 0

    private var source: any CSVByteSource
    private var buffer: [UInt8]
    private var position = 0, filled = 0
    private var sourceEnded = false, checkedBOM = false
    /// The last row ended with CR: a LF right after it belongs to that line end.
    private var skipLF = false
    private var nextLine = 1
    /// The current row: its fields' bytes, and where each field ends. A row read by the
    /// plain-line scan keeps its commas, so its next field starts one byte later (`gap` 1).
    private var rowBytes: [UInt8] = []
    private var fieldEnds: [Int] = []
    private var gap = 0
    /// A plain line's bytes were all ASCII: its UTF-8 needs no check.
    private var plainASCII = false
    /// Reads a line without quotes whose end is in the buffer in one scan (most rows of most
    /// files) instead of byte by byte through the state machine; off, every row takes the
    /// state machine (tests and fuzzing compare the two).
    package var scansPlainLines = true

    public init(source: some CSVByteSource, limits: CSVLimits = .standard, skipsBlankLines: Bool = true) {
        self.source = source
        self.limits = limits
        self.skipsBlankLines = skipsBlankLines
        buffer = [UInt8](repeating: 0, count: limits.bufferBytes)
    }

    /// Reads CSV held in memory (tests, fuzzing).
    public init(bytes: [UInt8], limits: CSVLimits = .standard, skipsBlankLines: Bool = true) {
        self.init(source: CSVBytes(bytes), limits: limits, skipsBlankLines: skipsBlankLines)
    }

    /// Fields in the current row.
    public var count: Int { fieldEnds.count }

    /// The field at `index` of the current row; "" past the row's end.
    public func field(_ index: Int) -> String {
        guard index >= 0, index < fieldEnds.count else { return "" }
        return String(decoding: rowBytes[range(index)], as: UTF8.self)
    }

    /// The field's bytes, without making a String.
    public func fieldBytes(_ index: Int) -> ArraySlice<UInt8> {
        guard index >= 0, index < fieldEnds.count else { return [] }
        return rowBytes[range(index)]
    }

    public var fields: [String] { (0..<count).map(field) }

    /// The current row's fields as bytes for `body`, without making Strings or copying: for
    /// callers that look at a field or two of each row before reading any of it as text.
    public func withFields<R>(_ body: (CSVFields) -> R) -> R {
        rowBytes.withUnsafeBytes { bytes in
            fieldEnds.withUnsafeBufferPointer { ends in body(CSVFields(bytes: bytes, ends: ends, gap: gap)) }
        }
    }

    /// Moves to the next row; false at the end of the input.
    public mutating func next() throws(CSVError) -> Bool {
        while try readRow() {
            if skipsBlankLines, fieldEnds.count == 1, rowBytes.isEmpty { continue }
            // Every field is checked, read or not, so a bad byte anywhere in a row fails it.
            if !plainASCII, rowBytes.contains(where: { $0 >= 0x80 }) {
                for index in fieldEnds.indices where String(validating: rowBytes[range(index)], as: UTF8.self) == nil {
                    throw CSVError(line: line, .invalidUTF8)
                }
            }
            return true
        }
        return false
    }

    private func range(_ index: Int) -> Range<Int> {
        CSVFields.range(index, ends: fieldEnds, gap: gap)
    }

    private enum State {
        case fieldStart, unquoted, quoted, closingQuote
    }

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
    private static let specialBytes: UInt64 = 1 << comma | 1 << quote | 1 << cr | 1 << lf

    /// Reads one raw row into `rowBytes` and `fieldEnds`; false when the input has no more.
    private mutating func readRow() throws(CSVError) -> Bool {
        rowBytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
        (gap, plainASCII) = (0, false)
        if !checkedBOM { try dropBOM() }
        line = nextLine
        if scansPlainLines, readPlainLine() { return true }
        var state = State.fieldStart, started = false, rawBytes = 0, previousCR = false
        while true {
            if position == filled {
                guard try fill() else {
                    if state == .quoted { throw CSVError(line: line, .unterminatedQuote) }
                    guard started else { return false }
                    try endField()
                    return true
                }
            }
            if skipLF {
                skipLF = false
                if buffer[position] == Self.lf {
                    position += 1
                    continue
                }
            }
            started = true
            switch state {
            case .fieldStart where buffer[position] == Self.quote:
                position += 1
                rawBytes += 1
                state = .quoted
                previousCR = false
            case .fieldStart, .unquoted:
                state = .unquoted
                let stop = scanUnquoted()
                rawBytes += try take(upTo: stop, rawBytes: rawBytes)
                guard position < filled else { continue }
                let byte = buffer[position]
                position += 1
                rawBytes += 1
                try endField()
                if byte == Self.comma {
                    state = .fieldStart
                    continue
                }
                nextLine += 1
                skipLF = byte == Self.cr
                return true
            case .quoted:
                let (stop, breaks) = scanQuoted(previousCR: &previousCR)
                nextLine += breaks
                rawBytes += try take(upTo: stop, rawBytes: rawBytes)
                guard position < filled else { continue }
                position += 1
                rawBytes += 1
                state = .closingQuote
            case .closingQuote:
                // `""` is a quote; anything else closed the quoted part.
                state = .unquoted
                if buffer[position] == Self.quote {
                    rowBytes.append(Self.quote)
                    position += 1
                    rawBytes += 1
                    state = .quoted
                    previousCR = false
                }
            }
        }
    }

    /// Appends `buffer[position..<stop]` to the current field and returns its length, after
    /// checking the caps.
    private mutating func take(upTo stop: Int, rawBytes: Int) throws(CSVError) -> Int {
        let count = stop - position
        rowBytes.append(contentsOf: buffer[position..<stop])
        position = stop
        if rowBytes.count - (fieldEnds.last ?? 0) > limits.maxFieldBytes {
            throw CSVError(line: line, .fieldTooLong(limit: limits.maxFieldBytes))
        }
        if rawBytes + count > limits.maxRowBytes { throw CSVError(line: line, .rowTooLong(limit: limits.maxRowBytes)) }
        return count
    }

    private mutating func endField() throws(CSVError) {
        guard fieldEnds.count < limits.maxFields else { throw CSVError(line: line, .tooManyFields(limit: limits.maxFields)) }
        fieldEnds.append(rowBytes.count)
    }

    /// The first comma or line end at or after `position`, or `filled`.
    private func scanUnquoted() -> Int {
        buffer.withUnsafeBufferPointer { bytes in
            var index = position
            while index < filled {
                let byte = bytes[index]
                if byte == Self.comma || byte == Self.cr || byte == Self.lf { break }
                index += 1
            }
            return index
        }
    }

    /// The first quote at or after `position`, or `filled`, and the line breaks before it
    /// (CRLF counted once, also across buffer refills).
    private func scanQuoted(previousCR: inout Bool) -> (stop: Int, breaks: Int) {
        var afterCR = previousCR
        let result = buffer.withUnsafeBufferPointer { bytes in
            var index = position, breaks = 0
            while index < filled {
                let byte = bytes[index]
                if byte == Self.quote { break }
                if byte == Self.cr || (byte == Self.lf && !afterCR) { breaks += 1 }
                afterCR = byte == Self.cr
                index += 1
            }
            return (index, breaks)
        }
        previousCR = afterCR
        return result
    }

    /// Reads the row at `position` when it has no quote and its line end is in the buffer,
    /// splitting it at commas in one scan; false, with nothing consumed but a pending LF, for
    /// any other row, and for one over a cap (the state machine then reports which).
    private mutating func readPlainLine() -> Bool {
        if skipLF, position < filled {
            skipLF = false
            if buffer[position] == Self.lf { position += 1 }
        }
        guard !skipLF else { return false }
        var ends: [Int] = []
        swap(&ends, &fieldEnds)  // filled while the buffer is borrowed
        defer { swap(&ends, &fieldEnds) }
        let start = position, limits = limits
        let end = start + min(filled - start, limits.maxRowBytes + 1)
        let (lineEnd, bits) = buffer.withUnsafeBufferPointer { bytes -> (Int?, UInt8) in
            var fieldStart = start, bits: UInt8 = 0
            for index in start..<end {
                let byte = bytes[index]
                bits |= byte
                // One test for the four bytes that matter, all below 64: a bit of a mask.
                guard byte < 64, Self.specialBytes >> UInt64(byte) & 1 != 0 else { continue }
                if byte == Self.quote { return (nil, bits) }
                guard index - fieldStart <= limits.maxFieldBytes, ends.count < limits.maxFields else { return (nil, bits) }
                ends.append(index - start)
                if byte != Self.comma { return (index, bits) }
                fieldStart = index + 1
            }
            return (nil, bits)
        }
        guard let lineEnd else {
            ends.removeAll(keepingCapacity: true)
            return false
        }
        rowBytes.append(contentsOf: buffer[start..<lineEnd])
        (gap, plainASCII) = (1, bits < 0x80)
        skipLF = buffer[lineEnd] == Self.cr
        position = lineEnd + 1
        nextLine += 1
        return true
    }

    private mutating func dropBOM() throws(CSVError) {
        checkedBOM = true
        while filled - position < 3, try fill() {}
        if filled - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF {
            position += 3
        }
    }

    /// Moves unread bytes to the front and reads more after them; false at the source's end.
    private mutating func fill() throws(CSVError) -> Bool {
        guard !sourceEnded else { return false }
        if position > 0 {
            buffer.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[position..<filled])) }
            filled -= position
            position = 0
        }
        guard filled < buffer.count else { return true }
        // Swapped out so the source can be mutated while its destination is borrowed.
        var storage: [UInt8] = []
        swap(&storage, &buffer)
        defer { swap(&storage, &buffer) }
        let start = filled
        let count = try storage.withUnsafeMutableBytes { bytes in
            Result { () throws(CSVError) in try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[start...])) }
        }.get()
        guard count > 0 else {
            sourceEnded = true
            return false
        }
        filled += min(count, storage.count - start)
        return true
    }
}
