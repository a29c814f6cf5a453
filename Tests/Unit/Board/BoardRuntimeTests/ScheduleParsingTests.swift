import Testing
@testable import BoardRuntime
import ZoneInfo

/// "HH:MM" in tests; traps on a typo in the test itself.
func at(_ text: String) -> LocalTime {
    guard let time = LocalTime(parsing: text) else { fatalError("bad test time \(text)") }
    return time
}

func window(_ text: String) -> DailyWindow {
    guard let window = DailyWindow(parsing: text) else { fatalError("bad test window \(text)") }
    return window
}

@Suite struct ScheduleParsingTests {
    @Test(arguments: [("06:30", 6, 30), ("00:00", 0, 0), ("23:59", 23, 59)])
    func parsesLocalTime(text: String, hour: Int, minute: Int) {
        let time = LocalTime(parsing: text)
        #expect(time?.hour == hour)
        #expect(time?.minute == minute)
        #expect(time?.description == text)
    }

    @Test(arguments: ["25:00", "24:00", "12:60", "6:3", "6:30", "06:3", "", "ab:cd", "06-30", "06:300", " 06:30"])
    func rejectsBadLocalTime(text: String) {
        #expect(LocalTime(parsing: text) == nil)
    }

    @Test func rejectsOutOfRangeFields() {
        #expect(LocalTime(hour: 24, minute: 0) == nil)
        #expect(LocalTime(hour: -1, minute: 0) == nil)
        #expect(LocalTime(hour: 0, minute: 60) == nil)
        #expect(LocalTime(hour: 9, minute: 5)?.description == "09:05")
    }

    @Test(arguments: ["22:00-06:00", "22:00 - 06:00"])
    func parsesWindow(text: String) {
        #expect(DailyWindow(parsing: text) == DailyWindow(start: at("22:00"), end: at("06:00")))
    }

    @Test(arguments: ["22:00", "22:00-", "-06:00", "22:00-06:00-07:00", "22:00-25:00", "10pm-6am", ""])
    func rejectsBadWindow(text: String) {
        #expect(DailyWindow(parsing: text) == nil)
    }
}

@Suite struct ScheduleWindowTests {
    @Test(arguments: [
        ("21:59", false), ("22:00", true), ("23:59", true), ("00:00", true), ("05:59", true), ("06:00", false),
        ("12:00", false),
    ])
    func windowCrossingMidnight(time: String, expected: Bool) {
        #expect(window("22:00-06:00").contains(at(time)) == expected)
    }

    @Test(arguments: [("08:59", false), ("09:00", true), ("16:59", true), ("17:00", false)])
    func windowWithinDay(time: String, expected: Bool) {
        #expect(window("09:00-17:00").contains(at(time)) == expected)
    }

    @Test(arguments: ["00:00", "04:00", "04:01", "23:59"])
    func startEqualsEndIsAllDay(time: String) {
        #expect(window("04:00-04:00").contains(at(time)))
        #expect(BoardSchedule(operatingHours: [window("04:00-04:00")]).state(at: at(time)).operating)
    }

    @Test(arguments: [
        ("06:59", false), ("07:00", true), ("09:30", false), ("16:00", true), ("19:00", false),
        ("23:30", true), ("00:15", true), ("00:30", false),
    ])
    func severalWindows(time: String, expected: Bool) {
        let schedule = BoardSchedule(operatingHours: [window("07:00-09:30"), window("16:00-19:00"), window("23:30-00:30")])
        #expect(schedule.state(at: at(time)).operating == expected)
    }

    @Test func emptyMeansAlwaysOperatingAndNeverOff() {
        let schedule = BoardSchedule()
        #expect(schedule.state(at: at("03:00")) == .init(operating: true, screenOff: false, contrast: nil))
    }

    @Test(
        arguments: [
            ("06:59", 20), ("00:00", 20), ("07:00", 200), ("11:59", 200), ("12:00", 255), ("21:59", 255),
            ("22:00", 20), ("23:59", 20),
        ] as [(String, UInt8)])
    func contrastStepsAndWraps(time: String, expected: UInt8) {
        let contrast = ContrastSchedule(steps: [(at("07:00"), 200), (at("22:00"), 20), (at("12:00"), 255)])
        #expect(contrast.value(at: at(time)) == expected)
    }

    @Test func contrastKeepsOneSortedEntryPerTime() {
        var contrast = ContrastSchedule(steps: [(at("22:00"), 20), (at("07:00"), 200), (at("22:00"), 10)])
        #expect(contrast.entries == [ContrastStep(time: at("07:00"), value: 200), ContrastStep(time: at("22:00"), value: 10)])
        contrast.steps = [(at("05:00"), 1)]
        #expect(contrast.value(at: at("04:00")) == 1)
        #expect(ContrastSchedule(steps: []).value(at: at("04:00")) == nil)
    }
}
