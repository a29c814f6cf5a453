#if canImport(Glibc)
import Glibc
#endif

/// Where the decoded body goes: memory, or a file for downloads far larger than a board keeps.
/// Either way the cap holds, counted in decoded bytes.
struct BodySink: ~Copyable {
    let limit: Int
    private let path: String?
    /// The open file, or -1 to keep the body in memory.
    private let fd: Int32
    private(set) var body: [UInt8] = []
    private(set) var count = 0

    /// Creates or truncates the file first, so an unwritable path fails before any request.
    init(limit: Int, path: String?) throws(HTTPFetchError) {
        self.limit = max(0, limit)
        self.path = path
        guard let path else {
            fd = -1
            return
        }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .other("cannot write \(path): \(Classification.errorText(errno))") }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(HTTPFetchError) {
        guard bytes.count <= limit - count else { throw .responseTooLarge(limit: limit) }
        count += bytes.count
        guard fd >= 0 else {
            body.append(contentsOf: bytes)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .other("cannot write \(path ?? ""): \(Classification.errorText(errno))")
            }
            offset += written
        }
    }

    mutating func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }
}
