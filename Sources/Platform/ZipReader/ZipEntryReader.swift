import CZlibSystem

/// One entry's uncompressed bytes as a stream: `read(into:)` until it returns 0. Memory
/// stays at the inflater's window and one input buffer whatever the entry's size.
///
/// The caps of `ZipLimits` are checked as bytes come; at the end, the CRC-32 and both sizes
/// must match the central directory (and the data descriptor, where there is one), so a
/// reader that saw 0 has seen exactly the bytes the archive's writer stored.
/// A class: it owns the inflater and its position moves on as it is read.
public final class ZipEntryReader {
    public let entry: ZipEntry
    /// Uncompressed bytes produced so far.
    public private(set) var bytesRead: Int64 = 0
    private let source: any ZipByteSource
    private let limits: ZipLimits
    private let alreadyRead: Int64
    private let header: LocalHeader
    private var inputOffset: Int64
    private let inputEnd: Int64
    private let inflater: Inflater?
    private var crc: uLong = 0
    private var finished = false

    init(entry: ZipEntry, header: LocalHeader, source: any ZipByteSource, limits: ZipLimits, alreadyRead: Int64) throws(ZipError) {
        self.entry = entry
        self.header = header
        self.source = source
        self.limits = limits
        self.alreadyRead = alreadyRead
        inputOffset = header.dataOffset
        inputEnd = header.dataOffset + entry.compressedSize
        do {
            inflater = entry.method == 8 ? try Inflater() : nil
        } catch {
            throw ZipError(entry: entry.name, error.kind)
        }
    }

    /// Fills up to `buffer.count` bytes; returns 0 at the entry's end, once everything checked out.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ZipError) -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        let count: Int
        do {
            if let inflater {
                count = try inflater.inflate(into: buffer) { (input) throws(ZipError) -> Int in try self.readCompressed(into: input) }
            } else {
                count = try readCompressed(into: buffer)
            }
        } catch {
            throw ZipError(entry: entry.name, error.kind)
        }
        guard count > 0 else {
            try finish()
            return 0
        }
        bytesRead += Int64(count)
        crc = crc32(crc, buffer.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(count))
        try limits.check(bytesRead, compressed: entry.compressedSize, alreadyRead: alreadyRead, declared: false, entry: entry.name)
        return count
    }

    /// Reads the whole entry into memory, for small entries and tests; `maxBytes` bounds it.
    public func readAll(maxBytes: Int) throws(ZipError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in Result { () throws(ZipError) in try read(into: buffer) } }.get()
            if count == 0 { return bytes }
            guard bytes.count + count <= maxBytes else {
                throw ZipError(
                    entry: entry.name, .entryTooLarge(declared: false, bytes: Int64(bytes.count + count), limit: Int64(maxBytes)))
            }
            bytes += chunk[..<count]
        }
    }

    /// The next compressed (or stored) bytes, never past the entry's declared end.
    private func readCompressed(into buffer: UnsafeMutableRawBufferPointer) throws(ZipError) -> Int {
        let wanted = Int(min(Int64(buffer.count), inputEnd - inputOffset))
        guard wanted > 0 else { return 0 }
        let count = try source.read(at: inputOffset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
        guard count > 0 else { throw ZipError(.truncated) }
        inputOffset += Int64(count)
        return count
    }

    private func finish() throws(ZipError) {
        finished = true
        let unused = inputEnd - inputOffset + Int64(inflater?.unusedInput ?? 0)
        guard unused == 0 else {
            throw ZipError(
                entry: entry.name,
                .sizeMismatch(
                    what: .compressed, declared: entry.compressedSize,
                    actual: entry.compressedSize - unused))
        }
        guard bytesRead == entry.uncompressedSize else {
            throw ZipError(entry: entry.name, .sizeMismatch(what: .uncompressed, declared: entry.uncompressedSize, actual: bytesRead))
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw ZipError(entry: entry.name, .checksumMismatch(expected: entry.crc32, actual: UInt32(truncatingIfNeeded: crc)))
        }
        if entry.hasDataDescriptor { try checkDescriptor() }
    }

    /// A data descriptor (APPNOTE 4.3.9) repeats the CRC and sizes after the data. Its
    /// signature is optional, so only one that carries it is checked: without it, the
    /// bytes there could as well be the next header.
    private func checkDescriptor() throws(ZipError) {
        let width = header.hasZip64Extra ? 8 : 4
        let size = 8 + 2 * width
        guard entry.spanEnd - inputEnd >= Int64(size),
            case let bytes = try source.bytes(at: inputEnd, count: size, what: "a data descriptor"),
            LittleEndian(bytes).u32(0) == Signature.dataDescriptor
        else { return }
        let fields = LittleEndian(bytes)
        let compressed = width == 8 ? fields.u64(8) : UInt64(fields.u32(8))
        let uncompressed = width == 8 ? fields.u64(16) : UInt64(fields.u32(12))
        guard fields.u32(4) == entry.crc32, compressed == UInt64(entry.compressedSize),
            uncompressed == UInt64(entry.uncompressedSize)
        else {
            throw ZipError(entry: entry.name, .damaged("its data descriptor disagrees with the central directory"))
        }
    }
}
