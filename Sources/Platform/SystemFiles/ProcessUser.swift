#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The user this process runs as, for messages about what it may read or write.
public enum ProcessUser {
    /// The effective user's name, or `uid N` when the password database has none.
    public static var name: String {
        let uid = geteuid()
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }
}
