#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Folders made on demand (`mkdir -p`), with the reason in plain words when one cannot be.
public enum Folders {
    public struct Failure: Error, CustomStringConvertible {
        /// The folder that could not be made (the first missing one that failed).
        public var path: String
        public var reason: String
        public var description: String { "cannot create the folder \(path) (\(reason))" }
    }

    /// Makes `path` and any missing parents, mode 0755 (less the umask); an existing folder is fine.
    public static func create(_ path: String) throws(Failure) {
        guard !path.isEmpty, !isFolder(path) else { return }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex {
            try create(String(trimmed[..<slash]))
        }
        if mkdir(trimmed, 0o755) != 0 && errno != EEXIST {
            throw Failure(path: trimmed, reason: systemErrorText(errno))
        }
        guard isFolder(trimmed) else { throw Failure(path: trimmed, reason: "a file of that name is in the way") }
    }

    /// The folder part of `path` (`.` for a bare file name).
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute against the current folder; unchanged when already absolute or
    /// when the current folder cannot be read.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let current = getcwd(nil, 0) else { return path }
        defer { free(current) }
        let folder = String(cString: current)
        return (folder.hasSuffix("/") ? folder : folder + "/") + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }

    /// The folder a new file at `path` lands in — its parent, or the nearest existing ancestor
    /// when parents are still to be made (as `create` would) — and whether this process may
    /// create and rename files there (`access(W_OK|X_OK)`: user, groups and read-only mounts).
    public static func creatableFolder(for path: String) -> (folder: String, writable: Bool) {
        var folder = parent(of: path)
        while !isFolder(folder), folder != "/", folder != "." { folder = parent(of: folder) }
        return (folder, access(folder, W_OK | X_OK) == 0)
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
