#if canImport(Glibc)
import Glibc
#endif

/// A file the user names on the command line (`--departures FILE`, a feed's zip): it must
/// exist, be a file and be readable, else the mistake is theirs, exit 66 — not a source
/// failing or a refused feed.
public enum NamedInput {
    /// `option` leads the message when the file came with one (`--departures saved.json: …`).
    public static func checkReadable(_ path: String, option: String? = nil) throws(AssemblyError) {
        let named = option.map { "\($0) \(path)" } ?? path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw AssemblyError(.noInput, "\(named): cannot read: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw AssemblyError(.noInput, "\(named): cannot read: Is a directory")
        }
    }
}
