/// One entry of the central directory (APPNOTE 4.3.12), with its ZIP64 sizes applied.
public struct ZipEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case file, directory, symlink
    }

    /// The name as stored: UTF-8 where valid, each invalid byte read as U+FFFD.
    public var name: String
    /// Position in the central directory.
    public var index: Int
    public var kind: Kind
    /// 0 stored, 8 deflate; others are refused when opened.
    public var method: UInt16
    public var flags: UInt16
    public var crc32: UInt32
    public var compressedSize: Int64
    public var uncompressedSize: Int64
    public var localHeaderOffset: Int64
    /// Where the next entry's local header (or the central directory) starts: this entry's
    /// header, data and data descriptor must end by here.
    var spanEnd: Int64 = 0
    var nameLength: Int

    /// Bit 0 (traditional encryption) or bit 6 (strong encryption).
    public var isEncrypted: Bool { flags & 0x41 != 0 }
    /// Bit 3: crc and sizes follow the data; the local header has zeros.
    public var hasDataDescriptor: Bool { flags & 0x08 != 0 }
}

/// Reads the central directory's records into entries.
enum CentralDirectory {
    static let fixedSize = 46

    static func read(_ end: EndRecord, from source: some ZipByteSource) throws(ZipError) -> [ZipEntry] {
        let bytes = try source.bytes(at: end.directoryOffset, count: Int(end.directorySize), what: "the central directory")
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(end.entryCount))
        var position = 0
        for index in 0..<Int(end.entryCount) {
            let record = LittleEndian(bytes, at: position)
            guard position + fixedSize <= bytes.count, record.u32(0) == Signature.centralHeader else {
                throw ZipError(.damaged("central directory record \(index + 1) of \(end.entryCount) is missing"))
            }
            let nameLength = Int(record.u16(28)), extraLength = Int(record.u16(30)), commentLength = Int(record.u16(32))
            let nameStart = position + fixedSize, extraStart = nameStart + nameLength
            let next = extraStart + extraLength + commentLength
            guard next <= bytes.count else {
                throw ZipError(.damaged("central directory record \(index + 1) runs past the directory's end"))
            }
            let name = String(decoding: bytes[nameStart..<extraStart], as: UTF8.self)
            var entry = ZipEntry(
                name: name, index: index, kind: kind(name: name, madeBy: record.u16(4), attributes: record.u32(38)),
                method: record.u16(10), flags: record.u16(8), crc32: record.u32(16),
                compressedSize: Int64(record.u32(20)), uncompressedSize: Int64(record.u32(24)),
                localHeaderOffset: Int64(record.u32(42)), nameLength: nameLength)
            var disk = UInt32(record.u16(34))
            try applyZip64(Array(bytes[extraStart..<extraStart + extraLength]), to: &entry, disk: &disk)
            guard disk == 0 else { throw ZipError(entry: name, .spansDisks) }
            entries.append(entry)
            position = next
        }
        try assignSpans(&entries, directoryOffset: end.directoryOffset)
        return entries
    }

    /// Trailing "/" marks a directory everywhere; Unix writers also keep the file type in
    /// the high half of the external attributes.
    static func kind(name: String, madeBy: UInt16, attributes: UInt32) -> ZipEntry.Kind {
        if name.hasSuffix("/") { return .directory }
        guard madeBy >> 8 == 3 else { return .file }
        switch attributes >> 16 & 0o170000 {
        case 0o040000: return .directory
        case 0o120000: return .symlink
        default: return .file
        }
    }

    /// The ZIP64 extended information field (APPNOTE 4.5.3) holds, in this order, each of
    /// uncompressed size, compressed size, offset and disk whose 32-bit field is all ones.
    static func applyZip64(_ extra: [UInt8], to entry: inout ZipEntry, disk: inout UInt32) throws(ZipError) {
        let needs = (
            usize: entry.uncompressedSize == 0xFFFF_FFFF, csize: entry.compressedSize == 0xFFFF_FFFF,
            offset: entry.localHeaderOffset == 0xFFFF_FFFF, disk: disk == 0xFFFF
        )
        guard needs.usize || needs.csize || needs.offset || needs.disk else { return }
        guard let block = ExtraField.block(0x0001, in: extra) else {
            throw ZipError(entry: entry.name, .damaged("sizes marked ZIP64 but no ZIP64 extra field"))
        }
        let field = LittleEndian(extra, at: block.lowerBound)
        var at = 0
        func next(_ width: Int) throws(ZipError) -> UInt64 {
            guard at + width <= block.count else {
                throw ZipError(entry: entry.name, .damaged("its ZIP64 extra field is too short"))
            }
            defer { at += width }
            return width == 8 ? field.u64(at) : UInt64(field.u32(at))
        }
        if needs.usize { entry.uncompressedSize = try checked(next(8), entry.name) }
        if needs.csize { entry.compressedSize = try checked(next(8), entry.name) }
        if needs.offset { entry.localHeaderOffset = try checked(next(8), entry.name) }
        if needs.disk { disk = UInt32(try next(4)) }
    }

    private static func checked(_ value: UInt64, _ name: String) throws(ZipError) -> Int64 {
        guard value <= UInt64(Int64.max) else { throw ZipError(entry: name, .damaged("a ZIP64 size is out of range")) }
        return Int64(value)
    }

    /// Sorted by offset, each entry's header, name and data must end before the next entry's
    /// header: overlapping entries are how some zip bombs multiply one stream.
    static func assignSpans(_ entries: inout [ZipEntry], directoryOffset: Int64) throws(ZipError) {
        let order = entries.indices.sorted { entries[$0].localHeaderOffset < entries[$1].localHeaderOffset }
        for (rank, index) in order.enumerated() {
            let entry = entries[index]
            let end = rank + 1 < order.count ? entries[order[rank + 1]].localHeaderOffset : directoryOffset
            // Offsets were checked against the directory first, so the sum cannot overflow.
            let fits =
                entry.localHeaderOffset <= directoryOffset
                && entry.localHeaderOffset + Int64(LocalHeader.fixedSize + entry.nameLength) <= end
                && entry.compressedSize <= end - entry.localHeaderOffset - Int64(LocalHeader.fixedSize + entry.nameLength)
            guard fits else {
                throw ZipError(entry: entry.name, .damaged("its data overlaps another entry or the central directory"))
            }
            entries[index].spanEnd = end
        }
    }
}

/// Extra fields: a list of (id, size, data) blocks (APPNOTE 4.5.1).
enum ExtraField {
    /// The data range of the first block with `id`, or nil.
    static func block(_ id: UInt16, in extra: [UInt8]) -> Range<Int>? {
        let fields = LittleEndian(extra)
        var at = 0
        while at + 4 <= extra.count {
            let size = Int(fields.u16(at + 2))
            guard at + 4 + size <= extra.count else { return nil }
            if fields.u16(at) == id { return at + 4..<at + 4 + size }
            at += 4 + size
        }
        return nil
    }
}
