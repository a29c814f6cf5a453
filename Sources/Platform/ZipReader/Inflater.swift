import CZlibSystem

/// Raw deflate (no zlib or gzip wrapper, as zip stores it) through zlib's inflate.
/// A class: zlib's state points back at its z_stream, which must therefore stay put, and
/// inflateEnd must run when the reader is dropped.
final class Inflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutableRawBufferPointer
    private var inputExhausted = false
    private(set) var ended = false

    init(inputCapacity: Int = 1 << 16) throws(ZipError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(byteCount: inputCapacity, alignment: 8)
        // inflateInit2 is a C macro; windowBits -15 selects raw deflate with a 32 KiB window.
        guard inflateInit2_(stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            input.deallocate()
            throw ZipError(.corruptData)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        input.deallocate()
    }

    /// Compressed bytes handed to zlib but not used: after the stream's end they are excess.
    var unusedInput: Int { Int(stream.pointee.avail_in) }

    /// Inflates into `output`, pulling compressed bytes from `refill` (0 at their end).
    /// Returns how many bytes it wrote; 0 once the deflate stream has ended.
    func inflate(
        into output: UnsafeMutableRawBufferPointer,
        refill: (UnsafeMutableRawBufferPointer) throws(ZipError) -> Int
    ) throws(ZipError) -> Int {
        guard !ended, output.count > 0 else { return 0 }
        let room = min(output.count, Int(UInt32.max))
        stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(room)
        while true {
            if stream.pointee.avail_in == 0, !inputExhausted {
                let count = try refill(input)
                if count == 0 {
                    inputExhausted = true
                } else {
                    stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_in = uInt(count)
                }
            }
            let status = CZlibSystem.inflate(stream, Z_NO_FLUSH)
            let written = room - Int(stream.pointee.avail_out)
            switch status {
            case Z_STREAM_END:
                ended = true
                return written
            case Z_OK, Z_BUF_ERROR:
                if written > 0 { return written }
                if status == Z_BUF_ERROR, stream.pointee.avail_in > 0 { throw ZipError(.corruptData) }
                // No progress: only more input can help, and there is none.
                if inputExhausted, stream.pointee.avail_in == 0 { throw ZipError(.truncated) }
            default:
                throw ZipError(.corruptData)
            }
        }
    }
}
