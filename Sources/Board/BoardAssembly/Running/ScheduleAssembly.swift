public import SourceAssembly
public import BoardConfig
public import BoardRuntime
public import ZoneInfo

/// The board file's `schedule:` and `buttons:` sections as the runtime's types.
public enum ScheduleAssembly {
    /// nil when the section is empty. The board file parsed every time and window already.
    public static func schedule(_ board: BoardFile) -> BoardSchedule? {
        let settings = board.schedule
        let sun = sunBrightness(board)
        guard !settings.operatingHours.isEmpty || !settings.screenOff.isEmpty || !settings.contrast.isEmpty || sun != nil else {
            return nil
        }
        let steps = settings.contrast.map { ($0.key, $0.value) }
        return BoardSchedule(
            operatingHours: settings.operatingHours, screenOff: settings.screenOff,
            contrast: steps.isEmpty ? nil : ContrastSchedule(steps: steps), sun: sun)
    }

    /// `brightness:` as the sun's part of the schedule; nil when the sun plays no part
    /// (`mode: schedule` without `off_below: night` is `schedule.contrast` alone).
    static func sunBrightness(_ board: BoardFile) -> SunBrightness? {
        guard let brightness = board.brightness, let latitude = brightness.latitude,
            let longitude = brightness.longitude
        else { return nil }
        var levels: SunBrightness.Levels?
        if brightness.mode == .sun, let day = brightness.day, let night = brightness.night {
            levels = SunBrightness.Levels(day: day, night: night)
        } else if brightness.mode == .sensor {
            // The sensor's fallback: the same day and night levels, by the sun.
            let (day, night) = brightness.sensorLevels
            levels = SunBrightness.Levels(day: day, night: night)
        }
        guard levels != nil || brightness.offAtNight else { return nil }
        return SunBrightness(
            position: SolarPosition(latitude: latitude, longitude: longitude),
            levels: levels, blankAtNight: brightness.offAtNight)
    }

    /// The board's contrast sources, for `PanelContrast` to rank.
    public static func contrast(_ board: BoardFile) -> PanelContrast {
        PanelContrast(schedule: schedule(board), boardContrast: board.output.map { UInt8(clamping: $0.contrast) })
    }

    /// What the panel shows at `t`: the contrast in force (nil: the driver's own) and
    /// whether it is blanked; for `render --trace`, which sends both as `run` would. No
    /// sensor is read in `render`: a sensor board shows its fallback (the sun, `schedule.contrast`).
    public static func panelState(_ board: BoardFile, zone: TimeZoneRules, atUnixSeconds t: Int64) -> (contrast: UInt8?, blank: Bool) {
        let rule = contrast(board)
        return (
            rule.inForce(atUnixSeconds: t, zone: zone, sensor: .silent)?.level,
            rule.schedule?.isScreenOff(atUnixSeconds: t, zone: zone) ?? false
        )
    }

    /// `announce:` as the runtime's rules; nil without the section.
    public static func announcements(_ board: BoardFile) -> AnnounceTriggers? {
        guard let settings = board.announce else { return nil }
        return AnnounceTriggers(
            rules: AnnounceRules(
                every: settings.every, routes: Set(settings.routes),
                lead: Int(settings.before.components.seconds / 60)))
    }

    /// The board's GPIO buttons, watching from now on; nil without a `buttons:` section.
    public static func buttons(_ board: BoardFile) throws(AssemblyError) -> GPIOButtons? {
        guard let settings = board.buttons else { return nil }
        let lines: [(ButtonAction, Int?)] = [(.refresh, settings.refresh), (.nextPage, settings.nextPage), (.speak, settings.speak)]
        let specs = lines.compactMap { action, line in
            line.map {
                ButtonSpec(
                    action: action, chip: settings.chip, offset: UInt32($0),
                    activeLow: settings.activeLow, debounce: settings.debounce)
            }
        }
        do {
            return try GPIOButtons(specs)
        } catch {
            throw AssemblyError(.io, "\(board.path): buttons: \(error)")
        }
    }
}
