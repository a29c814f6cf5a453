import ProgramSupport
import ArgumentParser
import BoardAssembly
import CKernel
import SourceAssembly

/// The command-line tool: wires a board file to a source, the view model and an output.
@main
struct DepartureBoard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "departure-board",
        abstract: "Live departures on LED, OLED and e-paper signs, and as preview files.",
        discussion: """
            Without --board, Boards/preview.yaml is used (from the current folder, else \
            the installed one in share/departure-board/): a desktop preview on the demo \
            timetable that needs no hardware and no network.

            Exit codes: 0 success, 1 the answer is no (gtfs stops found nothing, \
            update-window: outside), 64 usage, 65 bad departures data, 66 a file named \
            on the command line cannot be read, 69 something it needs is unavailable (a \
            source or feed URL, a program it runs, a sound card), 74 I/O error, 78 bad \
            board file.
            """,
        version: "departure-board \(ProductVersion.description)",
        subcommands: [
            RenderCommand.self, RunCommand.self, ValidateCommand.self, SayCommand.self, ServeCommand.self, GTFSCommand.self,
            BenchCommand.self, UpdateWindowCommand.self,
        ]
    )

    /// One malloc arena for the whole process, set before the first thread starts: the draw
    /// loop, the fetches and the concurrency pool allocate little, and an arena per thread
    /// kept a heap per thread resident.
    static func main() async {
        _ = ck_malloc_one_arena()
        await main(nil)
    }
}
