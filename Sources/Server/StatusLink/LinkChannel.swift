#if canImport(Glibc)
import Glibc
#endif
import Locking

/// One end of a link between two processes: a stream socket carrying frames (a 32-bit
/// big-endian length, then that many bytes), read and written with blocking calls on a
/// thread of their own. Owns its descriptor.
public final class LinkChannel: Sendable {
    public let fd: Int32
    /// Frames above this are refused and end the link (a request is small; a frame PNG of a
    /// 1920×1080 panel is a few MB).
    public let maxFrameBytes: Int
    private let writing = Locked(())

    public init(fd: Int32, maxFrameBytes: Int = 64 << 20) {
        self.fd = fd
        self.maxFrameBytes = maxFrameBytes
    }

    deinit { close(fd) }

    /// The next message; nil when the other end closed the link.
    public func receive() throws(LinkError) -> LinkMessage? {
        guard let header = try read(4, endOK: true) else { return nil }
        let length = header.reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, length <= maxFrameBytes else { throw LinkError("a frame of \(length) bytes") }
        guard let payload = try read(length, endOK: false) else { throw LinkError("link closed inside a frame") }
        return try LinkMessage(decoding: payload)
    }

    /// Whole frames only, however many threads send: a frame is never interleaved.
    public func send(_ message: LinkMessage) throws(LinkError) {
        let payload = message.encoded()
        guard payload.count <= maxFrameBytes else { throw LinkError("a message of \(payload.count) bytes") }
        let length = UInt32(payload.count)
        let frame = [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)] + payload
        let result: Result<Void, LinkError> = writing.withLock { _ in
            var offset = 0
            while offset < frame.count {
                // MSG_NOSIGNAL: a closed link is an error to handle, not a SIGPIPE.
                let written = frame.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, frame.count - offset, Int32(MSG_NOSIGNAL)) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return .failure(LinkError("link write failed: \(String(cString: strerror(errno)))"))
                }
                offset += written
            }
            return .success(())
        }
        try result.get()
    }

    /// Wakes a thread blocked in `receive()` (it returns nil) and fails later sends.
    public func shutDown() {
        Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    private func read(_ count: Int, endOK: Bool) throws(LinkError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { return nil }
                throw LinkError("link read failed: \(String(cString: strerror(errno)))")
            }
            if got == 0 {
                if filled == 0 && endOK { return nil }
                throw LinkError("link closed inside a frame")
            }
            filled += got
        }
        return buffer
    }
}
