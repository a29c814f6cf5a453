import ArgumentParser
import BoardConfig
import BoardRuntime
import DeparturesCore
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
            invalid file is reported and the board keeps running), SIGUSR1 refreshes now.
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

    func run() async throws {
        do {
            try await Self.drive(self)
        } catch {
            throw error.exit()
        }
    }

    @MainActor
    static func drive(_ options: RunCommand) async throws(CLIFailure) {
        let level = Logger.Level(rawValue: options.logLevel) ?? .info
        LoggingSystem.bootstrap { label in JournalLogHandler(label: label, level: level) }
        let logger = Logger(label: "departure-board")
        let override: BoardSession.OutputOverride
        if let trace = options.trace {
            override = .trace(trace)
        } else if let output = options.output {
            override = output == "-" ? .terminal : .file(output)
        } else {
            override = .none
        }
        let signals = SignalEvents()
        let clock = SystemBoardClock()
        let checked = try BoardSession.check(options.board)
        let board = checked.board
        var session = try BoardSession(checked, override: override, clock: clock, logger: logger)
        // Buttons are wired once per run: a reload keeps the lines it already holds.
        let buttons = try BoardSession.buttons(board.buttons, board: board.path)
        if let buttons {
            Task { @MainActor in
                for await action in buttons.presses {
                    switch action {
                    case .refresh: session.coordinator.refreshNow()
                    case .nextPage: session.coordinator.nextPage()
                    }
                }
            }
        }
        defer { buttons?.stop() }
        session.coordinator.start()
        for await signal in signals.events {
            switch signal {
            case .terminate, .interrupt:
                logger.info("stopping", metadata: ["signal": "\(signal)"])
                session.coordinator.stop()
                return
            case .hangup:
                // Check the new file first: a broken one leaves the running board untouched.
                let replacement: BoardSession.Checked
                do {
                    replacement = try BoardSession.check(options.board)
                } catch {
                    logger.error("reload failed, keeping the running board: \(error.description)")
                    continue
                }
                session.coordinator.stop()
                do {
                    session = try BoardSession(replacement, override: override, clock: clock, logger: logger)
                    logger.info("board reloaded", metadata: ["board": "\(replacement.board.path)"])
                } catch {
                    // The new board's devices would not open: go back to the old board.
                    logger.error("reload failed, restarting the previous board: \(error.description)")
                    session = (try? BoardSession(session.checked, override: override, clock: clock, logger: logger)) ?? session
                }
                session.coordinator.start()
            case .user1:
                session.coordinator.refreshNow()
            }
        }
    }
}
