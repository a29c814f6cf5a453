public import Framebuffer
import Retry
import LinuxDevices

/// Drives a panel through its driver: initialises it before the first frame, and when the
/// bus fails in a way that can pass (EIO, ENXIO, ENODEV: a loose cable, a brown-out) waits,
/// re-initialises and sends the whole frame again, so a glitch costs a frame, not the sign.
/// Permission and missing-device errors are not retried: they need a person.
public final class PanelBackend: DisplayBackend {
    public let driver: any PanelDriver
    public let name: String
    private let attempts: Int
    private let backoff: Backoff
    private let pause: (Duration) -> Void
    private var initialised = false
    /// Set by the schedule; nil keeps the contrast the driver was built with, so a trace
    /// and the hardware get the same initialisation bytes.
    private var contrast: UInt8?

    /// `pause` is injected so tests need not wait; it defaults to a real sleep.
    public init(
        driver: any PanelDriver, name: String, attempts: Int = 4,
        backoff: Duration = .milliseconds(200), pause: @escaping (Duration) -> Void = PanelBackend.sleep
    ) {
        self.driver = driver
        self.name = name
        self.attempts = max(1, attempts)
        // Retries within one frame: never more than 2 s between them.
        self.backoff = Backoff(first: backoff, cap: max(backoff, .seconds(2)))
        self.pause = pause
    }

    /// Re-initialisations after transient faults, for logs and tests.
    public private(set) var recoveries = 0

    public func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError) {
        var lastError: BusError?
        for attempt in 0..<attempts {
            if attempt > 0 { pause(backoff.delay(afterFailures: attempt)) }
            do {
                var rects = damage
                if !initialised {
                    try driver.initialise()
                    if let contrast { try driver.setContrast(contrast) }
                    initialised = true
                    rects = [frame.bounds]
                    if attempt > 0 { recoveries += 1 }
                }
                try driver.push(frame, damage: rects)
                return
            } catch  where error.kind == .transient {
                // The panel may have lost its state: start again from reset.
                initialised = false
                lastError = error
            } catch {
                // Not retried (it needs a person), but whatever comes back must be set up again.
                initialised = false
                throw DisplayError(error.description)
            }
        }
        throw DisplayError((lastError?.description ?? name) + " (gave up after \(attempts) attempts)")
    }

    /// Sleeps the panel for screen-off hours; the next present wakes and re-initialises it.
    public func blank() {
        shutdown()
    }

    /// Brightness for the time of day: sent now when the panel is up, and after each
    /// initialisation.
    public func setContrast(_ value: UInt8) {
        contrast = value
        guard initialised else { return }
        do {
            try driver.setContrast(value)
        } catch {
            initialised = false
        }
    }

    /// Puts the panel to sleep, at stop and for screen-off hours. A failed sleep command is
    /// dropped: the panel may stay lit, and the next present re-initialises it from reset.
    public func shutdown() {
        guard initialised else { return }
        try? driver.sleep()
        initialised = false
    }

    public static func sleep(_ duration: Duration) {
        sleepFully(for: duration)
    }
}
