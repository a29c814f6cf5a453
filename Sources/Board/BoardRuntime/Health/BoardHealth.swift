public import DeparturesCore
public import Framebuffer
import Locking

/// Everything a status page shows about a running sign, as of one pass of its draw loop.
/// A value: the status server reads copies and never touches the loop's actor.
public struct BoardHealth: Sendable {
    public var boardName: String
    public var backend: String
    /// What the panel shows now (status, message, rows, last update).
    public var state: BoardState
    /// When this snapshot was taken (pages count ages from the request, not from here).
    public var now: Date
    public var started: Date
    /// The last fetch, well or badly, and why the last one failed (never a secret).
    public var lastAttempt: Date?
    public var lastError: String?
    public var fetches: Int
    public var fetchFailures: Int
    public var source: SourceHealth?
    /// The frame on the panel and its number (how many frames were presented so far).
    public var frame: Framebuffer?
    public var frameNumber: Int
    public var displayFailures: Int
    public var lastDisplayError: String?
    public var screenOff: Bool
    /// The contrast last sent to the panel (nil: the driver's own).
    public var contrast: UInt8? = nil
    /// The light sensor, on boards that have one.
    public var light: LightHealth? = nil
}

/// A light sensor's last word: the smoothed lux while it answers, else why not.
public struct LightHealth: Sendable, Equatable {
    public var lux: Double?
    public var error: String?

    public init(lux: Double?, error: String?) {
        self.lux = lux
        self.error = error
    }
}

/// The latest health, shared between the draw loop (writer) and the status server (reader).
public final class BoardHealthStore: Sendable {
    private let latest = Locked<BoardHealth?>(nil)

    public init() {}

    public var current: BoardHealth? { latest.withLock { $0 } }

    public func publish(_ health: BoardHealth) {
        latest.withLock { $0 = health }
    }
}

/// Writes the board's health into a store after every pass of the draw loop.
@MainActor
public final class HealthPublisher: DrawLoopObserver {
    public let store: BoardHealthStore
    private var frame: Framebuffer?

    public init(store: BoardHealthStore) {
        self.store = store
    }

    /// Pages poll every few seconds; the loop itself need not wake for them.
    public var longestSleep: Duration? { nil }

    public func drawLoopPassed(_ pass: DrawPass, coordinator: BoardCoordinator) {
        if let presented = pass.presented { frame = presented }
        if pass.screenOff { frame = nil }
        let viewModel = coordinator.viewModel
        store.publish(
            BoardHealth(
                boardName: viewModel.boardName, backend: coordinator.backendName, state: pass.state, now: pass.now,
                started: coordinator.startedAt, lastAttempt: viewModel.lastAttempt, lastError: viewModel.lastError?.description,
                fetches: viewModel.fetchCount, fetchFailures: viewModel.failureCount, source: viewModel.sourceHealth,
                frame: frame, frameNumber: coordinator.framesPresented, displayFailures: coordinator.displayFailures,
                lastDisplayError: coordinator.lastDisplayError, screenOff: pass.screenOff,
                contrast: coordinator.contrastInForce, light: coordinator.lightHealth))
    }
}
