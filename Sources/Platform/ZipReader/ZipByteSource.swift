#if canImport(Glibc)
import Glibc
#endif

/// Random-access bytes an archive is read from: a file, or memory (tests and fuzzing).
public protocol ZipByteSource: Sendable {
    var size: Int64 { get }
    /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end of the source.
    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(ZipError) -> Int
}

extension ZipByteSource {
    /// Exactly `count` bytes at `offset`, or `.damaged` naming `what` when they run past the end.
    func bytes(at offset: Int64, count: Int, what: String) throws(ZipError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, Int64(count) <= size - offset else {
            throw ZipError(.damaged("\(what) lies outside the archive"))
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            // withUnsafeMutableBytes rethrows untyped: carry the typed error out in a Result.
            let n = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(ZipError) -> Int in
                    try read(at: offset + Int64(done), into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
                }
            }.get()
            guard n > 0 else { throw ZipError(.damaged("\(what) lies outside the archive")) }
            done += n
        }
        return bytes
    }
}

/// An archive held in memory.
public struct ZipBytes: ZipByteSource {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var size: Int64 { Int64(bytes.count) }

    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(ZipError) -> Int {
        guard offset >= 0, offset < size, buffer.count > 0 else { return 0 }
        let start = Int(offset), count = min(buffer.count, bytes.count - start)
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + start, byteCount: count)
        }
        return count
    }
}

/// An archive file, read with pread(2) so readers of several entries share one descriptor.
/// A class: it owns the descriptor and closes it when the last reader lets go.
public final class ZipFile: ZipByteSource {
    private let fd: Int32
    public let size: Int64

    /// Opens `path`, which must be a regular file (not a FIFO or a device that never ends).
    public init(path: String) throws(ZipError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw ZipError(.cannotOpen(systemText(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw ZipError(.notRegularFile)
        }
        self.fd = fd
        size = Int64(info.st_size)
    }

    deinit {
        close(fd)
    }

    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(ZipError) -> Int {
        guard buffer.count > 0 else { return 0 }
        while true {
            let n = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR { throw ZipError(.readFailed(systemText(errno))) }
        }
    }
}

func systemText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
