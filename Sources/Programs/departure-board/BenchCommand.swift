import ArgumentParser
import BoardBench
import SourceAssembly
import DeparturesCore
import ZoneInfo

/// `bench`: measures layout + rasterisation per frame on fixed scenes, so performance is
/// reported as figures from the project's own code rather than asserted in tests.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure rendering speed and damaged area per frame, a GTFS import or reading a SIRI answer.",
        discussion: """
            Scenes, each three rows and a clock with every countdown changing each frame, drawn \
            and sent to a counting bus or device: max7219 (32×8 mono, four modules), ssd1306 \
            (128×64 mono), ssd1322 (256×64 gray4), epaper-7in5 (800×480, black/white with \
            partial refresh), fbdev-rgb565 and fbdev-xrgb8888 (1920×1080 framebuffers). Build \
            with -c release for meaningful figures.

            Then the program as users run it, in child processes of this binary: `render` and \
            `run` (on a trace bus, or to an image for boards without a panel) of each --board \
            (default: Boards/ssd1322-spi.yaml and Boards/preview.yaml when present), with the \
            peak resident memory the kernel counted and the time from start-up to the first \
            frame (run's READY=1 to systemd; render's exit).

            Then refreshes per hour of each e-paper board (the shipped e-paper boards, or the --board \
            files with --refreshes): the board run as `run` runs it over an hour of simulated \
            time, its own driver counting full and partial refreshes, and the seconds the panel \
            spent refreshing by the panel table's figures. --refreshes prints only these.

            With --gtfs-zip, only `gtfs import` of that zip for a board of the --gtfs-stop \
            stops, three times in child processes: stop_times rows a second over the whole \
            command and the child's peak resident memory. The import unpacks stop_times.txt \
            under TMPDIR, so leave room for it there.

            With --siri-answer, only the time to read that SIRI StopMonitoring answer (XML or \
            SIRI Lite JSON, as a server sent it) into a board's rows, 100 times in this process. \
            With --json-answer, the same for an answer of any JSON API, read through the mapping \
            of the --board's kind: json source.
            """
    )

    @Option(help: "Frames per scene.")
    var frames = 500

    @Flag(help: "Print a JSON array, one object per scene.")
    var json = false

    @Option(help: ArgumentHelp("A board to start as a child process (repeatable).", valueName: "FILE"))
    var board: [String] = []

    @Option(
        help: ArgumentHelp(
            "With --board: also time each board's own frames in this process, its source read once at this instant (ISO 8601, e.g. 2026-11-23T09:30:00+11:00).",
            valueName: "TIME"))
    var now: String?

    @Option(help: "How long each `run` child runs before SIGTERM, in seconds.")
    var seconds = 5

    @Option(
        name: .customLong("hub75-driver"),
        help: ArgumentHelp(
            "Run HUB75 boards against this departure-board-hub75 (e.g. one built against the stub by Tests/EndToEnd/HUB75/build-stub-driver.sh) instead of a trace, and report its frame delivery.",
            valueName: "PROGRAM"))
    var hub75Driver: String?

    @Flag(help: "Skip the child processes: frame figures only.")
    var noProcesses = false

    @Flag(help: "Only the refreshes per hour of e-paper boards (the --board files, else the shipped e-paper boards).")
    var refreshes = false

    @Option(
        name: .customLong("gtfs-zip"),
        help: ArgumentHelp(
            "Measure `gtfs import` of this GTFS zip instead (e.g. one `swift run -c release gtfs-import-bench --zip FILE` writes).",
            valueName: "FILE"))
    var gtfsZip: String?

    @Option(
        name: .customLong("gtfs-stop"),
        help: ArgumentHelp("A stop_id of the board the import is for (repeatable; with --gtfs-zip).", valueName: "ID"))
    var gtfsStop: [String] = []

    @Option(
        name: .customLong("siri-answer"),
        help: ArgumentHelp("Measure reading this SIRI StopMonitoring answer (XML or JSON) into rows instead.", valueName: "FILE"))
    var siriAnswer: String?

    @Option(
        name: .customLong("json-answer"),
        help: ArgumentHelp(
            "Measure reading this JSON API answer into rows through the --board's kind: json mapping instead.", valueName: "FILE"))
    var jsonAnswer: String?

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1.") }
        guard seconds >= 1 else { throw ValidationError("--seconds must be at least 1.") }
        guard (gtfsZip == nil) == gtfsStop.isEmpty else { throw ValidationError("--gtfs-zip and --gtfs-stop go together.") }
        guard jsonAnswer == nil || board.count == 1 else {
            throw ValidationError("--json-answer needs one --board: the board whose kind: json mapping reads it.")
        }
    }

    func run() async throws {
        var instant: Date?
        if let now {
            do { instant = try InstantParser.parse(now, zone: .utc) } catch { throw CLIFailure(.usage, "--now: \(error)").exit() }
        }
        do {
            if let siriAnswer {
                Console.raw(try ParseBench.siri(file: siriAnswer))
                return
            }
            if let jsonAnswer {
                Console.raw(try ParseBench.json(file: jsonAnswer, board: board[0]))
                return
            }
            if let gtfsZip {
                for figures in try ImportBench.run(zip: gtfsZip, stopIDs: gtfsStop, runs: 3) {
                    Console.raw(figures.text)
                }
                return
            }
            if refreshes {
                for path in board.isEmpty ? RefreshBench.shippedBoards() : board {
                    Console.raw(try await RefreshBench.hour(of: path).text)
                }
                return
            }
            if let instant {
                for figures in try await FrameBench.run(boards: board, frames: frames, now: instant) {
                    Console.raw(figures.text)
                }
            }
            let results = try await BenchMeasurement.run(frames: frames)
            Console.raw(json ? BenchResult.json(results) : results.map(\.text).joined())
            if !json {
                for path in RefreshBench.shippedBoards() {
                    Console.raw(try await RefreshBench.hour(of: path).text)
                }
            }
            if !noProcesses && !json {
                for figures in try ProcessBench.run(boards: board, seconds: seconds, hub75Driver: hub75Driver) {
                    Console.raw(figures.text)
                }
            }
        } catch {
            throw CLIFailure(error).exit()
        }
    }
}
