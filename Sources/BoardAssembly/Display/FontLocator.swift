import Glibc
import SystemFiles

/// Finds the bundled fonts (`Fonts/board-6x12.bdf`) from a checkout or an installation.
public enum FontLocator {
    public static func searchFolders(boardPath: String) -> [String] {
        var folders: [String] = []
        if let slash = boardPath.lastIndex(of: "/") {
            folders.append(String(boardPath[..<slash]) + "/../Fonts")
        }
        folders.append("Fonts")
        if let executable = OwnExecutable.path(), let slash = executable.lastIndex(of: "/") {
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
}
