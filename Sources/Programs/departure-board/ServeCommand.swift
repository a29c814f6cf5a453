import ArgumentParser
import BoardAssembly
import SourceAssembly
import StatusLink
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// `serve HUB.yaml`: the departures hub, until SIGINT/SIGTERM. The hub is the HTTP server
/// program's (departure-board-web): this replaces itself with it, so a sign's own binary
/// carries no server and the hub's process is the one systemd started.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the departures API for the stops of a hub file, until SIGINT or SIGTERM.",
        discussion: """
            Each stop's source (any kind a board takes: gtfs, api, file, demo) is polled once \
            per refresh_interval however many signs ask; GET /api/v1/stops/{stopId}/departures \
            answers the last good departures with ETag and Cache-Control, so an HTTP cache can \
            sit in front. Signs are kind: api boards whose base_url is the hub. The hub also \
            serves /status.json and /metrics. The log names the address it listens on. It runs \
            as departure-board-web, installed beside departure-board (exit 69 when it is not).
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

    func run() throws {
        let name = HelperExecutable.webServerName
        guard let server = HelperExecutable.find(name) else {
            let places = HelperExecutable.candidates(name).joined(separator: " or ")
            throw CLIFailure(
                .unavailable, "serve needs \(name), the server program installed beside departure-board; not found at \(places)"
            ).exit()
        }
        let arguments: [String] = [server, "hub", hubFile, "--log-level", logLevel]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        throw CLIFailure(.unavailable, "cannot run \(server): \(String(cString: strerror(errno)))").exit()
    }
}
