public import CZlibSystem
import Foundation

/// Zip bombs that cost the test nothing to build: one megabyte of '0' deflated with a full
/// flush (which resets the history, so the block stands alone) and repeated, about 1000 : 1.
extension GTFSFeedBuilder {
    /// Writes `members` (deflated) plus `bomb`, which inflates to `mebibytes` MiB while its
    /// headers declare `declaredSize` (nil: the truth).
    public static func writeBombZip(
        members: [(name: String, bytes: [UInt8])], bomb: String, mebibytes: Int,
        declaredSize: UInt32? = nil, to zipPath: String
    ) throws {
        let megabyte = [UInt8](repeating: 0x30, count: 1 << 20)
        let (block, end) = flushedBlock(megabyte)
        var data: [UInt8] = []
        data.reserveCapacity(block.count * mebibytes + end.count)
        for _ in 0..<mebibytes { data += block }
        data += end
        let blockCRC = crc(of: megabyte)
        var total: uLong = 0
        for _ in 0..<mebibytes { total = crc32_combine(total, blockCRC, off_t(megabyte.count)) }
        var entries = members.map {
            RawEntry(
                name: $0.name, data: rawDeflate($0.bytes), crc: UInt32(crc(of: $0.bytes)),
                size: UInt32($0.bytes.count))
        }
        entries.append(RawEntry(name: bomb, data: data, crc: UInt32(total), size: declaredSize ?? UInt32(mebibytes << 20)))
        try Data(zipBytes(entries)).write(to: URL(fileURLWithPath: zipPath))
    }

    struct RawEntry {
        var name: String
        var data: [UInt8]
        var crc: UInt32
        var size: UInt32
    }

    /// Local headers, data, central directory and end record, deflate (method 8) throughout.
    static func zipBytes(_ entries: [RawEntry]) -> [UInt8] {
        var out: [UInt8] = [], directory: [UInt8] = []
        func le(_ values: [Int], _ width: Int, into bytes: inout [UInt8]) {
            for value in values { bytes += (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        }
        for entry in entries {
            let name = Array(entry.name.utf8), offset = out.count
            le([0x0403_4B50], 4, into: &out)
            le([20, 0, 8, 0, 0x21], 2, into: &out)
            le([Int(entry.crc), entry.data.count, Int(entry.size)], 4, into: &out)
            le([name.count, 0], 2, into: &out)
            out += name + entry.data
            le([0x0201_4B50], 4, into: &directory)
            le([20, 20, 0, 8, 0, 0x21], 2, into: &directory)
            le([Int(entry.crc), entry.data.count, Int(entry.size)], 4, into: &directory)
            le([name.count, 0, 0, 0, 0], 2, into: &directory)
            le([0o100644 << 16, offset], 4, into: &directory)
            directory += name
        }
        let directoryStart = out.count
        out += directory
        le([0x0605_4B50], 4, into: &out)
        le([0, 0, entries.count, entries.count], 2, into: &out)
        le([directory.count, directoryStart], 4, into: &out)
        le([0], 2, into: &out)
        return out
    }

    /// CRC-32 as zip records it.
    public static func crc(of bytes: [UInt8]) -> uLong {
        bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    }

    /// `bytes` deflated and fully flushed (a non-final block ending on a byte boundary), and
    /// the final empty block that ends a stream.
    static func flushedBlock(_ bytes: [UInt8]) -> (block: [UInt8], end: [UInt8]) {
        var stream = z_stream()
        precondition(
            deflateInit2_(
                &stream, 9, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        let block = run(&stream, bytes, flush: Z_FULL_FLUSH)
        return (block, run(&stream, [], flush: Z_FINISH))
    }

    /// Raw deflate (no zlib header), as zip stores it, at level 9.
    public static func rawDeflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        precondition(
            deflateInit2_(
                &stream, 9, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        return run(&stream, bytes, flush: Z_FINISH)
    }

    private static func run(_ stream: inout z_stream, _ bytes: [UInt8], flush: Int32) -> [UInt8] {
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                let code = deflate(&stream, flush)
                precondition(code == (flush == Z_FINISH ? Z_STREAM_END : Z_OK) && stream.avail_in == 0)
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<written])
    }
}
