/// A controller's hardware reset: RESET high, low, high again, with the waits its datasheet
/// asks for. Links send it; models say how long each phase lasts.
public struct ResetPulse: Sendable, Equatable {
    /// Milliseconds held high before the pulse, low, and high again before the first command.
    public var before: Int
    public var low: Int
    public var after: Int

    public init(before: Int, low: Int, after: Int) {
        self.before = before
        self.low = low
        self.after = after
    }

    /// Solomon OLEDs: RES# low ≥ 3 µs (SSD1306) / ≥ 100 µs (SSD1322); the 10 ms waits cover slow supply ramps.
    public static let oled = ResetPulse(before: 1, low: 10, after: 10)
    /// E-paper HATs, as Waveshare times it: the low pulse also wakes the controller from deep sleep.
    public static let epaper = ResetPulse(before: 20, low: 2, after: 20)

    func send(on io: any PanelIO) throws(BusError) {
        try io.setLine(.reset, 1)
        io.sleep(milliseconds: before)
        try io.setLine(.reset, 0)
        io.sleep(milliseconds: low)
        try io.setLine(.reset, 1)
        io.sleep(milliseconds: after)
    }
}
