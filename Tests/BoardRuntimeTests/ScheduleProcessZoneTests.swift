#if canImport(Glibc)
import Glibc
#endif
import Testing
import ZoneInfo
@testable import BoardRuntime

@Suite(.serialized) struct ScheduleProcessZoneTests {
    /// Every answer for a day around Sydney's DST start, as one comparable list.
    func sample(_ schedule: BoardSchedule, _ zone: TimeZoneRules) -> [String] {
        stride(from: utc(2026, 10, 3, 0, 0), to: utc(2026, 10, 4, 12, 0), by: 600).map { t in
            "\(schedule.isOperating(atUnixSeconds: t, zone: zone)) \(schedule.isScreenOff(atUnixSeconds: t, zone: zone)) "
                + "\(String(describing: schedule.contrast(atUnixSeconds: t, zone: zone))) "
                + "\(String(describing: schedule.nextChange(afterUnixSeconds: t, zone: zone)))"
        }
    }

    @Test(arguments: ["America/New_York", "UTC", "Asia/Kolkata", "Australia/Sydney"])
    func processTZDoesNotMatter(processZone: String) throws {
        let zone = try TimeZoneRules.load("Australia/Sydney")
        let schedule = BoardSchedule(operatingHours: [window("06:00-23:00")], screenOff: [window("02:30-05:00")],
                                     contrast: ContrastSchedule(steps: [(at("07:00"), 200), (at("21:00"), 30)]))
        let saved = getenv("TZ").map { String(cString: $0) }
        let before = sample(schedule, zone)
        setenv("TZ", processZone, 1)
        tzset()
        let during = sample(schedule, zone)
        if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
        tzset()
        #expect(during == before)
        // The reading really is Sydney's: 06:00 AEST on 3 October is 20:00Z the day before.
        #expect(schedule.nextChange(afterUnixSeconds: utc(2026, 10, 2, 19, 0), zone: zone) == utc(2026, 10, 2, 20, 0))
    }
}
