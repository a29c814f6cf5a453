/// When a board fetches, when its panel is off, and how bright it is through the day; all
/// times are the board's local time (`timezone:`). Windows are `"HH:MM-HH:MM"` and may
/// cross midnight (`"22:00-06:00"`).
public struct ScheduleSettings: Sendable, Equatable {
    public struct ContrastStep: Sendable, Equatable {
        public var time: String
        public var value: Int
        public init(time: String, value: Int) {
            self.time = time
            self.value = value
        }
    }

    /// Empty: always. Outside these the board fetches nothing.
    public var operatingHours: [String]
    /// The panel sleeps (or blanks) during these, against burn-in.
    public var screenOff: [String]
    /// Contrast from each time until the next, where the panel has one.
    public var contrast: [ContrastStep]

    public init(operatingHours: [String] = [], screenOff: [String] = [], contrast: [ContrastStep] = []) {
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
        for (time, value) in try section.freeMapping("contrast") {
            guard isTime(time) else { throw value.error("expected a time like 06:30; got '\(shown(time))'") }
            guard let number = Int(value.text), (0...255).contains(number) else {
                throw value.error("expected a contrast from 0 to 255; got '\(shown(value.text))'")
            }
            settings.contrast.append(ScheduleSettings.ContrastStep(time: time, value: number))
        }
        return settings
    }

    /// One window as a string, or a list of them.
    private static func windows(_ section: Section, _ key: String) throws(BoardFileError) -> [String] {
        let items: [Section.FreeValue]
        if let single = try? section.string(key) {
            items = [Section.FreeValue(text: single) { message in section.error(key, message) }]
        } else {
            items = try section.scalarList(key) ?? []
        }
        for item in items where !isWindow(item.text) {
            throw item.error("expected a window like 22:00-06:00; got '\(shown(item.text))'")
        }
        return items.map { $0.text.filter { $0 != " " } }
    }

    static func isTime(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return false }
        return (0...23).contains(hour) && (0...59).contains(minute)
    }

    static func isWindow(_ text: String) -> Bool {
        let parts = text.filter { $0 != " " }.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { isTime(String($0)) }
    }
}
