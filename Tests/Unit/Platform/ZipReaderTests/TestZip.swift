import GTFSFeedBuilder
import ZipReader

/// A zip written field by field, so a test can make any field lie: the hostile archives
/// no honest writer produces. Layout: local headers with data (and descriptors), the
/// central directory, the end record.
struct TestZip {
    struct Entry {
        var name: String
        /// The bytes as stored: deflated or not, as `method` says.
        var data: [UInt8]
        var method: UInt16 = 0
        var flags: UInt16 = 0x0800
        var crc: UInt32
        var compressedSize: UInt32
        var uncompressedSize: UInt32
        /// The name in the local header, when it should differ.
        var localName: String?
        /// Bytes written after the data (a data descriptor).
        var trailer: [UInt8] = []
        /// The central header's offset of the local header, when it should lie.
        var offset: UInt32?
    }

    var entries: [Entry]
    var comment: [UInt8] = []
    /// End record fields that should lie.
    var entryCount: UInt16?
    var directoryOffset: UInt32?
    var diskNumber: UInt16 = 0

    static func stored(_ name: String, _ text: String) -> Entry {
        let bytes = Array(text.utf8)
        return Entry(
            name: name, data: bytes, crc: crc32Of(bytes), compressedSize: UInt32(bytes.count), uncompressedSize: UInt32(bytes.count))
    }

    static func deflated(_ name: String, _ bytes: [UInt8]) -> Entry {
        let data = rawDeflate(bytes)
        return Entry(
            name: name, data: data, method: 8, crc: crc32Of(bytes), compressedSize: UInt32(data.count),
            uncompressedSize: UInt32(bytes.count))
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = [], directory: [UInt8] = []
        for entry in entries {
            let offset = UInt32(out.count), name = Array(entry.name.utf8)
            let localName = Array((entry.localName ?? entry.name).utf8)
            put32(&out, 0x0403_4B50)
            put16(&out, 20, entry.flags, entry.method, 0, 0)
            put32(&out, entry.crc, entry.compressedSize, entry.uncompressedSize)
            put16(&out, UInt16(localName.count), 0)
            out += localName + entry.data + entry.trailer
            put32(&directory, 0x0201_4B50)
            put16(&directory, 0x031E, 20, entry.flags, entry.method, 0, 0)
            put32(&directory, entry.crc, entry.compressedSize, entry.uncompressedSize)
            put16(&directory, UInt16(name.count), 0, 0, 0, 0)
            put32(&directory, 0o100644 << 16, entry.offset ?? offset)
            directory += name
        }
        let directoryStart = UInt32(out.count)
        out += directory
        put32(&out, 0x0605_4B50)
        put16(&out, diskNumber, 0, entryCount ?? UInt16(entries.count), entryCount ?? UInt16(entries.count))
        put32(&out, UInt32(directory.count), directoryOffset ?? directoryStart)
        put16(&out, UInt16(comment.count))
        return out + comment
    }
}

func put16(_ out: inout [UInt8], _ values: UInt16...) {
    for value in values { out += [UInt8(value & 0xFF), UInt8(value >> 8)] }
}

func put32(_ out: inout [UInt8], _ values: UInt32...) {
    for value in values { out += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}

/// The CRC-32 zip records; one owner with the test feeds' writer.
func crc32Of(_ bytes: [UInt8]) -> UInt32 {
    UInt32(GTFSFeedBuilder.crc(of: bytes))
}

/// Raw deflate (no zlib header), as zip stores it, at level 9.
func rawDeflate(_ bytes: [UInt8]) -> [UInt8] {
    GTFSFeedBuilder.rawDeflate(bytes)
}

/// Every byte of `entry`, read `chunk` bytes at a time.
func contents(of entry: ZipEntry, in archive: ZipArchive, chunk: Int = 1 << 16, alreadyRead: Int64 = 0) throws(ZipError) -> [UInt8] {
    let reader = try archive.open(entry, alreadyRead: alreadyRead)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: chunk)
    while true {
        let count = try buffer.withUnsafeMutableBytes { raw in Result { () throws(ZipError) in try reader.read(into: raw) } }.get()
        if count == 0 { return bytes }
        bytes += buffer[..<count]
    }
}

/// The error reading `name` ends with, or nil when it reads cleanly.
func readError(_ archive: ZipArchive, _ name: String, limits: ZipLimits? = nil) -> ZipError? {
    do {
        _ = try contents(of: archive.entry(named: name)!, in: archive)
        return nil
    } catch {
        return error
    }
}
