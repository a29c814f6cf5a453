#if canImport(Glibc)
import Glibc
#endif
import Locking

/// Whole-or-nothing file writes that survive a kill and a power cut: a temporary file in the
/// same folder (rename is atomic only within one filesystem), its data synced to the disk,
/// then `rename` over the target and the folder synced, so the path names the old file or
/// the complete new one, never half of one or an empty one.
///
/// This is the program's one rule for replacing a file; files built some other way (the
/// GTFS store, by SQLite) are put in place with `replace(_:with:)`.
public enum AtomicFile {
    /// What failed, with the path and the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        /// What failed and why, without the path: "cannot sync …: No space left on device".
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// `durable: false` keeps the rename (no reader ever sees half a file, a kill loses
    /// nothing) but skips both syncs, for files rewritten many times a second.
    public static func write(_ data: [UInt8], to path: String, durable: Bool = true) throws(Failure) {
        removeOrphansOnce(of: path)
        let temp = temporaryPath(for: path)
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw systemError(path, "cannot create temporary file \(temp)") }
        var failure: Failure? = nil
        if !FileDescriptorWriter.writeAll(fd, data) {
            failure = systemError(path, "cannot write")
        }
        // The data reaches the disk before the new name does: a filesystem may write the
        // rename first (ext4 guards against that only by a heuristic, auto_da_alloc), and a
        // power cut in between leaves the target empty or short.
        if durable && failure == nil && fsync(fd) != 0 {
            failure = systemError(path, "cannot sync \(temp)")
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
        if durable { try syncFolder(of: path) }
    }

    /// Puts the finished file `finished` (same folder) in place of `path` by the same rule:
    /// its data synced (cheap when its writer synced already), renamed, the folder synced.
    /// On failure before the rename `finished` is left for the caller to remove.
    public static func replace(_ path: String, with finished: String) throws(Failure) {
        let fd = open(finished, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw systemError(path, "cannot open \(finished)") }
        let synced = fsync(fd) == 0
        let code = errno
        close(fd)
        guard synced else {
            errno = code
            throw systemError(path, "cannot sync \(finished)")
        }
        guard rename(finished, path) == 0 else { throw systemError(path, "cannot rename \(finished) into place") }
        try syncFolder(of: path)
    }

    /// A rename is a change to the folder: until the folder is synced, a power cut can undo
    /// it. A filesystem that cannot sync folders (EINVAL) gets what it offers.
    private static func syncFolder(of path: String) throws(Failure) {
        let folder = TemporaryFiles.split(path).folder
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        if fsync(fd) != 0 && errno != EINVAL {
            throw systemError(path, "in place, but its folder cannot be synced")
        }
    }

    /// Pid-suffixed so two processes writing one path do not clobber each other's temp file.
    private static func temporaryPath(for path: String) -> String {
        "\(temporaryPrefix(for: path))\(getpid()).tmp"
    }

    /// "/a/board.png" → "/a/.board.png." (the pid and ".tmp" follow).
    private static func temporaryPrefix(for path: String) -> String {
        let (folder, file) = TemporaryFiles.split(path)
        return "\(folder).\(file)."
    }

    /// Targets whose folder this process has cleared of dead writers' temporaries.
    private static let cleared = Locked<Set<String>>([])

    /// The first write to a path removes the temporaries that killed writers left for it;
    /// later writes (an image backend writes every frame) skip the folder scan.
    private static func removeOrphansOnce(of path: String) {
        guard cleared.withLock({ $0.insert(path).inserted }) else { return }
        TemporaryFiles.removeOrphans(prefix: temporaryPrefix(for: path)) { $0 == ".tmp" }
    }

    private static func systemError(_ path: String, _ what: String) -> Failure {
        Failure(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
