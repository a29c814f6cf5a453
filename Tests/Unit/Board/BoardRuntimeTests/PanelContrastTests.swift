import Testing
import ZoneInfo
import BoardRuntime

/// The order every contrast reader shares: sensor, sun, `schedule.contrast`, the board's own
/// after a sensor failure, else nothing sent.
@Suite struct PanelContrastTests {
    let sydney = try! TimeZoneRules.load("Australia/Sydney")
    let midnight = utc(2026, 12, 21, 13, 0)
    let steps = ContrastSchedule(steps: [(LocalTime(hour: 7, minute: 0)!, 99)])
    var sun: SunBrightness {
        SunBrightness(position: SolarPosition(latitude: -33.87, longitude: 151.21), levels: .init(day: 200, night: 20), blankAtNight: false)
    }

    func inForce(_ rule: PanelContrast, _ sensor: PanelContrast.Sensor) -> String? {
        rule.inForce(atUnixSeconds: midnight, zone: sydney, sensor: sensor).map { "\($0.level) \($0.source.name)" }
    }

    @Test func theFirstThatSpeaksWins() {
        let all = PanelContrast(schedule: BoardSchedule(contrast: steps, sun: sun), boardContrast: 255)
        #expect(inForce(all, .answering(level: 7)) == "7 the light sensor")
        #expect(inForce(all, .failing) == "20 the sun")
        let scheduled = PanelContrast(schedule: BoardSchedule(contrast: steps), boardContrast: 255)
        #expect(inForce(scheduled, .silent) == "99 schedule.contrast")
        let bare = PanelContrast(schedule: nil, boardContrast: 255)
        #expect(inForce(bare, .failing) == "255 the board's contrast", "undoes the sensor's last level")
        #expect(inForce(bare, .silent) == nil, "the driver keeps its own")
        #expect([all.fallback, scheduled.fallback, bare.fallback].map(\.name) == ["the sun", "schedule.contrast", "the board's contrast"])
    }
}
