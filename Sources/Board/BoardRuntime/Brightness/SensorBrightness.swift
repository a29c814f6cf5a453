#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Brightness that follows an ambient light sensor (`brightness: mode: sensor`): readings
/// smoothed, mapped to the panel's range on a log scale, changed only past a hysteresis
/// ratio, and the panel blanked below `off_below`. Pure: readings and times come in, the
/// level and blank go out, so every rule is tested without a sensor or a clock.
public struct SensorBrightness: Sendable {
    public struct Settings: Sendable, Equatable {
        /// The contrast (0–255) at the top of the lux range, and at its bottom.
        public var day: UInt8
        public var night: UInt8
        /// `min_lux`/`max_lux`: a fixed range; nil learns this unit's own (`LuxCalibration`).
        public var fixedRange: LuxRange?
        /// `off_below: <lux>`: blank below it.
        public var offBelow: Double?
        /// How quickly the smoothed lux follows a reading: its time constant.
        public var smoothing: Double
        /// A new level is worked out only once the smoothed lux moved this many times away
        /// from the lux of the level in force (and the blank is lifted only this far above `off_below`).
        public var hysteresis: Double

        public init(
            day: UInt8 = 255, night: UInt8 = 16, fixedRange: LuxRange? = nil, offBelow: Double? = nil,
            smoothing: Double = 5, hysteresis: Double = 1.25
        ) {
            self.day = day
            self.night = night
            self.fixedRange = fixedRange
            self.offBelow = offBelow
            self.smoothing = smoothing
            self.hysteresis = hysteresis
        }
    }

    /// What the panel should show.
    public struct Output: Sendable, Equatable {
        /// The smoothed lux the level was last worked out from.
        public var lux: Double
        public var level: UInt8
        public var blank: Bool
    }

    public let settings: Settings
    public private(set) var calibration: LuxCalibration
    public private(set) var output: Output?
    /// The exponential moving average of the readings, and when it was last moved.
    public private(set) var smoothed: Double?
    private var lastReading: Double?

    public init(settings: Settings, calibration: LuxCalibration = LuxCalibration()) {
        self.settings = settings
        self.calibration = calibration
    }

    /// The range the levels are spread over: the fixed one, else what this unit learned once
    /// it spans a decade, else the default.
    public var range: LuxRange {
        settings.fixedRange ?? calibration.learnedRange ?? LuxRange.default
    }

    /// Takes a reading (lux) at `t` seconds and says what the panel should show.
    public mutating func take(lux reading: Double, atSeconds t: Double) -> Output {
        let reading = max(0, reading.isFinite ? reading : 0)
        var average = reading
        if let smoothed, let lastReading {
            // An EMA over the time since the last reading, so a late poll weighs what it missed.
            let alpha = 1 - exp(-max(0, t - lastReading) / max(0.001, settings.smoothing))
            average = smoothed + alpha * (reading - smoothed)
        }
        lastReading = t
        var blank = output?.blank ?? false
        if let offBelow = settings.offBelow {
            if blank {
                // Light back: wake on the reading itself, not the average, so the panel is on
                // at the first poll that sees it (a blank that waits would look broken).
                if reading > offBelow * settings.hysteresis {
                    blank = false
                    average = reading
                }
            } else if average < offBelow {
                blank = true
            }
        }
        smoothed = average
        if settings.fixedRange == nil { calibration.learn(average) }
        if let output, output.blank == blank, !moved(from: output.lux, to: average) {
            return output
        }
        let next = Output(
            lux: average, level: Self.level(for: average, in: range, day: settings.day, night: settings.night),
            blank: blank)
        output = next
        return next
    }

    private func moved(from anchor: Double, to lux: Double) -> Bool {
        let a = max(anchor, LuxRange.floor), b = max(lux, LuxRange.floor)
        return max(a / b, b / a) >= settings.hysteresis
    }

    /// `night` at the bottom of the range, `day` at the top, straight in log(lux) between.
    public static func level(for lux: Double, in range: LuxRange, day: UInt8, night: UInt8) -> UInt8 {
        let low = log10(range.lower), high = log10(range.upper)
        let position = (log10(max(lux, LuxRange.floor)) - low) / (high - low)
        let fraction = min(1, max(0, position))
        return UInt8((Double(night) + (Double(day) - Double(night)) * fraction).rounded())
    }
}

/// A span of illuminance, lower < upper, both at least `floor`.
public struct LuxRange: Sendable, Equatable {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = max(lower, LuxRange.floor)
        self.upper = max(upper, self.lower * 1.0001)
    }

    /// Below this a reading counts as this (log 0 has no place on the scale; sensors read 0 in the dark).
    public static let floor = 0.1
    /// Dark street at night to bright shade by day, used until a unit has learned its own.
    public static let `default` = LuxRange(lower: 1, upper: 10_000)
}
