#if canImport(Glibc)
import Glibc
#endif
import BoardConfig
import SystemFiles

/// The boards `bench` starts as child processes, and where their output goes.
public enum ProcessBench {
    public static let defaultBoards = ["Boards/ssd1322-spi.yaml", "Boards/preview.yaml"]

    public static func run(boards: [String], seconds: Int) throws(AssemblyError) -> [ProcessProbe.Figures] {
        guard let executable = OwnExecutable.path() else { throw AssemblyError(.io, "/proc/self/exe: cannot find this program") }
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(temporary)/departure-board-bench-XXXXXX".utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw AssemblyError(.io, "cannot make a scratch folder for bench")
        }
        defer { for name in ["probe.png", "probe.trace", "notify.sock"] { unlink(folder + "/" + name) }; rmdir(folder) }
        let probe = ProcessProbe(executable: executable, scratch: folder)
        let chosen = boards.isEmpty ? defaultBoards.filter { access($0, R_OK) == 0 } : boards
        var figures: [ProcessProbe.Figures] = []
        for board in chosen {
            let file = try BoardSetup.loadBoardFile(path: board)
            figures.append(probe.render(board: board))
            figures.append(probe.run(board: board, panel: file.output != nil, seconds: seconds))
        }
        return figures
    }
}
