import Glibc
public import SystemFiles

/// Finds the bundled fonts (`Fonts/board-6x12.bdf`) from a checkout or an installation,
/// wherever the board file and the current folder are.
public enum FontLocator {
    public static func searchFolders(boardPath: String, executable: String? = OwnExecutable.path()) -> [String] {
        var folders: [String] = []
        if let slash = boardPath.lastIndex(of: "/") {
            folders.append(String(boardPath[..<slash]) + "/../Fonts")
        }
        folders.append("Fonts")
        // An installation beside the program first, the system's prefixes last (the final two);
        // between them a build in a checkout: CHECKOUT/.build/<triple>/<configuration>/departure-board.
        let installed = OwnExecutable.installedDataFolders(executable: executable).map { $0 + "/Fonts" }
        let checkout = executable.flatMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) + "/../../../Fonts" } }
        return folders + installed.dropLast(2) + (checkout.map { [$0] } ?? []) + installed.suffix(2)
    }

    /// The font file of a bundled name; the error lists where it looked.
    public static func bundledFont(_ name: String, boardPath: String) throws(FontNotFound) -> String {
        let folders = searchFolders(boardPath: boardPath)
        for folder in folders {
            let path = folder + "/" + name + ".bdf"
            if access(path, R_OK) == 0 { return path }
        }
        throw FontNotFound(name: name, searched: folders)
    }
}

/// A bundled font name with no file in any of the places searched.
public struct FontNotFound: Error, CustomStringConvertible {
    public var name: String
    public var searched: [String]

    public var description: String {
        "no bundled font '\(name)' (looked in \(searched.joined(separator: ", "))); "
            + "install the fonts with deploy/install.sh, or name a .bdf, .ttf or .otf file"
    }
}
