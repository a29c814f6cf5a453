import DisplayBackends
#if canImport(Glibc)
import Glibc
#endif

/// The formats `render --output` writes, picked by the file's extension; `-` draws the
/// board on the terminal.
enum OutputFormat: Equatable {
    case json
    case txt
    case image(ImageFormat)
    case terminal

    init(path: String) throws(CLIFailure) {
        if path == "-" {
            self = .terminal
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw CLIFailure(.usage, "\(path): no extension; use one of \(Self.supportedList), or - for the terminal")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        switch ext {
        case "json": self = .json
        case "txt": self = .txt
        default:
            guard let image = ImageFormat(pathExtension: ext) else {
                throw CLIFailure(.usage, "\(path): '.\(ext)' is not an output format; use one of \(Self.supportedList), or - for the terminal")
            }
            self = .image(image)
        }
    }

    static var supportedList: String {
        (["json", "txt"] + ImageFormat.allCases.map(\.rawValue)).map { "." + $0 }.joined(separator: ", ")
    }
}

/// Writes a file whole or not at all: a temporary file beside it, then `rename`, so a
/// program watching the path never reads half a frame.
enum OutputFile {
    static func write(_ text: String, to path: String) throws(CLIFailure) {
        try write(Array(text.utf8), to: path)
    }

    static func write(_ bytes: [UInt8], to path: String) throws(CLIFailure) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path, errno) }
        var bytes = bytes
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
