/// Where the central directory lies, from the end-of-central-directory record (APPNOTE
/// 4.3.16) and, when there is one, the ZIP64 end record it points to (4.3.14, 4.3.15).
struct EndRecord {
    var directoryOffset: Int64
    var directorySize: Int64
    var entryCount: Int64
    /// Where the records after the directory start: the directory must end by here.
    var directoryLimit: Int64
    var comment: [UInt8]

    static let fixedSize = 22
    static let locatorSize = 20
    static let zip64Size = 56

    /// Finds the record in the last 64 KiB + 22 bytes (a comment is at most 65 535 bytes).
    /// The last signature whose comment ends exactly at the end of the file wins; failing
    /// that, the last one whose comment fits (some writers leave trailing bytes).
    static func find(in source: some ZipByteSource, limits: ZipLimits) throws(ZipError) -> EndRecord {
        let tailSize = min(source.size, Int64(fixedSize + 65_535))
        guard tailSize >= Int64(fixedSize) else { throw ZipError(.notZip) }
        let tailStart = source.size - tailSize
        let tail = try source.bytes(at: tailStart, count: Int(tailSize), what: "the end record")
        let fields = LittleEndian(tail)
        var found: Int?
        for start in stride(from: tail.count - fixedSize, through: 0, by: -1) where fields.u32(start) == Signature.endOfDirectory {
            let end = start + fixedSize + Int(fields.u16(start + 20))
            if end == tail.count {
                found = start
                break
            }
            if end < tail.count, found == nil { found = start }
        }
        guard let start = found else { throw ZipError(.notZip) }
        let record = LittleEndian(tail, at: start)
        let commentStart = start + fixedSize
        var end = EndRecord(
            directoryOffset: Int64(record.u32(16)), directorySize: Int64(record.u32(12)), entryCount: Int64(record.u16(10)),
            directoryLimit: tailStart + Int64(start),
            comment: Array(tail[commentStart..<commentStart + Int(record.u16(20))]))
        let locatorOffset = end.directoryLimit - Int64(locatorSize)
        if locatorOffset >= 0,
            case let locator = try source.bytes(at: locatorOffset, count: locatorSize, what: "the ZIP64 locator"),
            LittleEndian(locator).u32(0) == Signature.zip64Locator
        {
            try end.readZip64(locator: LittleEndian(locator), locatorOffset: locatorOffset, in: source)
        } else if record.u16(4) != 0 || record.u16(6) != 0 || record.u16(8) != record.u16(10) {
            throw ZipError(.spansDisks)
        }
        try end.validate(limits)
        return end
    }

    private mutating func readZip64(locator: LittleEndian, locatorOffset: Int64, in source: some ZipByteSource) throws(ZipError) {
        guard locator.u32(4) == 0, locator.u32(16) <= 1 else { throw ZipError(.spansDisks) }
        let offset = locator.u64(8)
        guard offset <= UInt64(locatorOffset), Int64(offset) + Int64(Self.zip64Size) <= locatorOffset else {
            throw ZipError(.damaged("the ZIP64 end record lies outside the archive"))
        }
        let record = LittleEndian(try source.bytes(at: Int64(offset), count: Self.zip64Size, what: "the ZIP64 end record"))
        guard record.u32(0) == Signature.zip64EndOfDirectory else {
            throw ZipError(.damaged("no ZIP64 end record where the locator points"))
        }
        guard record.u32(16) == 0, record.u32(20) == 0, record.u64(24) == record.u64(32) else { throw ZipError(.spansDisks) }
        let counts = [record.u64(32), record.u64(40), record.u64(48)]
        guard counts.allSatisfy({ $0 <= UInt64(Int64.max) }) else {
            throw ZipError(.damaged("the ZIP64 end record's sizes are out of range"))
        }
        entryCount = Int64(counts[0])
        directorySize = Int64(counts[1])
        directoryOffset = Int64(counts[2])
        directoryLimit = Int64(offset)
    }

    private func validate(_ limits: ZipLimits) throws(ZipError) {
        guard entryCount <= Int64(limits.maxEntries) else { throw ZipError(.tooManyEntries(limit: limits.maxEntries)) }
        guard directorySize <= limits.maxDirectoryBytes else {
            throw ZipError(.damaged("a central directory of \(directorySize) bytes, over the \(limits.maxDirectoryBytes) byte limit"))
        }
        guard directoryOffset <= directoryLimit, directorySize <= directoryLimit - directoryOffset else {
            throw ZipError(.damaged("the central directory lies outside the archive"))
        }
        guard entryCount * 46 <= directorySize else {
            throw ZipError(.damaged("\(entryCount) entries cannot fit a central directory of \(directorySize) bytes"))
        }
    }
}
