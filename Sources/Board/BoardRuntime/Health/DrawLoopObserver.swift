public import DeparturesCore
public import Framebuffer

/// What one pass of the draw loop did. Passes happen only while the loop is alive, so they
/// are the one honest liveness signal: a slow network never stops them, a hung bus write does.
public struct DrawPass: Sendable {
    public var now: Date
    public var state: BoardState
    /// The frame this pass put on the panel; nil when nothing changed (or the write failed).
    public var presented: Framebuffer?
    /// The panel is asleep for the schedule's screen-off hours.
    public var screenOff: Bool
    /// The display write of this pass failed, or the last one did and nothing was written since.
    public var displayFailing: Bool
}

/// Watches the draw loop: the systemd watchdog, the status page. Called on the loop's actor
/// after every pass; must return at once.
@MainActor
public protocol DrawLoopObserver: AnyObject {
    /// The longest the loop may sleep between passes for this observer; nil: no limit.
    var longestSleep: Duration? { get }
    func drawLoopPassed(_ pass: DrawPass, coordinator: BoardCoordinator)
}
