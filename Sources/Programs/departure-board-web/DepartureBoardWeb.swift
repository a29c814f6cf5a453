import ArgumentParser
import ProgramSupport
import SourceAssembly
import CKernel
import HTTPFetch
import Logging
import ServerAssembly
import StatusLink
import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// The project's HTTP server, in a program of its own so a sign without `status:` never
/// maps it: a sign's status page (started by `departure-board run`) and the departures hub
/// (started by `departure-board serve`).
@main
struct DepartureBoardWeb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "departure-board-web",
        abstract: "The HTTP server of departure-board: a sign's status page and the departures hub.",
        discussion: """
            Not started by hand: `departure-board run` starts `status` for a board with a \
            status: section, and `departure-board serve HUB.yaml` runs `hub`.

            Exit codes: 0 success, 64 usage, 74 I/O error, 78 bad hub file.
            """,
        version: "departure-board-web \(ProductVersion.description)",
        subcommands: [StatusCommand.self, HubCommand.self]
    )
}

struct LogLevelOption: ParsableArguments {
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    func validate() throws {
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical; got '\(logLevel)'.")
        }
    }

    func bootstrap() -> Logger {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in JournalLogHandler(label: label, level: level) }
        return Logger(label: "departure-board-web")
    }
}

/// `status --link-fd N`: a sign's status page, fed by the sign over the link on descriptor N.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Serve a sign's status page for the sign on the other end of --link-fd (started by departure-board run)."
    )

    @Option(name: .customLong("link-fd"), help: "The descriptor of the sign's link.")
    var linkFD: Int32

    @OptionGroup var log: LogLevelOption

    func run() async throws {
        let logger = log.bootstrap()
        guard linkFD > 2, fcntl(linkFD, F_GETFD) >= 0 else {
            throw failure(AssemblyError(.usage, "--link-fd \(linkFD): not an open link (departure-board run starts this)"))
        }
        // The sign stops: so does its page, even if it died without closing the link.
        _ = ck_terminate_with_parent()
        do {
            try await LinkedStatusServer.run(link: LinkChannel(fd: linkFD), logger: logger)
        } catch {
            throw failure(error)
        }
    }
}

/// `hub HUB.yaml`: the departures hub, until SIGINT/SIGTERM (`departure-board serve`).
struct HubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hub",
        abstract: "Serve the departures API for the stops of a hub file, until SIGINT or SIGTERM (departure-board serve)."
    )

    @Argument(help: ArgumentHelp("The hub file.", valueName: "HUB.yaml"))
    var hubFile: String

    @OptionGroup var log: LogLevelOption

    func run() async throws {
        let logger = log.bootstrap()
        let signals = SignalEvents()
        let hub: RunningHub
        do {
            let proxies = ProxyEnvironment.ofThisProcess
            hub = try await HubSetup(path: hubFile, logger: logger, proxyEnvironment: proxies).start(logger: logger)
        } catch {
            throw failure(error)
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

/// One line on stderr and the exit code of the error's kind (sysexits.h, as departure-board's).
/// Named as departure-board's own errors: users meet this program as `departure-board serve`.
func failure(_ error: AssemblyError) -> ExitCode {
    FileDescriptorWriter.writeAll(STDERR_FILENO, Array("departure-board: error: \(error.message)\n".utf8))
    return ExitCode(error.kind.exitStatus.rawValue)
}
