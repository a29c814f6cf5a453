public import ZoneInfo

/// When a board fetches, when its panel is off, and how bright it is through the day; all
/// times are the board's local time (`timezone:`). Windows are `"HH:MM-HH:MM"` and may
/// cross midnight (`"22:00-06:00"`).
public struct ScheduleSettings: Sendable, Equatable {
    /// Empty: always. Outside these the board fetches nothing.
    public var operatingHours: [DailyWindow]
    /// The panel sleeps (or blanks) during these, against burn-in.
    public var screenOff: [DailyWindow]
    /// Contrast from each time until the next, where the panel has one.
    public var contrast: [LocalTime: UInt8]

    public init(operatingHours: [DailyWindow] = [], screenOff: [DailyWindow] = [], contrast: [LocalTime: UInt8] = [:]) {
        self.operatingHours = operatingHours
        self.screenOff = screenOff
        self.contrast = contrast
    }
}

enum ScheduleSchema {
    static let schedule = SectionSchema(keys: ["operating_hours", "screen_off", "contrast"])

    static func buildSchedule(_ section: Section) throws(BoardFileError) -> ScheduleSettings {
        var settings = ScheduleSettings()
        settings.operatingHours = try windows(section, "operating_hours")
        settings.screenOff = try windows(section, "screen_off")
        for (text, value) in try section.freeMapping("contrast") {
            guard let time = LocalTime(parsing: text) else {
                throw value.error("expected a time like 06:30; got '\(shown(text))'")
            }
            guard let number = UInt8(value.text) else {
                throw value.error("expected a contrast from 0 to 255; got '\(shown(value.text))'")
            }
            settings.contrast[time] = number
        }
        return settings
    }

    /// One window as a string, or a list of them.
    static func windows(_ section: Section, _ key: String) throws(BoardFileError) -> [DailyWindow] {
        let items: [Section.FreeValue]
        if let single = try? section.string(key) {
            items = [Section.FreeValue(text: single) { message in section.error(key, message) }]
        } else {
            items = try section.scalarList(key) ?? []
        }
        var windows: [DailyWindow] = []
        for item in items {
            guard let window = DailyWindow(parsing: item.text) else {
                throw item.error("expected a window like 22:00-06:00; got '\(shown(item.text))'")
            }
            windows.append(window)
        }
        return windows
    }
}
