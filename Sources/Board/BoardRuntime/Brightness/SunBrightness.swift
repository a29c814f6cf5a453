/// Brightness that follows the sun (`brightness: mode: sun`), and the panel blanked while it
/// is dark (`off_below: night`).
public struct SunBrightness: Sendable, Equatable {
    /// The board's contrast (0–255) by day and by night; nil leaves contrast to `schedule.contrast`.
    public struct Levels: Sendable, Equatable {
        public var day: UInt8
        public var night: UInt8
        public init(day: UInt8, night: UInt8) {
            self.day = day
            self.night = night
        }
    }

    public var position: SolarPosition
    public var levels: Levels?
    /// Blank (sleep) the panel while the sun is below civil twilight.
    public var blankAtNight: Bool

    public init(position: SolarPosition, levels: Levels?, blankAtNight: Bool) {
        self.position = position
        self.levels = levels
        self.blankAtNight = blankAtNight
    }

    /// Day from the moment the sun's centre is up, night once civil twilight is over, and
    /// in between a straight line in elevation, so the change is smooth and no step shows.
    public func contrast(atUnixSeconds t: Int64) -> UInt8? {
        guard let levels else { return nil }
        let elevation = position.elevation(atUnixSeconds: t)
        let dusk = SolarPosition.civilTwilight
        if elevation >= 0 { return levels.day }
        if elevation <= dusk { return levels.night }
        let fraction = (elevation - dusk) / -dusk
        let level = Double(levels.night) + (Double(levels.day) - Double(levels.night)) * fraction
        return UInt8(level.rounded())
    }

    public func isBlank(atUnixSeconds t: Int64) -> Bool {
        blankAtNight && position.elevation(atUnixSeconds: t) < SolarPosition.civilTwilight
    }
}
