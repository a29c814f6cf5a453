@testable import BoardConfig
import Testing

/// `brightness:` is read whole or refused at the key that is wrong, with its line.
@Suite struct BrightnessSectionTests {
    private func parse(_ body: String, schedule: String = "") throws(BoardFileError) -> BoardFile {
        try loader.parse("source: {kind: demo}\n\(schedule)brightness:\n\(body)", path: "b.yaml")
    }

    @Test func sunModeArrivesWithItsPlace() throws {
        let board = try parse("  mode: sun\n  day: 220\n  night: 12\n  latitude: -33.87\n  longitude: 151.21\n  off_below: night\n")
        #expect(
            board.brightness
                == BrightnessSettings(
                    mode: .sun, day: 220, night: 12, latitude: -33.87, longitude: 151.21,
                    offAtNight: true))
    }

    @Test func scheduleModeTakesTheScheduleContrast() throws {
        let board = try parse("  mode: schedule\n", schedule: "schedule:\n  contrast: {\"07:00\": 200}\n")
        #expect(board.brightness == BrightnessSettings(mode: .schedule))
    }

    @Test(
        "refused where it is written",
        arguments: [
            ("  mode: moon\n", "b.yaml:3:9: brightness.mode: expected one of sun, schedule"),
            (
                "  mode: sun\n  day: 300\n  night: 1\n  latitude: 1\n  longitude: 1\n",
                "b.yaml:4:8: brightness.day: must be between 0 and 255"
            ),
            (
                "  mode: sun\n  day: 3\n  night: 1\n  latitude: 91\n  longitude: 1\n",
                "b.yaml:6:13: brightness.latitude: must be between -90 and 90"
            ),
            (
                "  mode: sun\n  day: 3\n  night: 1\n  latitude: north\n  longitude: 1\n",
                "b.yaml:6:13: brightness.latitude: expected degrees"
            ),
            ("  mode: sun\n  day: 3\n  night: 1\n  latitude: 1\n", "b.yaml:2:1: brightness: mode: sun needs longitude"),
            ("  mode: sun\n  latitude: 1\n  longitude: 1\n", "b.yaml:2:1: brightness: mode: sun needs day"),
            (
                "  mode: sun\n  day: 3\n  night: 1\n  latitude: 1\n  longitude: 1\n  off_below: 10\n",
                "b.yaml:8:14: brightness.off_below: a level in lux needs mode: sensor"
            ),
            (
                "  mode: sun\n  day: 3\n  night: 1\n  latitude: 1\n  longitude: 1\n  pause_fetching: true\n",
                "b.yaml:8:3: brightness.pause_fetching: needs mode: sensor and off_below in lux"
            ),
            (
                "  mode: sun\n  day: 3\n  night: 1\n  latitude: 1\n  longitude: 1\n  sensor: veml7700\n",
                "b.yaml:8:3: brightness.sensor: is for mode: sensor"
            ),
            ("  mode: sensor\n", "b.yaml:2:1: brightness: mode: sensor needs sensor: veml7700, tsl2591 or bh1750"),
            ("  mode: sensor\n  sensor: veml7701\n", "b.yaml:4:11: brightness.sensor: expected one of veml7700, tsl2591, bh1750"),
            ("  mode: sensor\n  sensor: bh1750\n  address: 0x80\n", "b.yaml:5:12: brightness.address: must be between 3 and 119"),
            ("  mode: sensor\n  sensor: bh1750\n  bus: -1\n", "b.yaml:5:8: brightness.bus: must be between 0 and 255"),
            ("  mode: sensor\n  sensor: bh1750\n  interval: 10ms\n", "b.yaml:5:13: brightness.interval: must be between"),
            ("  mode: sensor\n  sensor: bh1750\n  min_lux: 2\n", "b.yaml:2:1: brightness: min_lux and max_lux go together"),
            ("  mode: sensor\n  sensor: bh1750\n  min_lux: 20\n  max_lux: 2\n", "b.yaml:6:12: brightness.max_lux: must be above min_lux"),
            (
                "  mode: sensor\n  sensor: bh1750\n  min_lux: dark\n  max_lux: 2\n",
                "b.yaml:5:12: brightness.min_lux: expected a level in lux"
            ),
            (
                "  mode: sensor\n  sensor: bh1750\n  off_below: -3\n",
                "b.yaml:5:14: brightness.off_below: expected 'night' or a level in lux"
            ),
            (
                "  mode: sensor\n  sensor: bh1750\n  pause_fetching: true\n",
                "b.yaml:5:3: brightness.pause_fetching: needs mode: sensor and off_below in lux"
            ),
            (
                "  mode: sensor\n  sensor: bh1750\n  off_below: 3\n  pause_fetching: maybe\n",
                "b.yaml:6:19: brightness.pause_fetching: expected true or false"
            ),
            (
                "  mode: sensor\n  sensor: bh1750\n  latitude: 3\n",
                "b.yaml:2:1: brightness: latitude and longitude go together; add longitude"
            ),
            ("  mode: sensor\n  sensor: bh1750\n  day: 256\n", "b.yaml:5:8: brightness.day: must be between 0 and 255"),
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
        #expect(
            error?.description.hasPrefix("b.yaml:4:1: brightness: off_below: night needs latitude") == true,
            "\(String(describing: error))")
    }

    @Test func aSensorBoardTakesTheDatasheetAddressBusOneAndASecondByDefault() throws {
        let board = try loader.parse("source: {kind: demo}\nbrightness:\n  mode: sensor\n  sensor: tsl2591\n", path: "/tmp/x/sign.yaml")
        #expect(
            board.brightness
                == BrightnessSettings(
                    mode: .sensor,
                    sensor: LightSensorSettings(
                        model: .tsl2591, device: "/dev/i2c-1", address: 0x29, interval: .seconds(1),
                        calibrationPath: "/tmp/x/sign.light-calibration")))
    }

    @Test func everySensorKeyArrives() throws {
        let board = try parse(
            """
              mode: sensor
              sensor: veml7700
              bus: 3
              address: 0x10
              interval: 2s
              min_lux: 0.5
              max_lux: 20000
              day: 250
              night: 8
              off_below: 2.5
              pause_fetching: true
              latitude: -33.87
              longitude: 151.21

            """)
        let sensor = try #require(board.brightness?.sensor)
        #expect(
            sensor
                == LightSensorSettings(
                    model: .veml7700, device: "/dev/i2c-3", address: 0x10, interval: .seconds(2),
                    minLux: 0.5, maxLux: 20_000, offBelowLux: 2.5, pauseFetching: true,
                    calibrationPath: "b.light-calibration"))
        #expect(board.brightness?.day == 250)
        #expect(board.brightness?.night == 8)
        #expect(board.brightness?.latitude == -33.87)
    }

    @Test func aSensorOnTheSameI2CAdapterAsThePanelNeedsNoBus() throws {
        let board = try loader.parse(
            """
            source: {kind: demo}
            display: {width: 128, height: 32, format: mono}
            output: {driver: ssd1306, bus: i2c, device: /dev/i2c-7}
            brightness: {mode: sensor, sensor: bh1750}

            """, path: "b.yaml")
        #expect(board.brightness?.sensor?.device == "/dev/i2c-7")
        #expect(board.brightness?.sensor?.address == 0x23)
    }

    @Test func aBoardInEtcKeepsItsCalibrationInTheStateFolder() throws {
        let board = try loader.parse(
            "source: {kind: demo}\nbrightness: {mode: sensor, sensor: bh1750}\n",
            path: "/etc/departure-board/hall.yaml")
        #expect(board.brightness?.sensor?.calibrationPath == "/var/lib/departure-board/hall.light-calibration")
    }
}
