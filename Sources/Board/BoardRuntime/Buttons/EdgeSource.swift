/// One active edge on a button's line.
public struct EdgeEvent: Sendable, Equatable {
    /// When the kernel saw the edge, on a monotonic clock.
    public var timestamp: Duration

    public init(timestamp: Duration) {
        self.timestamp = timestamp
    }
}

/// Where a watcher gets its edges: a libgpiod line, or a fake in tests.
///
/// Each source is used by exactly one watcher thread at a time, which also closes it.
public protocol EdgeSource: Sendable {
    /// Blocks for at most `timeout`; nil when no edge arrived (so the caller can check for stop).
    func waitForEdge(timeout: Duration) throws(ButtonError) -> EdgeEvent?
    /// Releases the line. Called once, after the last wait.
    func close()
}

/// A button to watch: its source, what a press means, and how long bounces last.
public struct ButtonInput: Sendable {
    public var action: ButtonAction
    public var debounce: Duration
    public var source: any EdgeSource

    public init(action: ButtonAction, debounce: Duration = .milliseconds(50), source: any EdgeSource) {
        self.action = action
        self.debounce = debounce
        self.source = source
    }
}

/// The per-button loop, kept apart from threads so it can run synchronously in tests.
enum ButtonWatcher {
    /// How often a blocked wait gives `isStopped` a look: bounds how long `stop()` takes.
    static let pollInterval: Duration = .milliseconds(100)

    /// Runs until `isStopped` says so (nil) or the source fails (its error).
    static func run(
        _ input: ButtonInput, pollInterval: Duration = pollInterval,
        isStopped: () -> Bool, deliver: (ButtonAction) -> Void
    ) -> ButtonError? {
        var debouncer = Debouncer(interval: input.debounce)
        while !isStopped() {
            do {
                guard let edge = try input.source.waitForEdge(timeout: pollInterval) else { continue }
                if debouncer.accept(edgeAt: edge.timestamp) { deliver(input.action) }
            } catch {
                return error
            }
        }
        return nil
    }
}
