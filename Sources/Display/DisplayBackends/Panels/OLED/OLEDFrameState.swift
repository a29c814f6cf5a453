import Framebuffer

/// What every OLED driver tracks between pushes: whether the next push must be whole
/// (after initialising, or after a push that failed halfway), and whether the panel is
/// asleep (RAM survives sleep, so a push only has to switch it back on).
struct OLEDFrameState {
    private(set) var needsFullFrame = true
    private(set) var asleep = false

    /// The whole panel when it must be redrawn, else the damage.
    func rects(_ damage: [Rect], bounds: Rect) -> [Rect] {
        needsFullFrame ? [bounds] : damage
    }

    /// The init sequence ended with the display on.
    mutating func awake() {
        asleep = false
    }

    mutating func initialising() {
        needsFullFrame = true
    }

    mutating func sleeping() {
        asleep = true
    }

    /// Sends the windows, then `displayOn` if the panel slept; a failure makes the next push whole.
    mutating func push(_ send: () throws(BusError) -> Void, displayOn: () throws(BusError) -> Void) throws(BusError) {
        do throws(BusError) {
            try send()
            if asleep { try displayOn() }
        } catch {
            needsFullFrame = true
            throw error
        }
        asleep = false
        needsFullFrame = false
    }
}
