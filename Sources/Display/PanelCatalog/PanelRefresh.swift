/// How long a panel takes to draw a new picture: a full refresh (e-paper flashes through
/// black and white) and, where the waveform has one, a partial refresh (only changed pixels,
/// no flash). Read by the layout's defaults, by `validate` and by `bench`.
public struct RefreshTimes: Sendable, Equatable {
    public var full: Duration
    /// nil where the panel has no partial refresh (black/white/red e-paper).
    public var partial: Duration?

    public init(full: Duration, partial: Duration?) {
        self.full = full
        self.partial = partial
    }

    /// A refresh of a second or more is seen: the sign flashes or wipes while riders read it.
    public static let slowThreshold: Duration = .seconds(1)

    /// The quickest refresh the panel can do: what each change of the picture costs at least.
    public var cheapest: Duration { partial ?? full }

    /// A slow panel shows departure times rather than minute countdowns and refreshes only
    /// when its rows change: every refresh it can do takes `slowThreshold` or more.
    public var isSlow: Bool { cheapest >= Self.slowThreshold }
}

extension PanelFacts {
    /// The refresh times of this panel as `output.colors` sets it (`red`: the black/white/red
    /// variant); nil for panels that show a new frame at once (OLED, LED, framebuffers).
    ///
    /// Waveshare's figures (their wiki states them as measured, not guaranteed):
    /// - 7.5" V2 black/white (UC8179): full 5 s
    ///   (https://www.waveshare.com/wiki/Template:Pico_e-Paper_7.5_Spec); partial ≈0.5 s with
    ///   the fast LUT (Waveshare's V2 demo; no wiki page found stating it).
    /// - 7.5" (B) black/white/red (UC8179 KWR): full 16 s, no partial refresh
    ///   (https://www.waveshare.com/wiki/Template:Pico_e-Paper_7.5-B_Spec).
    /// - 2.13" black/white (SSD1680 class): full 2 s, partial 0.3 s
    ///   (https://www.waveshare.com/wiki/2.13inch_Touch_e-Paper_HAT, same glass).
    public func refreshTimes(red: Bool) -> RefreshTimes? {
        switch model {
        case .uc8179:
            return red
                ? RefreshTimes(full: .seconds(16), partial: nil)
                : RefreshTimes(full: .seconds(5), partial: .milliseconds(500))
        case .ssd1680:
            return RefreshTimes(full: .seconds(2), partial: .milliseconds(300))
        case .ssd1306, .sh1106, .ssd1322, .max7219, .ht16k33, .fbdev, .hub75, .image:
            return nil
        }
    }
}
