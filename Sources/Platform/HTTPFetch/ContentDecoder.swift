import CZlibSystem

/// Undoes a gzip or deflate Content-Encoding as the body arrives (we offer both in
/// Accept-Encoding), so the body cap counts decoded bytes and a small answer cannot expand
/// into a large one unchecked.
struct ContentDecoder: ~Copyable {
    private enum Coding { case identity, gzip, deflate }

    private let coding: Coding
    /// zlib keeps a pointer back to its z_stream, so the stream needs a fixed address.
    private var stream: UnsafeMutablePointer<z_stream>?
    private let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 16_384, alignment: 16)
    /// Deflate's first two bytes, held until they tell a zlib wrapper from raw deflate.
    private var held: [UInt8] = []
    private var received = false
    private var ended = false

    init(contentEncoding: String?) throws(HTTPFetchError) {
        let codings = (contentEncoding ?? "").split(separator: ",").map { $0.trimmingSpaces.lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        switch codings {
        case []: coding = .identity
        case ["gzip"], ["x-gzip"]: coding = .gzip
        case ["deflate"]: coding = .deflate
        default:
            output.deallocate()
            throw .connectionFailed("unsupported Content-Encoding \"\(contentEncoding ?? "")\"")
        }
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
        output.deallocate()
    }

    mutating func decode(_ input: UnsafeRawBufferPointer, into sink: inout BodySink) throws(HTTPFetchError) {
        guard !input.isEmpty else { return }
        received = true
        switch coding {
        case .identity:
            try sink.append(input)
        case .gzip:
            if stream == nil { try start(windowBits: 15 + 16) }
            try inflate(input, into: &sink)
        case .deflate where stream == nil:
            // RFC 9110's "deflate" is zlib-wrapped, but some servers send raw deflate: a zlib
            // header is a multiple of 31 with compression method 8.
            held += input
            guard held.count >= 2 else { return }
            let isZlib = held[0] & 0x0F == 8 && (UInt16(held[0]) << 8 | UInt16(held[1])) % 31 == 0
            try start(windowBits: isZlib ? 15 : -15)
            let bytes = held
            held = []
            try bytes.withBytes { (raw) throws(HTTPFetchError) in try inflate(raw, into: &sink) }
        case .deflate:
            try inflate(input, into: &sink)
        }
    }

    /// At the end of the body: a compressed body must have reached its end marker.
    mutating func finish() throws(HTTPFetchError) {
        guard coding != .identity, received, !ended else { return }
        throw .connectionFailed("the \(coding == .gzip ? "gzip" : "deflate") body ends early")
    }

    private mutating func start(windowBits: Int32) throws(HTTPFetchError) {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard inflateInit2_(stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            throw .other("zlib inflateInit2 failed")
        }
        self.stream = stream
    }

    private mutating func inflate(_ input: UnsafeRawBufferPointer, into sink: inout BodySink) throws(HTTPFetchError) {
        guard let stream else { return }
        var input = input
        while !input.isEmpty {
            if ended {
                // Another gzip member may follow; anything after a deflate stream is ignored.
                guard coding == .gzip else { return }
                inflateReset(stream)
                ended = false
            }
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(input.count)
            var code = Z_OK
            repeat {
                stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(output.count)
                code = CZlibSystem.inflate(stream, Z_NO_FLUSH)
                let produced = output.count - Int(stream.pointee.avail_out)
                if produced > 0 { try sink.append(UnsafeRawBufferPointer(rebasing: output[..<produced])) }
                guard code == Z_OK || code == Z_STREAM_END || code == Z_BUF_ERROR else {
                    let detail = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(code)"
                    throw .connectionFailed("bad \(coding == .gzip ? "gzip" : "deflate") body: \(detail)")
                }
            } while code == Z_OK && (stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0)
            let consumed = input.count - Int(stream.pointee.avail_in)
            input = UnsafeRawBufferPointer(rebasing: input[consumed...])
            if code == Z_STREAM_END { ended = true } else if code == Z_BUF_ERROR { return }
        }
    }
}
