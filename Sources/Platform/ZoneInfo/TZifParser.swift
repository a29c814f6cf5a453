/// One local time type (RFC 8536 "ttinfo"): what a clock shows while it is in force.
struct LocalTimeType: Sendable, Equatable {
    /// Seconds east of UTC.
    var offset: Int
    var isDaylightSaving: Bool
    var abbreviation: String
}

/// The parts of a TZif file that matter for civil time. Leap-second records
/// and the isstd/isut indicators are bounds-checked but dropped: callers
/// use POSIX time, and the indicators only matter for generating TZ strings.
struct TZifContents: Sendable, Equatable {
    var transitions: [Int64]
    var transitionTypes: [UInt8]
    var types: [LocalTimeType]
    /// Raw POSIX TZ string from a v2+ footer; nil for v1 files or an empty footer.
    var footer: String?
}

/// A parse failure before it is tagged with the zone identifier.
struct TZifFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Reads RFC 8536 TZif data, versions 1 through 4.
///
/// Every count and index is checked against the buffer before use so a
/// damaged file produces an error, never a trap.
enum TZifParser {
    static func parse(_ bytes: [UInt8]) throws(TZifFailure) -> TZifContents {
        guard bytes.count <= ZoneInfoDatabase.maximumFileSize else { throw TZifFailure("file larger than 1 MiB") }
        var cursor = ByteCursor(bytes: bytes)
        let first = try Header.read(&cursor)
        if first.version == 0 {
            return try readDataBlock(&cursor, header: first, timeSize: 4)
        }
        // v2+: the 32-bit block exists only for old readers; skip it whole.
        try cursor.skip(first.dataBlockLength(timeSize: 4), what: "version 1 data block")
        let second = try Header.read(&cursor)
        var contents = try readDataBlock(&cursor, header: second, timeSize: 8)
        contents.footer = try readFooter(&cursor)
        return contents
    }

    private struct Header {
        var version: UInt8  // 0 for version 1, else the ASCII digit's value
        var isutcnt = 0, isstdcnt = 0, leapcnt = 0, timecnt = 0, typecnt = 0, charcnt = 0

        static func read(_ cursor: inout ByteCursor) throws(TZifFailure) -> Header {
            guard cursor.remaining >= 44 else { throw TZifFailure("truncated header") }
            guard try cursor.bytes(4) == Array("TZif".utf8) else { throw TZifFailure("bad magic, not a TZif file") }
            let raw = try cursor.byte()
            // Later versions are promised to stay readable as v2+ (RFC 8536 §3.1).
            let version: UInt8
            switch raw {
            case 0: version = 0
            case UInt8(ascii: "2")...UInt8(ascii: "9"): version = raw - UInt8(ascii: "0")
            default: throw TZifFailure("unsupported version byte \(raw)")
            }
            try cursor.skip(15, what: "header")
            var header = Header(version: version)
            header.isutcnt = Int(try cursor.uint32())
            header.isstdcnt = Int(try cursor.uint32())
            header.leapcnt = Int(try cursor.uint32())
            header.timecnt = Int(try cursor.uint32())
            header.typecnt = Int(try cursor.uint32())
            header.charcnt = Int(try cursor.uint32())
            guard header.typecnt > 0 else { throw TZifFailure("typecnt is zero") }
            guard header.charcnt > 0 else { throw TZifFailure("charcnt is zero") }
            guard header.isutcnt == 0 || header.isutcnt == header.typecnt else { throw TZifFailure("isutcnt \(header.isutcnt) != typecnt") }
            guard header.isstdcnt == 0 || header.isstdcnt == header.typecnt else {
                throw TZifFailure("isstdcnt \(header.isstdcnt) != typecnt")
            }
            return header
        }

        /// Counts are at most 2^32-1, so this cannot overflow Int64.
        func dataBlockLength(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    private static func readDataBlock(_ cursor: inout ByteCursor, header: Header, timeSize: Int) throws(TZifFailure) -> TZifContents {
        let needed = header.dataBlockLength(timeSize: timeSize)
        guard cursor.remaining >= needed else {
            throw TZifFailure("data block truncated: counts need \(needed) bytes, \(cursor.remaining) remain")
        }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timecnt)
        for _ in 0..<header.timecnt {
            let t = timeSize == 4 ? Int64(Int32(bitPattern: try cursor.uint32())) : try cursor.int64()
            // Binary search relies on this ordering.
            if let last = transitions.last, t <= last { throw TZifFailure("transition times not ascending") }
            transitions.append(t)
        }
        let transitionTypes = try cursor.bytes(header.timecnt)
        if let bad = transitionTypes.first(where: { Int($0) >= header.typecnt }) {
            throw TZifFailure("transition type index \(bad) out of range (typecnt \(header.typecnt))")
        }
        var rawTypes: [(offset: Int32, isDST: UInt8, abbreviationIndex: Int)] = []
        for _ in 0..<header.typecnt {
            let offset = Int32(bitPattern: try cursor.uint32())
            rawTypes.append((offset, try cursor.byte(), Int(try cursor.byte())))
        }
        let chars = try cursor.bytes(header.charcnt)
        var types: [LocalTimeType] = []
        for raw in rawTypes {
            guard raw.offset != Int32.min else { throw TZifFailure("utoff is -2^31") }
            guard raw.isDST <= 1 else { throw TZifFailure("isdst is \(raw.isDST)") }
            guard raw.abbreviationIndex < chars.count else {
                throw TZifFailure("abbreviation index \(raw.abbreviationIndex) outside \(chars.count)-byte block")
            }
            guard let end = chars[raw.abbreviationIndex...].firstIndex(of: 0) else {
                throw TZifFailure("abbreviation not NUL-terminated")
            }
            let abbreviation = String(decoding: chars[raw.abbreviationIndex..<end], as: UTF8.self)
            types.append(LocalTimeType(offset: Int(raw.offset), isDaylightSaving: raw.isDST == 1, abbreviation: abbreviation))
        }
        // Leap-second records and the std/ut indicators: length already checked.
        try cursor.skip(header.leapcnt * (timeSize + 4) + header.isstdcnt + header.isutcnt, what: "trailing records")
        return TZifContents(transitions: transitions, transitionTypes: transitionTypes, types: types, footer: nil)
    }

    /// Footer is "\n<TZ string>\n"; an empty TZ string means "no rule".
    private static func readFooter(_ cursor: inout ByteCursor) throws(TZifFailure) -> String? {
        guard cursor.remaining > 0, try cursor.byte() == 0x0A else { throw TZifFailure("missing footer") }
        var text: [UInt8] = []
        while true {
            guard cursor.remaining > 0 else { throw TZifFailure("footer not newline-terminated") }
            let byte = try cursor.byte()
            if byte == 0x0A { break }
            guard byte >= 0x20, byte < 0x7F else { throw TZifFailure("non-ASCII byte in footer") }
            text.append(byte)
        }
        return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
    }
}

/// Bounds-checked big-endian reader.
struct ByteCursor {
    let bytes: [UInt8]
    var position = 0

    var remaining: Int { bytes.count - position }

    mutating func byte() throws(TZifFailure) -> UInt8 {
        guard position < bytes.count else { throw TZifFailure("unexpected end of file") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bytes(_ count: Int) throws(TZifFailure) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw TZifFailure("unexpected end of file") }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func skip(_ count: Int, what: String) throws(TZifFailure) {
        guard count >= 0, count <= remaining else { throw TZifFailure("truncated \(what)") }
        position += count
    }

    mutating func uint32() throws(TZifFailure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        return value
    }

    mutating func int64() throws(TZifFailure) -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try byte()) }
        return Int64(bitPattern: value)
    }
}
