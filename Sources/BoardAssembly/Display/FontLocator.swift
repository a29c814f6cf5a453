import Glibc

/// Finds the bundled fonts (`Fonts/board-6x12.bdf`) from a checkout or an installation.
public enum FontLocator {
    public static func searchFolders(boardPath: String) -> [String] {
        var folders: [String] = []
        if let slash = boardPath.lastIndex(of: "/") {
            folders.append(String(boardPath[..<slash]) + "/../Fonts")
        }
        folders.append("Fonts")
        if let executable = executablePath(), let slash = executable.lastIndex(of: "/") {
            folders.append(String(executable[..<slash]) + "/../share/departure-board/Fonts")
        }
        folders += ["/usr/local/share/departure-board/Fonts", "/usr/share/departure-board/Fonts"]
        return folders
    }

    public static func bundledFont(_ name: String, boardPath: String) throws(AssemblyError) -> String {
        let folders = searchFolders(boardPath: boardPath)
        for folder in folders {
            let path = folder + "/" + name + ".bdf"
            if access(path, R_OK) == 0 { return path }
        }
        throw AssemblyError(.boardFile, "\(boardPath): display.font: no bundled font '\(name)' in \(folders.joined(separator: ", "))")
    }

    /// This program's own path (/proc/self/exe): bundled files live beside it, and bench starts it.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
