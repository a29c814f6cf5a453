#if canImport(Glibc)
import Glibc
#endif

/// This program's own path (/proc/self/exe): bundled files live beside it, bench starts it
/// again, and the sign finds its server program next to it.
public enum OwnExecutable {
    /// Where an installation keeps its shared files (`Fonts/`, `Boards/`), in the order they
    /// are looked for: beside this program (`PREFIX/bin` → `PREFIX/share/departure-board`),
    /// then the two usual prefixes.
    public static func installedDataFolders(executable: String? = path()) -> [String] {
        var folders: [String] = []
        if let executable, let slash = executable.lastIndex(of: "/") {
            folders.append(String(executable[..<slash]) + "/../share/departure-board")
        }
        return folders + ["/usr/local/share/departure-board", "/usr/share/departure-board"]
    }

    public static func path() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
