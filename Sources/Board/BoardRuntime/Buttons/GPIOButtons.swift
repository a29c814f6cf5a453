import Locking
import Synchronization
import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// Physical buttons, delivered as debounced presses.
///
/// Each line is watched on its own POSIX thread, never on Swift's cooperative
/// pool, because the waits block. A wait gives up every 100 ms so `stop()`
/// takes effect promptly. The stream finishes once every watcher has ended.
public final class GPIOButtons: Sendable {
    public let presses: AsyncStream<ButtonAction>
    private let shared: Shared

    /// Opens every line first, so a bad spec fails here and leaves nothing requested.
    public convenience init(_ specs: [ButtonSpec]) throws(ButtonError) {
        for (index, spec) in specs.enumerated()
        where specs[..<index].contains(where: { $0.chip == spec.chip && $0.offset == spec.offset }) {
            throw ButtonError("line \(spec.offset) of GPIO chip '\(spec.chip)' is configured for more than one button")
        }
        var inputs: [ButtonInput] = []
        for spec in specs {
            do {
                inputs.append(ButtonInput(action: spec.action, debounce: spec.debounce, source: try GPIODEdgeSource.open(spec)))
            } catch {
                inputs.forEach { $0.source.close() }
                throw error
            }
        }
        try self.init(inputs: inputs)
    }

    /// Watches any edge sources (a simulator, or fakes in tests). Takes ownership: they are closed when done.
    public init(inputs: [ButtonInput]) throws(ButtonError) {
        let (stream, continuation) = AsyncStream.makeStream(of: ButtonAction.self)
        let shared = Shared(continuation: continuation, watchers: inputs.count)
        presses = stream
        self.shared = shared
        // A consumer that stops listening stops the watchers too.
        continuation.onTermination = { _ in shared.isStopped.store(true, ordering: .relaxed) }
        if inputs.isEmpty { continuation.finish() }
        for (index, input) in inputs.enumerated() {
            do {
                try shared.start { watch(input, shared: shared) }
            } catch {
                stop()
                inputs[index...].forEach { $0.source.close() }
                throw error
            }
        }
    }

    deinit {
        stop()
    }

    /// The error that ended a watcher early (a chip unplugged, say); nil while all is well.
    public var failure: ButtonError? {
        shared.failure.withLock { $0 }
    }

    /// Ends the watchers and returns once their lines are released (within about 100 ms).
    public func stop() {
        shared.isStopped.store(true, ordering: .relaxed)
        for thread in shared.threads.withLock({ threads in
            defer { threads = [] }; return threads
        }) {
            pthread_join(thread, nil)
        }
    }

    /// State shared between the owner and its watcher threads.
    final class Shared: Sendable {
        let continuation: AsyncStream<ButtonAction>.Continuation
        let isStopped = Atomic(false)
        let remaining: Atomic<Int>
        let threads = Locked<[pthread_t]>([])
        let failure = Locked<ButtonError?>(nil)

        init(continuation: AsyncStream<ButtonAction>.Continuation, watchers: Int) {
            self.continuation = continuation
            self.remaining = Atomic(watchers)
        }

        func start(_ body: @escaping @Sendable () -> Void) throws(ButtonError) {
            let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
            guard status == 0 else {
                Unmanaged<ThreadBody>.fromOpaque(context).release()
                throw ButtonError("cannot start a button watcher thread: \(systemErrorText(status))")
            }
            threads.withLock { $0.append(thread) }
        }
    }
}

/// Runs one watcher to the end on the calling (dedicated) thread.
private func watch(_ input: ButtonInput, shared: GPIOButtons.Shared) {
    let error = ButtonWatcher.run(
        input, isStopped: { shared.isStopped.load(ordering: .relaxed) },
        deliver: { shared.continuation.yield($0) })
    input.source.close()
    if let error { shared.failure.withLock { $0 = $0 ?? error } }
    // The last watcher out closes the stream, so consumers see the end.
    if shared.remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
        shared.continuation.finish()
    }
}

/// Carries a closure through pthread_create's `void *` argument.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
