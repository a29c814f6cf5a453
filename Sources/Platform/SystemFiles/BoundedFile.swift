#if canImport(Glibc)
import Glibc
#endif

/// Reads small files whole with a size cap checked while reading: every file the program
/// takes from outside (board files, zone files, fonts, departures, API keys) goes through
/// here, so a huge file, `/dev/zero` or a FIFO can neither exhaust memory nor hang it.
public enum BoundedFile {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)
        /// The system's own words (`No such file or directory`, `Is a directory`, …).
        case system(String)

        public var description: String {
            switch self {
            case .tooLarge(let limit): return "larger than \(limit) bytes"
            case .system(let text): return text
            }
        }
    }

    /// `requireRegularFile` refuses devices and FIFOs as well as directories.
    public static func read(_ path: String, maxBytes: Int, requireRegularFile: Bool = false) throws(Failure) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO by mistake must not hang the program.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .system(systemErrorText(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(systemErrorText(errno)) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw .system(systemErrorText(EISDIR)) }
        if requireRegularFile && type != S_IFREG { throw .system("not a regular file") }
        if type == S_IFREG && info.st_size > maxBytes { throw .tooLarge(limit: maxBytes) }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(systemErrorText(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            // Checked while reading: the file may grow, or be a device that never ends.
            if bytes.count > maxBytes { throw .tooLarge(limit: maxBytes) }
        }
    }
}

/// `strerror` as a Swift string.
public func systemErrorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
