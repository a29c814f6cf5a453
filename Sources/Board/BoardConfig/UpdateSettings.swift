public import ZoneInfo

/// `updates:` — when the package updater (`departure-board-update.timer`) may install a new
/// version: the board knows its riders' quiet hours, the updater asks it
/// (`departure-board update-window`). A board without the section takes the default window.
public struct UpdateSettings: Sendable, Equatable {
    /// The board's local time; an update starts only inside one of these.
    public var windows: [DailyWindow]

    /// 03:00–05:00: after the last services of most networks and before the first.
    public static let defaultWindows = [DailyWindow(start: LocalTime(hour: 3, minute: 0)!, end: LocalTime(hour: 5, minute: 0)!)]

    public init(windows: [DailyWindow] = Self.defaultWindows) {
        self.windows = windows
    }

    /// The window `time` falls in, if any.
    public func window(containing time: LocalTime) -> DailyWindow? {
        windows.first { $0.contains(time) }
    }
}

enum UpdateSchema {
    static let updates = SectionSchema(keys: ["window"])

    static func build(_ section: Section) throws(BoardFileError) -> UpdateSettings {
        guard section.has("window") else { return UpdateSettings() }
        let windows = try ScheduleSchema.windows(section, "window")
        guard !windows.isEmpty else {
            throw section.error("window", "expected at least one window like 03:00-05:00 (an empty list would never update)")
        }
        return UpdateSettings(windows: windows)
    }
}
