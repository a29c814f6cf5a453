import Locking

/// A clock that moves only when told to: sleepers wake when `advance(by:)` passes their
/// deadline. It lets tests (and simulations) run an hour of refreshes in milliseconds.
public final class ManualBoardClock: BoardClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// A task waiting for at least `count` sleepers.
    private struct Watcher {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var watchers: [Watcher] = []
        var nextID: UInt64 = 0
    }

    private let state: Locked<State>

    public init(now: Date) {
        state = Locked(State(now: now))
    }

    public var now: Date { state.withLock { $0.now } }

    /// How many tasks are waiting on this clock (tests use it to know a loop is parked).
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, satisfied) = state.withLock { state -> (Bool, [Watcher]) in
                    if Task.isCancelled { return (true, []) }
                    let deadline = state.now.addingTimeInterval(duration.timeInterval)
                    if deadline <= state.now { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let count = state.sleepers.count
                    let satisfied = state.watchers.filter { $0.count <= count }
                    state.watchers.removeAll { $0.count <= count }
                    return (false, satisfied)
                }
                if resumeNow { continuation.resume() }
                for watcher in satisfied { watcher.continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Returns once at least `count` tasks sleep on this clock: a test knows its loops are
    /// parked without polling, so a slow machine (or a sanitizer) delays it but cannot fail it.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.watchers.append(Watcher(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come, earliest first.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.addingTimeInterval(duration.timeInterval)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Jumps to an instant (forward only), waking sleepers as `advance(by:)` does.
    public func advance(to instant: Date) {
        let seconds = instant.timeIntervalSince(now)
        if seconds > 0 { advance(by: .milliseconds(Int64((seconds * 1000).rounded()))) }
    }
}
