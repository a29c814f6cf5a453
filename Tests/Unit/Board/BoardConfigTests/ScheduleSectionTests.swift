@testable import BoardConfig
import Testing
import ZoneInfo

/// `schedule:` is parsed once, by the runtime's own time types, so a time the file accepts is
/// one the board runs and a time it refuses is refused with its line.
@Suite struct ScheduleSectionTests {
    private func schedule(_ body: String) throws -> ScheduleSettings {
        try loader.parse("source: {kind: demo}\nschedule:\n\(body)", path: "s.yaml").schedule
    }

    @Test func windowsAndContrastArriveAsTimes() throws {
        let settings = try schedule(
            """
              operating_hours: ["06:00-23:30"]
              screen_off: 22:00 - 06:00
              contrast: {"07:00": 200, "21:30": 10}

            """)
        #expect(settings.operatingHours == [DailyWindow(parsing: "06:00-23:30")!])
        #expect(settings.screenOff.map(\.description) == ["22:00-06:00"])
        #expect(settings.contrast == [LocalTime(hour: 7, minute: 0)!: 200, LocalTime(hour: 21, minute: 30)!: 10])
    }

    @Test(
        "a time the runtime would not read is refused where it is written",
        arguments: [
            ("  screen_off: \"22 : 00-06:00\"\n", "s.yaml:3:15: schedule.screen_off: expected a window like 22:00-06:00"),
            ("  contrast: {\"7:00\": 10}\n", "s.yaml:3:22: schedule.contrast.7:00: expected a time like 06:30"),
            ("  contrast: {\"07:00\": 256}\n", "s.yaml:3:23: schedule.contrast.07:00: expected a contrast from 0 to 255"),
        ])
    func refused(_ body: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try loader.parse("source: {kind: demo}\nschedule:\n\(body)", path: "s.yaml") }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }
}
