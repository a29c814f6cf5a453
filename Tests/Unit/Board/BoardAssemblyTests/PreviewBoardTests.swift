@testable import SourceAssembly
import Testing

/// Without --board the program finds the preview board in a checkout, or where an
/// installation put it beside its own binary, from any folder.
struct PreviewBoardTests {
    let executable = "/opt/sign/bin/departure-board"

    @Test func theCheckoutsBoardFirstThenTheInstallationsBesideItsBinary() {
        #expect(
            PreviewBoard.candidates(executable: executable)
                == [
                    "Boards/preview.yaml", "/opt/sign/bin/../share/departure-board/Boards/preview.yaml",
                    "/usr/local/share/departure-board/Boards/preview.yaml", "/usr/share/departure-board/Boards/preview.yaml",
                ])
        let installed: Set = [
            "/opt/sign/bin/../share/departure-board/Boards/preview.yaml", "/usr/share/departure-board/Boards/preview.yaml",
        ]
        #expect(
            PreviewBoard.path(executable: executable, isReadable: installed.contains)
                == "/opt/sign/bin/../share/departure-board/Boards/preview.yaml", "outside a checkout: the installed board")
        #expect(
            PreviewBoard.path(executable: executable, isReadable: installed.union(["Boards/preview.yaml"]).contains)
                == "Boards/preview.yaml", "a checkout's own board comes first")
        #expect(
            PreviewBoard.path(executable: executable, isReadable: { _ in false }) == "Boards/preview.yaml",
            "none anywhere: the error names the checkout's path")
    }
}
