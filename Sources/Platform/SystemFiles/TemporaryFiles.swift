#if canImport(Glibc)
import Glibc
#endif

/// Temporary files carry the id of the process writing them (`<prefix><pid><rest>`), so a
/// later run can tell the leftovers of a killed writer from the files of a live one.
public enum TemporaryFiles {
    /// Removes the files named `prefix` (a path: folder and the start of a name) followed by
    /// a process id and a rest that `rest` accepts, when no process with that id exists.
    /// Files of this process and of live processes stay; so does the leftover of a dead
    /// writer whose id a live process now has (a later run removes it). One `readdir` of the
    /// folder; returns the paths removed.
    @discardableResult
    public static func removeOrphans(prefix: String, rest: (Substring) -> Bool) -> [String] {
        let (folder, namePrefix) = split(prefix)
        guard let dir = opendir(folder.isEmpty ? "." : folder) else { return [] }
        var orphans: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(namePrefix) else { continue }
            let tail = name.dropFirst(namePrefix.count)
            let digits = tail.prefix { $0.isASCII && $0.isNumber }
            guard (1...10).contains(digits.count), let pid = pid_t(digits), pid > 0,
                rest(tail.dropFirst(digits.count)), !isAlive(pid)
            else { continue }
            orphans.append(folder + name)
        }
        closedir(dir)
        return orphans.filter { unlink($0) == 0 }
    }

    /// True for this process and for any process the kernel knows, ours or another user's
    /// (EPERM); false only when kill(pid, 0) says there is none (ESRCH).
    private static func isAlive(_ pid: pid_t) -> Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    /// "/a/b/name" → ("/a/b/", "name"); "name" → ("", "name").
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}
