public import SourceAssembly
public import BoardConfig
public import DeparturesCore
public import DeparturesHub
public import Logging
public import HTTPFetch
import SystemFiles
import WebMessages
public import WebServer
import ZoneInfo
#if canImport(Glibc)
public import Glibc
#endif

/// A hub file turned into one feed per stop (each stop's source built exactly as a sign's
/// would be) and the settings of the server that answers for them. Nothing runs until `start`.
public struct HubSetup: Sendable {
    public let hub: HubFile
    public let feeds: [StopFeed]
    private let clock: any BoardClock

    public static func loadHubFile(path: String) throws(AssemblyError) -> HubFile {
        do {
            return try HubFileLoader(zones: BoardSetup.systemZones).load(path: path)
        } catch {
            throw AssemblyError(.boardFile, error.description)
        }
    }

    /// `proxyEnvironment`: the program's proxy variables, for every stop's source (a stop's `proxy:` wins).
    public init(
        path: String, clock: any BoardClock = SystemBoardClock(), logger: Logger,
        proxyEnvironment: ProxyEnvironment = ProxyEnvironment()
    ) throws(AssemblyError) {
        try self.init(hub: Self.loadHubFile(path: path), clock: clock, logger: logger, proxyEnvironment: proxyEnvironment)
    }

    public init(
        hub: HubFile, clock: any BoardClock = SystemBoardClock(), logger: Logger,
        proxyEnvironment: ProxyEnvironment = ProxyEnvironment()
    ) throws(AssemblyError) {
        self.hub = hub
        self.clock = clock
        var feeds: [StopFeed] = []
        for stop in hub.stops {
            let setup: BoardSetup
            do {
                setup = try BoardSetup(board: stop.board, proxyEnvironment: proxyEnvironment)
            } catch {
                throw AssemblyError(error.kind, "stop '\(stop.id)': \(error.message)")
            }
            let (repository, policy) = Self.stopSource(setup, clock: clock, logger: logger)
            // Half the poll interval by default: a cache asks again at most twice per poll.
            let maxAge = hub.maxAge ?? max(.seconds(1), policy.interval / 2)
            let selection = stop.limit.map { limit in
                var rules = setup.rules
                rules.limit = limit
                return rules
            }
            let kinds = stop.board.sources.map(\.kind.rawValue).joined(separator: "+")
            let settings = StopFeed.Settings(
                id: stop.id, sourceKind: kinds, policy: policy,
                maxAge: maxAge, selection: selection, zone: setup.zone)
            feeds.append(StopFeed(settings: settings, repository: repository, clock: clock, logger: logger))
        }
        self.feeds = feeds
    }

    /// A stop's repository and polling: its one source's, or its sources merged into one stream.
    static func stopSource(
        _ setup: BoardSetup, clock: any BoardClock, logger: Logger
    )
        -> (any DeparturesRepository, RefreshPolicy)
    {
        let sources = setup.perSource
        guard sources.count > 1 else { return (setup.repository(clock: clock, logger: logger), setup.policy) }
        let parts = sources.enumerated().map { index, source in
            MergedStopSources.Part(
                repository: source.repository(clock: clock, logger: logger), feed: source.feedName,
                name: "sources[\(index)] (\(source.board.source.kind.rawValue))", policy: source.policy)
        }
        var logger = logger
        logger[metadataKey: "stop"] = "\(setup.board.name)"
        return (
            MergedStopSources(parts: parts, clock: clock, logger: logger),
            MergedStopSources.policy(of: parts, maxBackoff: setup.board.departures.maxBackoff)
        )
    }

    public var handler: HubHandler { HubHandler(feeds: feeds, clock: clock) }

    /// Where and how the hub listens; the token is read now, so a missing one stops the start.
    public func serverSettings(
        environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
    ) throws(AssemblyError) -> ServerSettings {
        let listen = hub.server.listen
        let token = try ConfiguredToken.read(hub.server.token, file: hub.path, keyPath: "", environment: environment).flatMap(
            AccessToken.init)
        // Many signs keep connections open; one event-loop thread per core serves them.
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        return ServerSettings(host: listen.host, port: listen.port, token: token, maxConnections: 4096, threads: min(cores, 8))
    }

    /// Starts every stop's poller and the server; returns once the server listens.
    public func start(logger: Logger) async throws(AssemblyError) -> RunningHub {
        let settings = try serverSettings()
        let pollers = Task { [feeds] in
            await withDiscardingTaskGroup { group in
                for feed in feeds { group.addTask { await feed.run() } }
            }
        }
        let server: RunningWebServer
        do {
            server = try await WebServing.start(settings, handler: handler, logger: logger)
        } catch {
            pollers.cancel()
            throw AssemblyError(.io, "\(hub.path): listen: \(error.description)")
        }
        let address = ListenAddress(host: settings.host, port: server.port)
        logger.info("hub serving \(feeds.count) stop\(feeds.count == 1 ? "" : "s") at http://\(address)/")
        return RunningHub(server: server, pollers: pollers)
    }
}

/// A hub answering requests and polling its stops until `stop()`.
public final class RunningHub: Sendable {
    private let server: RunningWebServer
    private let pollers: Task<Void, Never>

    init(server: RunningWebServer, pollers: Task<Void, Never>) {
        self.server = server
        self.pollers = pollers
    }

    /// The port bound (the one asked for, or the free one picked for port 0).
    public var port: Int { server.port }

    /// Stops listening and polling; returns once both have ended.
    public func stop() async {
        await server.stop()
        pollers.cancel()
        await pollers.value
    }
}
