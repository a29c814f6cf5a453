import DeparturesCore
import ProgramSupport
import ArgumentParser
import BoardAssembly
import SourceAssembly
import BoardRuntime
import Logging

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

    @Option(name: .shortAndLong, help: ArgumentHelp("Write each frame to this image file, or - to draw on this terminal.", valueName: "PATH"))
    var output: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    func validate() throws {
        if trace != nil && output != nil { throw ValidationError("--trace and --output name two outputs; give one.") }
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical; got '\(logLevel)'.")
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
        do {
            let service = try await BoardService(path: board, output: target, logger: Logger(label: "departure-board"),
                                                 environment: ProcessInfo.processInfo.environment)
            try await service.run(until: signals.events)
        } catch {
            throw CLIFailure(error).exit()
        }
    }
}
