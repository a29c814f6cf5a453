import Foundation
import ZIPFoundation

/// Zips that real downloads and hostile senders produce: members of any name and content,
/// zips inside zips, headers that lie about sizes.
extension GTFSFeedBuilder {
    /// Writes `members` in order (names taken as they are, "../x" included), deflated unless
    /// `stored`.
    public static func writeZip(members: [(name: String, bytes: [UInt8])], to zipPath: String, stored: Bool = false) throws {
        try? FileManager.default.removeItem(atPath: zipPath)
        let archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
        for (name, bytes) in members {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(bytes.count),
                compressionMethod: stored ? .none : .deflate
            ) { position, size in
                Data(bytes[Int(position)..<Int(position) + size])
            }
        }
    }

    /// The member files of a feed as (name, bytes) pairs, sorted by name.
    public static func members(_ files: [String: String]) -> [(name: String, bytes: [UInt8])] {
        files.keys.sorted().map { ($0, Array(files[$0]!.utf8)) }
    }

    /// Rewrites the uncompressed size that both the local and the central header of
    /// `member` declare, leaving the data alone: a header that lies.
    public static func declareUncompressedSize(_ size: UInt32, of member: String, in zipPath: String) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zipPath)))
        let name = Array(member.utf8)
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func put(_ at: Int) { for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(i))) } }
        var patched = 0
        for at in 0..<(bytes.count - 46) where bytes[at] == 0x50 && bytes[at + 1] == 0x4B {
            if bytes[at + 2] == 3, bytes[at + 3] == 4, Array(bytes[(at + 30)..<(at + 30 + min(name.count, u16(at + 26)))]) == name,
                u16(at + 26) == name.count
            {
                put(at + 22)
                patched += 1
            } else if bytes[at + 2] == 1, bytes[at + 3] == 2, u16(at + 28) == name.count,
                Array(bytes[(at + 46)..<(at + 46 + name.count)]) == name
            {
                put(at + 24)
                patched += 1
            }
        }
        guard patched == 2 else { throw CocoaError(.fileReadCorruptFile) }
        try Data(bytes).write(to: URL(fileURLWithPath: zipPath))
    }
}
