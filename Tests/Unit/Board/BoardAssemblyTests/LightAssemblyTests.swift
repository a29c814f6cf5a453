import AmbientLight
import BoardAssembly
import BoardConfig
import BoardRuntime
import Foundation
import Logging
import Testing
import ZoneInfo

/// A sensor that always reads the same light.
final class SteadyLightSensor: LightSensor {
    let lux: Double
    init(lux: Double) { self.lux = lux }
    func configure() throws(LightSensorError) {}
    func readLux() throws(LightSensorError) -> Double { lux }
}

/// A sensor board as assembled: what `render` sends instead of a reading, and the range
/// the running board starts from.
@Suite struct LightAssemblyTests {
    static let zone: TimeZoneRules = { try! TimeZoneRules.load("Australia/Sydney") }()
    /// 2026-11-23 in Sydney (AEDT): 12:00 and 23:00.
    static let noon: Int64 = 1_795_386_600 + 9_000
    static let lateEvening: Int64 = 1_795_386_600 + 48_600

    func board(_ brightness: String, schedule: String = "", path: String = "sign.yaml") throws -> BoardFile {
        try BoardFileLoader(zoneExists: { _ in true }).parse("source: {kind: demo}\n\(schedule)brightness:\n\(brightness)", path: path)
    }

    func contrast(_ board: BoardFile, _ t: Int64) -> UInt8? {
        ScheduleAssembly.panelState(board, zone: Self.zone, atUnixSeconds: t).contrast
    }

    @Test func renderSendsASensorBoardsFallbackNeverAReading() throws {
        let sun = try board("  mode: sensor\n  sensor: veml7700\n  day: 200\n  night: 20\n  latitude: -33.87\n  longitude: 151.21\n")
        #expect(contrast(sun, Self.noon) == 200)
        #expect(contrast(sun, Self.lateEvening) == 20)
        let scheduled = try board(
            "  mode: sensor\n  sensor: bh1750\n", schedule: "schedule:\n  contrast: {\"07:00\": 180, \"21:00\": 40}\n")
        #expect(contrast(scheduled, Self.noon) == 180)
        #expect(contrast(scheduled, Self.lateEvening) == 40)
        #expect(contrast(try board("  mode: sensor\n  sensor: tsl2591\n"), Self.noon) == nil, "the driver's own")
    }

    @Test func theFallbackIsNamedAsTheCoordinatorPicksIt() throws {
        let logger = Logger(label: "test")
        let open: LightAssembly.Opener = { _ in SteadyLightSensor(lux: 1) }
        let sun = try board("  mode: sensor\n  sensor: veml7700\n  latitude: 1\n  longitude: 2\n")
        #expect(LightAssembly.setup(sun, logger: logger, open: open)?.fallbackName == "the sun")
        let scheduled = try board("  mode: sensor\n  sensor: veml7700\n", schedule: "schedule:\n  contrast: {\"07:00\": 180}\n")
        #expect(LightAssembly.setup(scheduled, logger: logger, open: open)?.fallbackName == "schedule.contrast")
        #expect(
            LightAssembly.setup(
                try board("  mode: sun\n  day: 1\n  night: 0\n  latitude: 1\n  longitude: 2\n"),
                logger: logger, open: open) == nil, "no sensor, no loop")
    }

    @Test func aLearnedRangeIsReadBackAndAFixedRangeKeepsNoFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("light-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try CalibrationFile(path: folder + "/sign.light-calibration").save(LuxCalibration(darkest: 2, brightest: 200))
        let logger = Logger(label: "test")
        let learned = try #require(
            LightAssembly.setup(
                try board("  mode: sensor\n  sensor: veml7700\n", path: folder + "/sign.yaml"),
                logger: logger
            ) { _ in SteadyLightSensor(lux: 200) })
        guard case .output(let bright) = await learned.poller.poll(atSeconds: 0) else {
            Issue.record("no reading")
            return
        }
        #expect(bright.level == LightSensorSettings.defaultDay, "200 lx is the brightest this unit has seen")

        let fixedBoard = try board("  mode: sensor\n  sensor: veml7700\n  min_lux: 1\n  max_lux: 10000\n", path: folder + "/fixed.yaml")
        let fixed = try #require(LightAssembly.setup(fixedBoard, logger: logger) { _ in SteadyLightSensor(lux: 200) })
        guard case .output(let level) = await fixed.poller.poll(atSeconds: 0) else {
            Issue.record("no reading")
            return
        }
        #expect(level.level == SensorBrightness.level(for: 200, in: LuxRange(lower: 1, upper: 10_000), day: 255, night: 16))
        await fixed.poller.save(at: 3600)
        #expect(!FileManager.default.fileExists(atPath: folder + "/fixed.light-calibration"))
    }
}
