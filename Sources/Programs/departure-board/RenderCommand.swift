import ProgramSupport
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import BoardAssembly
import SourceAssembly
import BoardRuntime
import BoardRender
import DeparturesCore
import DisplayBackends
import Framebuffer
import HTTPFetch
import Logging
import ZoneInfo
import BoardConfig

/// `render`: one frame of a board to a file.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame of a board to a file.",
        discussion: """
            The extension of --output picks the format: .json (the board state), .layout.json \
            (every text the frame draws: its box, colours, font and what is visible), .txt (the \
            rows as plain text), .png, .ppm or .pgm (the board as the display shows it, --scale N \
            times); - draws it on this terminal, fitted to its size. A failed fetch still writes \
            the error state.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The board file.", valueName: "FILE"))
    var board: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Read departures from a file in the API's response format instead of the board's source.", valueName: "FILE"))
    var departures: String?

    @Option(
        name: .customLong("api-base"),
        help: ArgumentHelp("Fetch from this API base URL instead of the board's source (needs --stop).", valueName: "URL"))
    var apiBase: String?

    @Option(name: .long, help: ArgumentHelp("The stop id for --api-base.", valueName: "ID"))
    var stop: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render at this instant, e.g. 2026-10-04T08:00:00+11:00 (without an offset: the board's zone).", valueName: "ISO8601"))
    var now: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The file to write; its extension picks the format (- for this terminal).", valueName: "PATH"))
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also push the frame through the board's own panel driver on a trace bus, initialisation included, and write the JSON-lines trace here.",
            valueName: "FILE"))
    var trace: String?

    @Flag(name: .long, help: "Also push the frame to the board's panel over its real bus or /dev/fbN: a wiring check.")
    var panel = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Enlarge image output N times (1–16), each pixel an N×N block: previews of small panels people can see.", valueName: "N"))
    var scale: Int?

    @Flag(
        name: .customLong("led-dots"),
        help:
            "Draw image output as LEDs: each pixel a round dot with dark gaps, on a --scale N cell (8 when not given), as an LED board (hub75, max7219, ht16k33) shows it."
    )
    var ledDots = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --panel on a HUB75 board: how long the driver shows the frame before it ends (a matrix is lit only while its driver runs).",
            valueName: "SECONDS"))
    var hold: Int = 10

    @Flag(
        name: .long,
        help:
            "For a ticker board: draw the whole message as the frames the panel shows one after another, in rows (an image or -), instead of the one frame at --now."
    )
    var strip = false

    func validate() throws {
        if output == nil && trace == nil && !panel {
            throw ValidationError("Missing expected argument '--output <PATH>' (or --trace <FILE>, or --panel).")
        }
        if departures != nil && (apiBase != nil || stop != nil) {
            throw ValidationError("--departures and --api-base/--stop name two different sources; give one.")
        }
        if (apiBase == nil) != (stop == nil) {
            throw ValidationError("--api-base and --stop go together.")
        }
        if strip, let output, output.hasSuffix(".json") || output.hasSuffix(".txt") {
            throw ValidationError("--strip draws pictures; \(output) is not one (use .png, .ppm, .pgm or -).")
        }
        if let scale, !(1...16).contains(scale) {
            throw ValidationError("--scale must be between 1 and 16, got \(scale).")
        }
        if scale != nil, let output, !(output.hasSuffix(".png") || output.hasSuffix(".ppm") || output.hasSuffix(".pgm")) {
            throw ValidationError(
                "--scale enlarges images (.png, .ppm, .pgm); \(output == "-" ? "the terminal picture is fitted to the terminal" : output + " is not one")."
            )
        }
        if ledDots, let output, !(output.hasSuffix(".png") || output.hasSuffix(".ppm") || output.hasSuffix(".pgm")) {
            throw ValidationError("--led-dots draws images (.png, .ppm, .pgm); \(output) is not one.")
        }
        if !(0...3600).contains(hold) {
            throw ValidationError("--hold must be between 0 and 3600 seconds, got \(hold).")
        }
        if let apiBase, !(apiBase.hasPrefix("http://") || apiBase.hasPrefix("https://")) {
            throw ValidationError("--api-base must be an http:// or https:// URL, got '\(apiBase)'.")
        }
    }

    func run() async throws {
        do {
            try await Self.render(self)
        } catch {
            throw error.exit()
        }
    }

    @MainActor
    static func render(_ options: RenderCommand) async throws(CLIFailure) {
        let format = try options.output.map { (path: String) throws(CLIFailure) -> OutputFormat in try OutputFormat(path: path) }
        let reading = try await BoardReading.read(
            board: options.board, departures: options.departures,
            apiBase: options.apiBase, stop: options.stop, now: options.now)
        let (setup, clock, state) = (reading.setup, reading.clock, reading.state)
        let board = setup.board

        // Fonts load only when a picture is asked for: a JSON render needs none.
        var frame: Framebuffer?
        var frameRenderer: BoardRenderer?
        func drawn() throws(CLIFailure) -> Framebuffer {
            if let frame { return frame }
            let renderer: BoardRenderer
            do {
                renderer = BoardRenderer(options: try LayoutAssembly.options(for: board))
            } catch {
                throw CLIFailure(error)
            }
            let drawn = renderer.render(state)
            frame = drawn
            frameRenderer = renderer
            return drawn
        }
        /// Whatever was drawn (an image, the panel, a trace), the boxes in it are said.
        func reportBoxes() {
            guard let frameRenderer else { return }
            let missing = frameRenderer.layout(state).texts.reduce(0) { $0 + $1.missingGlyphs }
            guard missing > 0 else { return }
            Console.warning(
                "\(board.path): \(missing) character\(missing == 1 ? "" : "s") without a glyph in the board's fonts, drawn as boxes "
                    + "(display.fallback_fonts names fonts for other scripts)")
        }
        /// The picture --output gets: the frame, or with --strip the ticker's whole message.
        func picture() throws(CLIFailure) -> Framebuffer {
            guard options.strip else { return try drawn() }
            let layout: LayoutOptions
            do {
                layout = try LayoutAssembly.options(for: board)
            } catch {
                throw CLIFailure(error)
            }
            guard let strip = BoardRenderer(options: layout).tickerStrip(state) else {
                throw CLIFailure(
                    .usage,
                    "--strip: \(board.path) has the row layout, whose frame is its preview; a strip is for ticker boards (display.layout: ticker)"
                )
            }
            return strip
        }
        do {
            if let tracePath = options.trace {
                let panel = ScheduleAssembly.panelState(board, zone: setup.zone, atUnixSeconds: clock.now.unixSeconds)
                try OutputFile.write(
                    try PanelAssembly.trace(
                        of: try drawn(), board: board, contrast: panel.contrast,
                        blank: panel.blank), to: tracePath)
            }
            if options.panel {
                try PanelAssembly.show(
                    try drawn(), board: board, hold: .seconds(options.hold),
                    logger: Logger(label: "departure-board") { JournalLogHandler(label: $0, level: .info) })
            }
        } catch let error as CLIFailure {
            throw error
        } catch let error as AssemblyError {
            throw CLIFailure(error)
        } catch {
            throw CLIFailure(.ioError, "\(error)")
        }
        guard let format, let path = options.output else {
            reportBoxes()
            return
        }
        switch format {
        case .json:
            let bytes = Array(BoardStateJSON.encode(state).utf8)
            try OutputFile.write(bytes, to: path)
            Console.info("wrote \(path): board state as JSON, \(bytes.count) bytes, \(state.status.rawValue), \(state.rows.count) rows")
        case .layout:
            let report: LayoutReport
            do {
                report = BoardRenderer(options: try LayoutAssembly.options(for: board)).layout(state)
            } catch {
                throw CLIFailure(error)
            }
            let bytes = Array(report.json.utf8)
            try OutputFile.write(bytes, to: path)
            let missing = report.texts.reduce(0) { $0 + $1.missingGlyphs }
            Console.info("wrote \(path): the frame's layout, \(report.texts.count) texts, \(missing) characters without a glyph")
        case .txt:
            let bytes = Array(BoardStateText.encode(state).utf8)
            try OutputFile.write(bytes, to: path)
            Console.info("wrote \(path): rows as text, \(bytes.count) bytes, \(state.status.rawValue), \(state.rows.count) rows")
        case .image(let imageFormat):
            let encoded: [UInt8]
            let size: String
            do {
                let shown = options.ledDots ? try picture().ledDots(cell: options.scale ?? 8) : try picture().scaled(by: options.scale ?? 1)
                size = "\(shown.width)×\(shown.height)"
                encoded = try ImageEncoder.encode(shown, as: imageFormat)
            } catch let error as CLIFailure {
                throw error
            } catch {
                throw CLIFailure(.ioError, "\(path): \(error)")
            }
            try OutputFile.write(encoded, to: path)
            Console.info("wrote \(path): \(size) \(imageFormat.rawValue.uppercased()), \(encoded.count) bytes, \(state.status.rawValue)")
        case .terminal:
            // Fitted to this terminal (one row left for the prompt); piped, at its own size.
            let picture = try picture()
            let fitted = TerminalSize.of(fileDescriptor: STDOUT_FILENO).map { TerminalBackend.fit(picture, to: $0, leavingRows: 1) }
            Console.raw(TerminalBackend.render(fitted ?? picture))
        }
        reportBoxes()
    }
}
