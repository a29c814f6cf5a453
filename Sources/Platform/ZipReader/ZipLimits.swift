/// Caps that keep a hostile archive from exhausting memory, disk or time. Each size cap is
/// checked on what the directory declares, when an entry is opened, and again on the bytes
/// actually produced, as they come: headers can lie.
public struct ZipLimits: Sendable, Equatable {
    /// Entries in the central directory.
    public var maxEntries: Int
    /// Bytes of the central directory, which is parsed into memory (names included).
    public var maxDirectoryBytes: Int64
    /// Uncompressed bytes of one entry.
    public var maxEntryBytes: Int64
    /// Uncompressed bytes of all entries read, as counted by the caller (`alreadyRead`).
    public var maxTotalBytes: Int64
    /// Highest uncompressed : compressed ratio, for entries over `ratioAppliesAbove` bytes;
    /// deflate reaches about 1030 : 1 at best, zip bombs sit near that.
    public var maxRatio: Int64
    public var ratioAppliesAbove: Int64

    public init(
        maxEntries: Int = 10_000, maxDirectoryBytes: Int64 = 4 << 20, maxEntryBytes: Int64 = 1 << 30,
        maxTotalBytes: Int64 = 2 << 30, maxRatio: Int64 = 200, ratioAppliesAbove: Int64 = 1 << 20
    ) {
        self.maxEntries = maxEntries
        self.maxDirectoryBytes = maxDirectoryBytes
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxRatio = maxRatio
        self.ratioAppliesAbove = ratioAppliesAbove
    }

    /// 10 000 entries, a 4 MiB directory, 1 GiB an entry, 2 GiB in all, 200 : 1 above 1 MiB.
    public static let standard = ZipLimits()

    /// Throws when `bytes` uncompressed of an entry with `compressed` bytes pass a cap; the
    /// order (entry, total, ratio) decides which error a bomb gets.
    func check(_ bytes: Int64, compressed: Int64, alreadyRead: Int64, declared: Bool, entry: String) throws(ZipError) {
        if bytes > maxEntryBytes {
            throw ZipError(entry: entry, .entryTooLarge(declared: declared, bytes: bytes, limit: maxEntryBytes))
        }
        if alreadyRead > maxTotalBytes - bytes {
            throw ZipError(entry: entry, .totalTooLarge(declared: declared, limit: maxTotalBytes))
        }
        if bytes > ratioAppliesAbove, bytes / max(compressed, 1) >= maxRatio {
            throw ZipError(entry: entry, .ratioTooHigh(declared: declared, bytes: bytes, compressed: compressed, limit: maxRatio))
        }
    }
}
