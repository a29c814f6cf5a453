/// An e-paper controller's BUSY output: the level it reads while the controller works, and
/// how long a driver lets it.
struct BusyLine {
    let io: any PanelIO
    let activeLevel: Int
    let timeout: Duration

    /// Waits `settle` ms first where BUSY needs a moment to assert after a command, then until
    /// it reads idle; a timeout is the bus's `BusError(.busyTimeout)`, passed on.
    func waitIdle(settle milliseconds: Int = 0) throws(BusError) {
        if milliseconds > 0 { io.sleep(milliseconds: milliseconds) }
        try io.waitForLine(.busy, value: 1 - activeLevel, timeout: timeout)
    }
}
