public import ZipReader

/// Caps on what an import may extract, so a hostile zip (a zip bomb, a header that lies
/// about sizes) fails with a clear error instead of filling the disk.
///
/// Each cap is checked twice: on the sizes a member's header declares, before anything is
/// written, and on the bytes actually inflated, as they come.
public struct GTFSArchiveLimits: Sendable, Equatable {
    /// Uncompressed bytes of all the members one import extracts, nested zips included.
    public var totalBytes: Int64
    /// Uncompressed bytes of any one member.
    public var memberBytes: Int64
    /// Highest uncompressed : compressed ratio of a member larger than `ratioAppliesAbove`.
    /// Real stop_times.txt files deflate about 5–20 : 1.
    public var compressionRatio: Int64
    public var ratioAppliesAbove: Int64
    /// Members in one zip; a feed has a few dozen.
    public var maxMembers: Int

    /// The defaults are ZipReader's: one owner for what a hostile archive may cost.
    public init(
        totalBytes: Int64 = ZipLimits.standard.maxTotalBytes, memberBytes: Int64 = ZipLimits.standard.maxEntryBytes,
        compressionRatio: Int64 = ZipLimits.standard.maxRatio,
        ratioAppliesAbove: Int64 = ZipLimits.standard.ratioAppliesAbove, maxMembers: Int = ZipLimits.standard.maxEntries
    ) {
        self.totalBytes = totalBytes
        self.memberBytes = memberBytes
        self.compressionRatio = compressionRatio
        self.ratioAppliesAbove = ratioAppliesAbove
        self.maxMembers = maxMembers
    }

    /// 2 GiB in all, 1 GiB a member, 200 : 1 above 1 MiB, 10 000 members.
    public static let standard = GTFSArchiveLimits()
}

/// "1 GiB", "1.5 MiB", "512 bytes": sizes in errors.
func byteText(_ bytes: Int64) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB"]
    guard bytes >= 1_024 else { return "\(bytes) bytes" }
    var value = Double(bytes) / 1_024, unit = 0
    while value >= 1_024, unit < units.count - 1 { value /= 1_024; unit += 1 }
    let tenths = Int((value * 10).rounded())
    return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " " + units[unit]
}
