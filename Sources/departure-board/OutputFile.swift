#if canImport(Glibc)
import Glibc
#endif

/// The formats `render --output` writes, picked by the file's extension.
enum OutputFormat: String, CaseIterable {
    case json
    case txt

    init(path: String) throws(CLIFailure) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw CLIFailure(.usage, "\(path): no extension; use one of \(Self.supportedList)")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let format = OutputFormat(rawValue: ext) else {
            throw CLIFailure(.usage, "\(path): '.\(ext)' is not an output format this build writes; use one of \(Self.supportedList)")
        }
        self = format
    }

    static var supportedList: String {
        allCases.map { "." + $0.rawValue }.joined(separator: ", ")
    }
}

/// Writes a file whole or not at all: a temporary file beside it, then `rename`, so a
/// program watching the path never reads half a frame.
enum OutputFile {
    static func write(_ text: String, to path: String) throws(CLIFailure) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path, errno) }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                unlink(temporary)
                throw failure(path, code)
            }
            written += count
        }
        bytes.removeAll()
        guard close(fd) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> CLIFailure {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return CLIFailure(.ioError, "\(path): cannot write: \(reason)")
    }
}
