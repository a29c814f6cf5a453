#if canImport(Glibc)
import Glibc
#endif

/// Whole-or-nothing file writes: a temporary file in the same folder (rename is atomic only
/// within one filesystem), then `rename` over the target, so a reader never sees half a file.
public enum AtomicFile {
    /// What failed, with the path and the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func write(_ data: [UInt8], to path: String) throws(Failure) {
        let temp = temporaryPath(for: path)
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw systemError(path, "cannot create temporary file \(temp)") }
        var failure: Failure? = nil
        if !FileDescriptorWriter.writeAll(fd, data) {
            failure = systemError(path, "cannot write")
        }
        if close(fd) != 0 && failure == nil {
            failure = systemError(path, "cannot close")
        }
        if failure == nil && rename(temp, path) != 0 {
            failure = systemError(path, "cannot rename \(temp) into place")
        }
        if let failure {
            unlink(temp)
            throw failure
        }
    }

    /// Pid-suffixed so two processes writing one path do not clobber each other's temp file.
    private static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder).\(file).\(getpid()).tmp"
    }

    private static func systemError(_ path: String, _ what: String) -> Failure {
        Failure(description: "\(path): \(what): \(String(cString: strerror(errno)))")
    }
}
