public import WebMessages
import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Locking
import Dispatch

/// Where and how a server listens, and what it refuses.
public struct ServerSettings: Sendable {
    public var host: String
    /// 0 picks a free port (tests); `RunningWebServer.port` says which.
    public var port: Int
    /// Required of every request when set.
    public var token: AccessToken?
    /// Connections beyond this wait in the backlog instead of costing memory.
    public var maxConnections: Int
    /// A connection silent for this long is closed: the time limit on a request, since
    /// handlers answer from memory at once (slow or stuck clients are cut off here).
    public var idleTimeout: Duration
    /// All request headers together.
    public var maxHeaderBytes: Int
    /// The only bodies accepted are empty ones; this bounds what is read and thrown away.
    public var maxBodyBytes: Int
    /// Event-loop threads: one serves a sign's phone and a hub's fleet of signs alike.
    public var threads: Int

    public init(
        host: String, port: Int, token: AccessToken? = nil, maxConnections: Int = 64,
        idleTimeout: Duration = .seconds(15),
        maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 4096, threads: Int = 1
    ) {
        self.host = host
        self.port = port
        self.token = token
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.threads = threads
    }
}

public struct WebServerError: Error, CustomStringConvertible {
    public var description: String
}

/// A server running in the background until `stop()`.
public final class RunningWebServer: Sendable {
    /// The port bound (the one asked for, or the free one picked for port 0).
    public let port: Int
    private let task: Task<Void, any Error>
    private let services: ServiceGroup
    private let group: MultiThreadedEventLoopGroup

    fileprivate init(port: Int, task: Task<Void, any Error>, services: ServiceGroup, group: MultiThreadedEventLoopGroup) {
        self.port = port
        self.task = task
        self.services = services
        self.group = group
    }

    /// Stops listening, lets requests in flight finish, and ends the server's threads.
    public func stop() async {
        await services.triggerGracefulShutdown()
        _ = await task.result
        try? await group.shutdownGracefully()
    }
}

public enum WebServing {
    /// Binds and starts serving; returns once the socket listens, or throws why it cannot.
    public static func start(
        _ settings: ServerSettings, handler: some WebHandler, logger: Logger
    ) async throws(WebServerError) -> RunningWebServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, settings.threads))
        // The server's own start/stop chatter is debug detail; its warnings and errors stay.
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .notice)
        let bound = BindOutcome()
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: TimeAmount.nanoseconds(
                Int64(settings.idleTimeout.components.seconds) * 1_000_000_000
                    + settings.idleTimeout.components.attoseconds / 1_000_000_000),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: settings.maxHeaderBytes, maxHeaderListSize: settings.maxHeaderBytes,
                maxHeaderFieldCount: 100))
        let app = Application(
            responder: GuardedResponder(handler: handler, settings: settings),
            server: .http1(configuration: http1),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: nil, backlog: 256,
                reuseAddress: true, availableConnectionsDelegate: MaximumAvailableConnections(settings.maxConnections)),
            onServerRunning: { channel in bound.resolve(.success(channel.localAddress?.port ?? settings.port)) },
            eventLoopGroupProvider: .shared(group),
            logger: quiet)
        // Our own group rather than app.runService(): the process's signals belong to the board.
        let services = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        // Requests run on the server's own thread, not Swift's shared pool: a board (or a test
        // suite) keeping the pool busy can neither stall the server nor be stalled by it.
        let task = Task(executorPreference: ServerThreadExecutor(label: "departure-board.web")) {
            do {
                try await services.run()
                bound.resolve(.failure(WebServerError(description: "the server on \(settings.host):\(settings.port) stopped")))
            } catch {
                bound.resolve(
                    .failure(WebServerError(description: "cannot listen on \(settings.host):\(settings.port): \(Self.plain(error))")))
                throw error
            }
        }
        switch await bound.value {
        case .success(let port):
            return RunningWebServer(port: port, task: task, services: services, group: group)
        case .failure(let error):
            task.cancel()
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// NIO's bind errors as a person reads them ("Address already in use (errno: 98)").
    static func plain(_ error: any Error) -> String {
        if let io = error as? IOError { return io.description }
        return "\(error)"
    }
}

/// The first of "listening on port N" and "failed" wins; later ones are ignored.
private final class BindOutcome: Sendable {
    private let state = Locked<(result: Result<Int, WebServerError>?, waiter: CheckedContinuation<Result<Int, WebServerError>, Never>?)>(
        (nil, nil))

    func resolve(_ result: Result<Int, WebServerError>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Int, WebServerError>, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: result)
    }

    var value: Result<Int, WebServerError> {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Result<Int, WebServerError>? in
                    if let result = state.result { return result }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

/// A task executor on one dedicated serial queue (Dispatch's overcommit threads, outside the
/// cooperative pool): the server's tasks and their children run there.
final class ServerThreadExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
