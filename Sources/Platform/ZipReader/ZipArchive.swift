/// A zip archive opened for reading: its central directory parsed and checked, entries
/// opened one at a time as streams (`ZipEntryReader`).
///
/// Reads stored and deflated entries, ZIP64 archives and entries, and data descriptors;
/// refuses encryption, other methods and spanned archives with errors naming the entry.
/// Every offset and size is checked against the archive before it is used, and `limits`
/// cap what a hostile archive can make a reader produce.
public struct ZipArchive: Sendable {
    public let entries: [ZipEntry]
    /// The archive comment, as stored.
    public let comment: [UInt8]
    public let limits: ZipLimits
    private let source: any ZipByteSource

    public init(source: some ZipByteSource, limits: ZipLimits = .standard) throws(ZipError) {
        let end = try EndRecord.find(in: source, limits: limits)
        entries = try CentralDirectory.read(end, from: source)
        comment = end.comment
        self.limits = limits
        self.source = source
    }

    /// Opens the archive file at `path`.
    public init(path: String, limits: ZipLimits = .standard) throws(ZipError) {
        try self.init(source: ZipFile(path: path), limits: limits)
    }

    /// Reads an archive held in memory (tests, fuzzing).
    public init(bytes: [UInt8], limits: ZipLimits = .standard) throws(ZipError) {
        try self.init(source: ZipBytes(bytes), limits: limits)
    }

    /// The first entry of that exact name.
    public func entry(named name: String) -> ZipEntry? {
        entries.first { $0.name == name }
    }

    /// A stream of the entry's uncompressed bytes. `alreadyRead` is what the caller has
    /// read from other entries so far, for `limits.maxTotalBytes`.
    public func open(_ entry: ZipEntry, alreadyRead: Int64 = 0) throws(ZipError) -> ZipEntryReader {
        guard !entry.isEncrypted else { throw ZipError(entry: entry.name, .encrypted) }
        guard entry.method == 0 || entry.method == 8 else { throw ZipError(entry: entry.name, .unsupportedMethod(entry.method)) }
        try limits.check(
            entry.uncompressedSize, compressed: entry.compressedSize, alreadyRead: alreadyRead,
            declared: true, entry: entry.name)
        let header = try LocalHeader(of: entry, in: source)
        return try ZipEntryReader(entry: entry, header: header, source: source, limits: limits, alreadyRead: alreadyRead)
    }
}

/// The local header before an entry's data (APPNOTE 4.3.7), read to find where the data
/// starts; its name must be the directory's.
struct LocalHeader {
    static let fixedSize = 30
    let dataOffset: Int64
    /// A ZIP64 extra field here makes a data descriptor's sizes 8 bytes each (APPNOTE 4.3.9.2).
    let hasZip64Extra: Bool

    init(of entry: ZipEntry, in source: some ZipByteSource) throws(ZipError) {
        let fixed = LittleEndian(try Self.read(entry, source, at: entry.localHeaderOffset, count: Self.fixedSize))
        guard fixed.u32(0) == Signature.localHeader else {
            throw ZipError(entry: entry.name, .damaged("no local header where the directory points"))
        }
        let nameLength = Int(fixed.u16(26)), extraLength = Int(fixed.u16(28))
        let variable = try Self.read(entry, source, at: entry.localHeaderOffset + Int64(Self.fixedSize), count: nameLength + extraLength)
        guard String(decoding: variable[..<nameLength], as: UTF8.self) == entry.name else {
            throw ZipError(entry: entry.name, .damaged("its local header names another entry"))
        }
        dataOffset = entry.localHeaderOffset + Int64(Self.fixedSize + nameLength + extraLength)
        guard dataOffset <= entry.spanEnd, entry.compressedSize <= entry.spanEnd - dataOffset else {
            throw ZipError(entry: entry.name, .damaged("its data overlaps another entry or the central directory"))
        }
        hasZip64Extra = ExtraField.block(0x0001, in: Array(variable[nameLength...])) != nil
    }

    private static func read(_ entry: ZipEntry, _ source: some ZipByteSource, at offset: Int64, count: Int) throws(ZipError) -> [UInt8] {
        guard offset <= entry.spanEnd, Int64(count) <= entry.spanEnd - offset else {
            throw ZipError(entry: entry.name, .damaged("its local header overlaps another entry or the central directory"))
        }
        do {
            return try source.bytes(at: offset, count: count, what: "a local header")
        } catch {
            throw ZipError(entry: entry.name, error.kind)
        }
    }
}
