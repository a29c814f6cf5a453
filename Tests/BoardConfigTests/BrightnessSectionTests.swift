@testable import BoardConfig
import Testing

/// `brightness:` is read whole or refused at the key that is wrong, with its line.
@Suite struct BrightnessSectionTests {
    private func parse(_ body: String, schedule: String = "") throws(BoardFileError) -> BoardFile {
        try loader.parse("source: {kind: demo}\n\(schedule)brightness:\n\(body)", path: "b.yaml")
    }

    @Test func sunModeArrivesWithItsPlace() throws {
        let board = try parse("  mode: sun\n  day: 220\n  night: 12\n  latitude: -33.87\n  longitude: 151.21\n  off_below: night\n")
        #expect(board.brightness == BrightnessSettings(mode: .sun, day: 220, night: 12, latitude: -33.87, longitude: 151.21,
                                                       offAtNight: true))
    }

    @Test func scheduleModeTakesTheScheduleContrast() throws {
        let board = try parse("  mode: schedule\n", schedule: "schedule:\n  contrast: {\"07:00\": 200}\n")
        #expect(board.brightness == BrightnessSettings(mode: .schedule))
    }

    @Test("refused where it is written", arguments: [
        ("  mode: moon\n", "b.yaml:3:9: brightness.mode: expected one of sun, schedule"),
        ("  mode: sun\n  day: 300\n  night: 1\n  latitude: 1\n  longitude: 1\n", "b.yaml:4:8: brightness.day: must be between 0 and 255"),
        ("  mode: sun\n  day: 3\n  night: 1\n  latitude: 91\n  longitude: 1\n", "b.yaml:6:13: brightness.latitude: must be between -90 and 90"),
        ("  mode: sun\n  day: 3\n  night: 1\n  latitude: north\n  longitude: 1\n", "b.yaml:6:13: brightness.latitude: expected degrees"),
        ("  mode: sun\n  day: 3\n  night: 1\n  latitude: 1\n", "b.yaml:2:1: brightness: mode: sun needs longitude"),
        ("  mode: sun\n  latitude: 1\n  longitude: 1\n", "b.yaml:2:1: brightness: mode: sun needs day"),
        ("  mode: sun\n  day: 3\n  night: 1\n  latitude: 1\n  longitude: 1\n  off_below: 10\n",
         "b.yaml:8:14: brightness.off_below: only 'night' is supported so far"),
        ("  mode: sun\n  day: 3\n  night: 1\n  latitude: 1\n  longitude: 1\n  pause_fetching: true\n",
         "b.yaml:8:3: brightness.pause_fetching: is not built yet"),
        ("  mode: schedule\n", "b.yaml:3:9: brightness.mode: schedule needs schedule.contrast"),
    ])
    func refused(_ body: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try parse(body) }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func offBelowNightNeedsThePlaceInScheduleModeToo() {
        let error = boardError { () throws(BoardFileError) in
            try parse("  mode: schedule\n  off_below: night\n", schedule: "schedule:\n  contrast: {\"07:00\": 200}\n")
        }
        #expect(error?.description.hasPrefix("b.yaml:4:1: brightness: off_below: night needs latitude") == true,
                "\(String(describing: error))")
    }
}
