public import SourceAssembly
public import Logging
public import StatusLink
import Locking
import SystemFiles
import WebMessages
import WebServer

/// The status server's side of the link (`departure-board-web status`): takes its settings
/// from the sign, listens, and forwards every request it admits to the sign, which answers
/// from its own health. Ends when the sign closes the link (the sign stopped or died).
public enum LinkedStatusServer {
    /// How long a request waits for the sign before it gets 504.
    static let answerTimeout: Duration = .seconds(10)
    /// Between attempts to listen while the port is taken.
    static let listenRetry: Duration = .seconds(30)

    public static func run(link channel: LinkChannel, logger: Logger) async throws(AssemblyError) {
        let link = SignLink(channel)
        link.start()
        guard case .configure(let config)? = await link.nextEvent() else {
            throw AssemblyError(.io, "status server: the sign sent no settings")
        }
        let token: AccessToken?
        if let text = config.token {
            guard let admitted = AccessToken(text) else { throw AssemblyError(.boardFile, "status server: an empty token") }
            token = admitted
        } else {
            token = nil
        }
        // A phone or two and a Prometheus scraper: a handful of connections is plenty.
        let settings = ServerSettings(host: config.host, port: config.port, token: token, maxConnections: 16)
        let handler = LinkedHandler(link: link)
        var server: RunningWebServer?
        while server == nil {
            do {
                server = try await WebServing.start(settings, handler: handler, logger: logger)
            } catch {
                logger.error("status page unavailable, retrying every \(listenRetry): status.listen: \(error.description)")
                if await link.closed(within: listenRetry) { return }
            }
        }
        guard let server else { return }
        try? link.send(.listening(port: server.port))
        await link.untilClosed()
        await server.stop()
    }
}

/// Forwards requests to the sign and waits (bounded) for its answers.
struct LinkedHandler: WebHandler {
    let link: SignLink
    private let metrics = MetricsExporter()

    init(link: SignLink) {
        self.link = link
    }

    func respond(to request: WebRequest) async -> WebResponse {
        switch await link.ask(request, timeout: LinkedStatusServer.answerTimeout) {
        case .response(let response)?:
            return response
        case .metrics(let samples)?:
            return metrics.response(samples)
        case nil:
            return .jsonError("the sign did not answer", status: 504)
        }
    }
}

/// The link to the sign: a reader thread hands answers to the requests waiting for them.
final class SignLink: Sendable {
    enum Event: Sendable { case configure(StatusServerConfig), closed }

    private struct Waiting {
        var next: UInt32 = 0
        /// Each waiting request and the timer that gives up on it.
        var answers: [UInt32: (CheckedContinuation<WebAnswer?, Never>, Task<Void, Never>)] = [:]
        var closed = false
    }

    private let channel: LinkChannel
    private let waiting = Locked(Waiting())
    private let events: AsyncStream<Event>
    private let emit: AsyncStream<Event>.Continuation

    init(_ channel: LinkChannel) {
        self.channel = channel
        (events, emit) = AsyncStream.makeStream(of: Event.self)
    }

    func start() {
        let started = DetachedThread.start { [self] in
            while true {
                guard let message = try? channel.receive() else { break }
                switch message {
                case .configure(let config): emit.yield(.configure(config))
                case .answer(let id, let answer): resolve(id, answer)
                case .listening, .request: break
                }
            }
            let orphans = waiting.withLock { waiting in
                waiting.closed = true
                defer { waiting.answers = [:] }
                return Array(waiting.answers.values)
            }
            for (continuation, timer) in orphans {
                timer.cancel()
                continuation.resume(returning: nil)
            }
            emit.yield(.closed)
            emit.finish()
        }
        if !started { emit.yield(.closed) }
    }

    func nextEvent() async -> Event? {
        for await event in events { return event }
        return nil
    }

    func untilClosed() async {
        for await event in events { if case .closed = event { return } }
    }

    /// True when the link closed before `delay` ran out.
    func closed(within delay: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.untilClosed(); return true
            }
            group.addTask {
                try? await Task.sleep(for: delay); return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    func send(_ message: LinkMessage) throws(LinkError) {
        try channel.send(message)
    }

    func ask(_ request: WebRequest, timeout: Duration) async -> WebAnswer? {
        let id: UInt32? = waiting.withLock { waiting in
            guard !waiting.closed else { return nil }
            waiting.next &+= 1
            return waiting.next
        }
        guard let id else { return nil }
        return await withCheckedContinuation { continuation in
            let timer = Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { self.resolve(id, nil) }
            }
            waiting.withLock { $0.answers[id] = (continuation, timer) }
            do {
                try channel.send(.request(id: id, request))
            } catch {
                resolve(id, nil)
            }
        }
    }

    private func resolve(_ id: UInt32, _ answer: WebAnswer?) {
        guard let (continuation, timer) = waiting.withLock({ $0.answers.removeValue(forKey: id) }) else { return }
        timer.cancel()
        continuation.resume(returning: answer)
    }
}
