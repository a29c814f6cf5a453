public import SourceAssembly
#if canImport(Glibc)
import Glibc
#endif
import BoardConfig
import SystemFiles
import PanelCatalog

/// The boards `bench` starts as child processes, and where their output goes.
public enum ProcessBench {
    public static let defaultBoards = ["Boards/ssd1322-spi.yaml", "Boards/preview.yaml"]

    /// `hub75Driver`: HUB75 boards run against this driver program (one built against the
    /// recording stub, say), through a copy of the board that names it, instead of a trace.
    public static func run(boards: [String], seconds: Int, hub75Driver: String? = nil) throws(AssemblyError) -> [ProcessProbe.Figures] {
        let probe = try ProcessProbe.inScratchFolder()
        let folder = probe.scratch
        defer { for name in ["probe.png", "probe.trace", "notify.sock", "hub75.yaml"] { unlink(folder + "/" + name) }; rmdir(folder) }
        let chosen = boards.isEmpty ? defaultBoards.filter { access($0, R_OK) == 0 } : boards
        var figures: [ProcessProbe.Figures] = []
        for board in chosen {
            let file = try BoardSetup.loadBoardFile(path: board)
            figures.append(probe.render(board: board))
            if let hub75Driver, file.output?.driver == .hub75 {
                let copy = folder + "/hub75.yaml"
                do {
                    let text = try BoundedFile.read(board, maxBytes: 1 << 20)
                    try AtomicFile.write(text + Array("  driver_program: \(hub75Driver)\n".utf8), to: copy, durable: false)
                } catch {
                    throw AssemblyError(.io, "\(copy): cannot write a copy of \(board) for its driver: \(error)")
                }
                var run = probe.run(board: copy, panel: false, seconds: seconds, output: [], keep: ["hub75: "])
                run.label = "run \(board) (driver \(hub75Driver))"
                figures.append(run)
                continue
            }
            figures.append(probe.run(board: board, panel: file.output != nil, seconds: seconds))
        }
        return figures
    }
}
