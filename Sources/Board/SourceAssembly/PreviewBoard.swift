#if canImport(Glibc)
import Glibc
#endif
import SystemFiles

/// The board `render` and `run` use without `--board`: the preview in a checkout's
/// `Boards/`, else the one an installation ships beside its fonts, so the installed program
/// works from any folder.
enum PreviewBoard {
    static let relativePath = "Boards/preview.yaml"

    /// Where it is looked for, in order: the current folder, then an installation's folders.
    static func candidates(executable: String? = OwnExecutable.path()) -> [String] {
        [relativePath] + OwnExecutable.installedDataFolders(executable: executable).map { $0 + "/" + relativePath }
    }

    /// The first readable candidate; when there is none, the checkout's path, so the error
    /// names the file a user of a checkout expects.
    static func path(
        executable: String? = OwnExecutable.path(),
        isReadable: (String) -> Bool = { access($0, R_OK) == 0 }
    ) -> String {
        candidates(executable: executable).first(where: isReadable) ?? relativePath
    }
}
