@testable import BoardRuntime
import Foundation
import Testing

/// `brightness: mode: sensor`'s rules, fed readings at chosen instants: no sensor, no clock.
@Suite struct SensorBrightnessTests {
    static let range = LuxRange(lower: 1, upper: 10_000)

    @Test func theLogScaleRunsFromNightAtTheBottomToDayAtTheTop() {
        func level(_ lux: Double) -> UInt8 { SensorBrightness.level(for: lux, in: Self.range, day: 255, night: 15) }
        #expect(level(1) == 15)
        #expect(level(10_000) == 255)
        #expect(level(100) == 135, "two decades of four: half way")
        #expect(level(10) == 75, "one decade of four: a quarter")
        #expect(level(0) == 15, "darker than the range: night")
        #expect(level(100_000) == 255, "brighter than the range: day")
    }

    @Test func readingsAreSmoothedSoOneShadowDoesNotDim() {
        var brightness = SensorBrightness(settings: .init(fixedRange: Self.range, smoothing: 5))
        _ = brightness.take(lux: 1000, atSeconds: 0)
        let shaded = brightness.take(lux: 10, atSeconds: 1)
        // One second of a five-second average: 18 % of the way down, not all of it.
        let expected = 1000 + (1 - exp(-1.0 / 5)) * (10 - 1000)
        #expect(abs((brightness.smoothed ?? 0) - expected) < 0.001)
        #expect(shaded.level > SensorBrightness.level(for: 10, in: Self.range, day: 255, night: 16))
    }

    @Test func noiseWithinTheHysteresisNeverChangesTheLevel() {
        var brightness = SensorBrightness(settings: .init(fixedRange: Self.range, smoothing: 0.001, hysteresis: 1.25))
        let first = brightness.take(lux: 100, atSeconds: 0)
        var levels: Set<UInt8> = []
        for second in 1...60 {
            // ±15 %, around the same light.
            levels.insert(brightness.take(lux: second % 2 == 0 ? 115 : 87, atSeconds: Double(second)).level)
        }
        #expect(levels == [first.level], "one level throughout: \(levels)")
        let brighter = brightness.take(lux: 400, atSeconds: 61)
        #expect(brighter.level > first.level, "a real change moves it")
    }

    @Test func belowOffBelowThePanelBlanksAndWakesAtTheFirstBrightReading() {
        var brightness = SensorBrightness(settings: .init(fixedRange: Self.range, offBelow: 5, smoothing: 5))
        #expect(!brightness.take(lux: 50, atSeconds: 0).blank)
        var t = 0.0
        var output = brightness.take(lux: 0, atSeconds: 1)
        #expect(!output.blank, "one dark second is not night")
        while !output.blank && t < 60 {
            t += 1
            output = brightness.take(lux: 0, atSeconds: 1 + t)
        }
        #expect(output.blank, "blank once the average is below 5 lx")
        // Lights on: awake at this very reading, at the level of the light now.
        let woke = brightness.take(lux: 200, atSeconds: 2 + t)
        #expect(!woke.blank)
        #expect(woke.level == SensorBrightness.level(for: 200, in: Self.range, day: 255, night: 16))
    }

    @Test func aGlimmerJustAboveOffBelowDoesNotWakeIt() {
        var brightness = SensorBrightness(settings: .init(fixedRange: Self.range, offBelow: 5, smoothing: 0.001, hysteresis: 1.25))
        _ = brightness.take(lux: 0, atSeconds: 0)
        #expect(brightness.take(lux: 1, atSeconds: 1).blank)
        #expect(brightness.take(lux: 6, atSeconds: 2).blank, "6 lx is within the hysteresis above 5")
        #expect(!brightness.take(lux: 7, atSeconds: 3).blank)
    }

    @Test func withoutAFixedRangeTheUnitLearnsItsOwnOnceItSpansADecade() {
        var brightness = SensorBrightness(settings: .init(smoothing: 0.001))
        _ = brightness.take(lux: 40, atSeconds: 0)
        _ = brightness.take(lux: 200, atSeconds: 1)
        #expect(brightness.range == LuxRange.default, "40–200 lx is not yet a day and a night")
        _ = brightness.take(lux: 3, atSeconds: 2)
        #expect(brightness.range == LuxRange(lower: 3, upper: 200))
        // This unit's brightest is now day.
        #expect(brightness.take(lux: 200, atSeconds: 3).level == 255)
        #expect(brightness.calibration == LuxCalibration(darkest: 3, brightest: 200))
    }

    @Test func aFixedRangeLearnsNothing() {
        var brightness = SensorBrightness(settings: .init(fixedRange: Self.range, smoothing: 0.001))
        _ = brightness.take(lux: 0.5, atSeconds: 0)
        _ = brightness.take(lux: 90_000, atSeconds: 1)
        #expect(brightness.calibration == LuxCalibration())
    }

    @Test func aSavedCalibrationIsUsedFromTheFirstReading() {
        let learned = LuxCalibration(darkest: 0.5, brightest: 800)
        var brightness = SensorBrightness(settings: .init(smoothing: 0.001), calibration: learned)
        #expect(brightness.take(lux: 800, atSeconds: 0).level == 255)
    }
}

@Suite struct LuxCalibrationFileTests {
    private func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func whatIsSavedIsReadBack() throws {
        let file = CalibrationFile(path: try temporaryFolder() + "/board.light-calibration")
        #expect(file.load() == nil, "nothing learned yet")
        let learned = LuxCalibration(darkest: 0.35, brightest: 12_000.5)
        try file.save(learned)
        #expect(file.load() == learned)
    }

    @Test(
        "a damaged file is learned again, never trusted",
        arguments: [
            "darkest_lux 1\n", "darkest_lux abc\nbrightest_lux 10\n", "darkest_lux 50\nbrightest_lux 10\n",
            "darkest_lux -1\nbrightest_lux 10\n", "darkest_lux nan\nbrightest_lux 10\n", "\u{0}\u{1}",
        ])
    func damaged(_ text: String) {
        #expect(LuxCalibration(fileText: text) == nil)
    }

    @Test func onlyAChangeWorthWritingIsWritten() {
        let saved = LuxCalibration(darkest: 1, brightest: 1000)
        #expect(!LuxCalibration(darkest: 1.05, brightest: 1050).differs(from: saved))
        #expect(LuxCalibration(darkest: 0.8, brightest: 1000).differs(from: saved))
        #expect(LuxCalibration(darkest: 1, brightest: 1000).differs(from: LuxCalibration()))
    }
}
