import ArgumentParser
import BoardAssembly
import BoardRuntime
import Logging

/// `serve HUB.yaml`: the departures hub, until SIGINT/SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the departures API for the stops of a hub file, until SIGINT or SIGTERM.",
        discussion: """
            Each stop's source (any kind a board takes: gtfs, api, file, demo) is polled once \
            per refresh_interval however many signs ask; GET /api/v1/stops/{stopId}/departures \
            answers the last good departures with ETag and Cache-Control, so an HTTP cache can \
            sit in front. Signs are kind: api boards whose base_url is the hub. The hub also \
            serves /status.json and /metrics. The log names the address it listens on.
            """
    )

    @Argument(help: ArgumentHelp("The hub file.", valueName: "HUB.yaml"))
    var hubFile: String

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    func validate() throws {
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical; got '\(logLevel)'.")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in JournalLogHandler(label: label, level: level) }
        let logger = Logger(label: "departure-board")
        let signals = SignalEvents()
        let hub: RunningHub
        do {
            hub = try await HubSetup(path: hubFile, logger: logger).start(logger: logger)
        } catch {
            throw CLIFailure(error).exit()
        }
        for await signal in signals.events {
            switch signal {
            case .terminate, .interrupt:
                logger.info("stopping", metadata: ["signal": "\(signal)"])
                await hub.stop()
                return
            case .hangup, .user1:
                logger.notice("the hub does not reload; restart it to read \(hubFile) again", metadata: ["signal": "\(signal)"])
            }
        }
        await hub.stop()
    }
}
