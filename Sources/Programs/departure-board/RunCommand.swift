import DeparturesCore
import ProgramSupport
import ArgumentParser
import BoardAssembly
import SourceAssembly
import BoardRuntime
import Logging
import ZoneInfo

/// `run`: drives a board until SIGINT/SIGTERM.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Drive a board until SIGINT or SIGTERM.",
        discussion: """
            Frames go to the board's output (its panel, or /dev/fbN); --trace drives the \
            board's own panel driver on a trace bus instead of hardware, --output writes an \
            image file (or - draws on this terminal). SIGHUP reloads the board file (an \
            invalid file is reported and the board keeps running), SIGUSR1 refreshes now. \
            Under systemd (Type=notify) it reports ready after the first frame and feeds \
            the watchdog from its draw loop; a status: section serves a status page.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The board file.", valueName: "FILE"))
    var board: String?

    @Option(name: .long, help: ArgumentHelp("Drive the board's panel driver on a trace bus and write the trace here.", valueName: "FILE"))
    var trace: String?

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write each frame to this image file, or - to draw on this terminal.", valueName: "PATH"))
    var output: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Option(
        help: ArgumentHelp(
            "Start the board's clock at this instant (ISO 8601) and let it run, to watch a past-dated feed; nothing it does is saved as real time.",
            valueName: "ISO8601"))
    var now: String?

    func validate() throws {
        if trace != nil && output != nil { throw ValidationError("--trace and --output name two outputs; give one.") }
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical; got '\(logLevel)'.")
        }
    }

    /// The real clock, or with --now real time shifted to start there (the zone reads a
    /// time without an offset as the board's local time).
    func startingClock() throws -> any BoardClock {
        guard let now else { return SystemBoardClock() }
        let zone: TimeZoneRules
        do {
            zone = try BoardSetup(path: board).zone
        } catch {
            throw CLIFailure(error).exit()
        }
        do {
            return ShiftedBoardClock(startingAt: try InstantParser.parse(now, zone: zone))
        } catch {
            throw CLIFailure(.usage, "--now: \(error)").exit()
        }
    }

    var target: OutputTarget {
        if let trace { return .trace(trace) }
        if let output { return output == "-" ? .terminal : .imageFile(output) }
        return .board
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in JournalLogHandler(label: label, level: level) }
        let signals = SignalEvents()
        let clock = try startingClock()
        do {
            let service = try await BoardService(
                path: board, output: target, clock: clock, logger: Logger(label: "departure-board"),
                environment: ProcessInfo.processInfo.environment)
            try await service.run(until: signals.events)
        } catch {
            throw CLIFailure(error).exit()
        }
    }
}
