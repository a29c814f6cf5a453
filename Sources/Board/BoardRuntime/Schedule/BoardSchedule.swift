public import ZoneInfo

/// When the board runs, when its panel sleeps, and how bright it is, in the board's IANA zone.
///
/// Every instant is read through the given `TimeZoneRules`; the process `TZ`
/// and `/etc/localtime` never matter, so a board in Sydney driven from a UTC
/// container behaves the same as one set to local time.
public struct BoardSchedule: Sendable, Equatable {
    /// Empty = always operating; outside them the board fetches nothing.
    public var operatingHours: [DailyWindow]
    /// The panel is blanked/asleep, against burn-in.
    public var screenOff: [DailyWindow]
    public var contrast: ContrastSchedule?
    /// `brightness: mode: sun` (its levels rank above `contrast`: `PanelContrast`) and `off_below: night`.
    public var sun: SunBrightness?

    public init(
        operatingHours: [DailyWindow] = [], screenOff: [DailyWindow] = [], contrast: ContrastSchedule? = nil,
        sun: SunBrightness? = nil
    ) {
        self.operatingHours = operatingHours
        self.screenOff = screenOff
        self.contrast = contrast
        self.sun = sun
    }

    public func isOperating(atUnixSeconds t: Int64, zone: TimeZoneRules) -> Bool {
        state(at: effectiveTime(atUnixSeconds: t, zone: zone)).operating
    }

    public func isScreenOff(atUnixSeconds t: Int64, zone: TimeZoneRules) -> Bool {
        if sun?.isBlank(atUnixSeconds: t) == true { return true }
        return state(at: effectiveTime(atUnixSeconds: t, zone: zone)).screenOff
    }

    /// The contrast without a sensor, in `PanelContrast`'s order (the sun's, then `contrast`).
    public func contrast(atUnixSeconds t: Int64, zone: TimeZoneRules) -> UInt8? {
        PanelContrast(schedule: self).inForce(atUnixSeconds: t, zone: zone)?.level
    }

    /// `contrast`'s step at `t` alone; `PanelContrast` ranks it.
    func steppedContrast(atUnixSeconds t: Int64, zone: TimeZoneRules) -> UInt8? {
        state(at: effectiveTime(atUnixSeconds: t, zone: zone)).contrast
    }

    /// The first instant after `t` at which any of the three answers can change
    /// (a window edge or a contrast step), so the runtime can sleep until then;
    /// nil when nothing ever changes. Never returns an instant ≤ t. With the sun in it,
    /// at most a minute away.
    ///
    /// DST: a boundary whose local time does not exist that day (spring-forward
    /// gap) takes effect at the first instant after the gap; a boundary in a
    /// repeated hour happens once, at its first occurrence.
    public func nextChange(afterUnixSeconds t: Int64, zone: TimeZoneRules) -> Int64? {
        // The sun moves all the time: look again at the next minute (a few sines, cheap).
        let sunLooks: Int64? = sun == nil ? nil : t - ((t % 60) + 60) % 60 + 60
        let times = changeTimes
        guard !times.isEmpty else { return sunLooks }
        let today = zone.localDateTime(atUnixSeconds: t).date
        // Boundaries are at most a day apart, so yesterday..day after tomorrow always holds the next one.
        var best: Int64?
        for dayOffset in -1...2 {
            let date = today.adding(days: dayOffset)
            for time in times {
                let at = instant(of: time, on: date, zone: zone)
                if at > t, at < (best ?? .max) { best = at }
            }
        }
        return min(best ?? .max, sunLooks ?? .max)
    }

    /// The three answers for a wall-clock time of day, ignoring DST.
    struct State: Equatable {
        var operating: Bool
        var screenOff: Bool
        var contrast: UInt8?
    }

    func state(at time: LocalTime) -> State {
        State(
            operating: operatingHours.isEmpty || operatingHours.contains { $0.contains(time) },
            screenOff: screenOff.contains { $0.contains(time) },
            contrast: contrast?.value(at: time))
    }
}
