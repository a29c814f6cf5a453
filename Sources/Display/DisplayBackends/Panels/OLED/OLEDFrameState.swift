import Framebuffer

/// What every OLED driver tracks between pushes: whether the next push must be whole (after
/// initialising, or after a push that failed halfway), and whether the panel is asleep (RAM
/// survives sleep, so a push only has to switch it back on); with the display on and off
/// commands the three controllers share.
struct OLEDFrameState {
    private(set) var needsFullFrame = true
    private(set) var asleep = false

    /// The whole panel when it must be redrawn, else the damage.
    func rects(_ damage: [Rect], bounds: Rect) -> [Rect] {
        needsFullFrame ? [bounds] : damage
    }

    mutating func initialising() {
        needsFullFrame = true
    }

    /// Display on (0xAF on all three controllers), the last step of initialising.
    mutating func switchOn(_ link: any PanelLink) throws(BusError) {
        try link.command(0xAF)
        asleep = false
    }

    /// Display off (0xAE): RAM survives, so the next push only switches it back on.
    mutating func sleep(_ link: any PanelLink) throws(BusError) {
        try link.command(0xAE)
        asleep = true
    }

    /// Sends the windows, then display on if the panel slept; a failure makes the next push whole.
    mutating func push(on link: any PanelLink, _ send: () throws(BusError) -> Void) throws(BusError) {
        do throws(BusError) {
            try send()
            if asleep { try link.command(0xAF) }
        } catch {
            needsFullFrame = true
            throw error
        }
        asleep = false
        needsFullFrame = false
    }
}
