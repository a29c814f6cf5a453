public import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// Where the sign finds `departure-board-web`, the program that holds the HTTP server (the
/// status page, `serve`): beside its own executable (a build folder, /usr/local/bin), or in
/// `../libexec/departure-board/` from it (the Debian package's /usr/libexec).
public enum HelperExecutable {
    public static let webServerName = "departure-board-web"

    /// The places looked at, in order, for a helper of this name.
    public static func candidates(_ name: String, besideExecutable executable: String? = OwnExecutable.path()) -> [String] {
        guard let executable, let slash = executable.lastIndex(of: "/") else { return [] }
        let folder = String(executable[..<slash])
        return ["\(folder)/\(name)", "\(folder)/../libexec/departure-board/\(name)"]
    }

    /// The first candidate that can be executed, without `..` (it names the process in logs).
    public static func find(_ name: String, besideExecutable executable: String? = OwnExecutable.path()) -> String? {
        guard let found = candidates(name, besideExecutable: executable).first(where: { access($0, X_OK) == 0 }) else { return nil }
        guard let resolved = realpath(found, nil) else { return found }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
