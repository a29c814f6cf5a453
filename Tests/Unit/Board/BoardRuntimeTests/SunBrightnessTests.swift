import Testing
import ZoneInfo
@testable import BoardRuntime

/// `brightness: mode: sun`: day and night levels, a straight line through civil twilight,
/// and `off_below: night` as the schedule's screen-off.
@Suite struct SunBrightnessTests {
    let sydney = try! TimeZoneRules.load("Australia/Sydney")
    let place = SolarPosition(latitude: -33.87, longitude: 151.21)
    var sun: SunBrightness { SunBrightness(position: place, levels: .init(day: 200, night: 20), blankAtNight: true) }

    /// The instant the sun's centre is at `altitude` on the evening of 21 December 2026.
    func evening(_ altitude: Double) -> Int64 {
        guard case .at(let t) = place.crossing(altitude, rising: false, on: CivilDate(year: 2026, month: 12, day: 21), zone: sydney) else {
            Issue.record("Sydney has an evening")
            return 0
        }
        return t
    }

    @Test func dayNightAndTheLineBetween() {
        #expect(sun.contrast(atUnixSeconds: utc(2026, 12, 21, 2, 0)) == 200, "13:00 AEDT")
        #expect(sun.contrast(atUnixSeconds: utc(2026, 12, 21, 13, 0)) == 20, "midnight")
        // Halfway down (−3°) is halfway between the levels: 20 + 180 / 2.
        #expect(sun.contrast(atUnixSeconds: evening(-3)) == 110)
        // Falls steadily through twilight, a minute at a time: no step bigger than a few levels.
        var last = Int(sun.contrast(atUnixSeconds: evening(0) - 60)!)
        var t = evening(0)
        while t < evening(-6) + 120 {
            let now = Int(sun.contrast(atUnixSeconds: t)!)
            #expect(now <= last && last - now <= 10, "at \(t): \(last) then \(now)")
            last = now
            t += 60
        }
        #expect(last == 20)
    }

    @Test func blankOnlyOnceCivilTwilightIsOver() {
        #expect(!sun.isBlank(atUnixSeconds: evening(-5.9)))
        #expect(sun.isBlank(atUnixSeconds: evening(-6) + 60))
        var awake = sun
        awake.blankAtNight = false
        #expect(!awake.isBlank(atUnixSeconds: utc(2026, 12, 21, 13, 0)))
    }

    @Test func theScheduleAsksTheSunFirstAndLooksEveryMinute() {
        let contrast = ContrastSchedule(steps: [(LocalTime(hour: 7, minute: 0)!, 99)])
        let schedule = BoardSchedule(contrast: contrast, sun: sun)
        let midnight = utc(2026, 12, 21, 13, 0, 30)
        #expect(schedule.contrast(atUnixSeconds: midnight, zone: sydney) == 20)
        #expect(schedule.isScreenOff(atUnixSeconds: midnight, zone: sydney))
        #expect(schedule.nextChange(afterUnixSeconds: midnight, zone: sydney) == utc(2026, 12, 21, 13, 1))
        // Without levels (mode: schedule with off_below: night) the schedule's contrast stays.
        let blankOnly = BoardSchedule(contrast: contrast, sun: SunBrightness(position: place, levels: nil, blankAtNight: true))
        #expect(blankOnly.contrast(atUnixSeconds: midnight, zone: sydney) == 99)
        #expect(blankOnly.isScreenOff(atUnixSeconds: midnight, zone: sydney))
        #expect(!blankOnly.isScreenOff(atUnixSeconds: utc(2026, 12, 21, 2, 0), zone: sydney))
    }
}
