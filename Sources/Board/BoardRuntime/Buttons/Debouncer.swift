/// Turns a bouncing contact into single presses: the pure logic, testable without hardware.
///
/// A press is reported on the active edge if at least `interval` passed since
/// the last *accepted* edge of that button; bounces inside the window are
/// dropped and do not extend it, so a button held down cannot starve itself.
public struct Debouncer: Sendable {
    public let interval: Duration
    private var lastAccepted: Duration?

    public init(interval: Duration) {
        self.interval = interval
    }

    /// `edgeAt` is the edge's timestamp on any monotonic clock (the kernel's event time).
    public mutating func accept(edgeAt time: Duration) -> Bool {
        // An edge stamped before the last accepted one cannot be a new press.
        if let lastAccepted, time - lastAccepted < interval { return false }
        lastAccepted = time
        return true
    }
}
