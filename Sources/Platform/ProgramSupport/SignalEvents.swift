import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The signals a running board answers: stop (TERM, INT), reload (HUP), refresh now (USR1).
public enum ProcessSignal: Int32, Sendable, CaseIterable {
    case terminate = 15
    case interrupt = 2
    case hangup = 1
    case user1 = 10
}

/// Turns Unix signals into an async stream, through Dispatch signal sources so nothing runs
/// in a signal handler. The default actions are turned off while it lives.
public final class SignalEvents: Sendable {
    public let events: AsyncStream<ProcessSignal>
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    public init(_ signals: [ProcessSignal] = ProcessSignal.allCases) {
        let (stream, continuation) = AsyncStream.makeStream(of: ProcessSignal.self)
        events = stream
        var sources: [any DispatchSourceSignal] = []
        for value in signals {
            signal(value.rawValue, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: value.rawValue, queue: .global())
            source.setEventHandler { continuation.yield(value) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
