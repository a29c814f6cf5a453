public import AmbientLight
public import Logging

/// Owns the sensor and its brightness rules off the main actor: an I2C read takes a few
/// milliseconds (and a stuck bus longer), which the draw loop must never wait for.
/// A sensor that fails is closed and opened again at the next poll, so it comes back by itself.
public actor LightSensorPoller {
    public enum Reading: Sendable, Equatable {
        case output(SensorBrightness.Output)
        case failed(LightSensorError)
    }

    /// The calibration is written at most this often (seconds): an SD card is not a log.
    public static let saveInterval = 600.0

    private let opener: @Sendable () throws(LightSensorError) -> any LightSensor
    private var sensor: (any LightSensor)?
    private var brightness: SensorBrightness
    private let file: CalibrationFile?
    private var saved: LuxCalibration
    private var savedAt: Double?
    private var saveFailed = false
    private let logger: Logger

    /// `file` nil: a fixed range (`min_lux`/`max_lux`), nothing learned or kept.
    public init(
        brightness: SensorBrightness, file: CalibrationFile?, logger: Logger,
        open: @escaping @Sendable () throws(LightSensorError) -> any LightSensor
    ) {
        self.brightness = brightness
        self.file = file
        self.saved = brightness.calibration
        self.logger = logger
        self.opener = open
    }

    public func poll(atSeconds t: Double) -> Reading {
        do throws(LightSensorError) {
            let sensor: any LightSensor
            if let open = self.sensor {
                sensor = open
            } else {
                sensor = try opener()
                self.sensor = sensor
            }
            let lux = try sensor.readLux()
            let output = brightness.take(lux: lux, atSeconds: t)
            if let last = savedAt, t - last < Self.saveInterval, t >= last { return .output(output) }
            save(at: t)
            return .output(output)
        } catch {
            sensor = nil
            return .failed(error)
        }
    }

    /// Writes what was learned since the last write (at stop, and from `poll` when due).
    public func save(at t: Double) {
        guard let file, brightness.calibration.differs(from: saved) else { return }
        do {
            try file.save(brightness.calibration)
            saved = brightness.calibration
            savedAt = t
            saveFailed = false
        } catch {
            if !saveFailed { logger.warning("light sensor calibration not saved: \(error)") }
            saveFailed = true
            savedAt = t
        }
    }

    public var calibration: LuxCalibration { brightness.calibration }
}

/// A board's light sensor as the coordinator runs it.
public struct LightSensorSetup: Sendable {
    public var poller: LightSensorPoller
    public var interval: Duration
    /// `pause_fetching`: no fetch while the sensor keeps the panel blank.
    public var pauseFetching: Bool
    /// What brightness follows while the sensor does not answer (`PanelContrast.fallback`), for the log line.
    public var fallbackName: String
    /// The board's own contrast, `PanelContrast`'s last resort once the sensor fails.
    public var restingContrast: UInt8?
    /// "veml7700 at 0x10 on /dev/i2c-1", for logs.
    public var name: String

    public init(
        poller: LightSensorPoller, interval: Duration, pauseFetching: Bool, fallbackName: String,
        restingContrast: UInt8?, name: String
    ) {
        self.poller = poller
        self.interval = interval
        self.pauseFetching = pauseFetching
        self.fallbackName = fallbackName
        self.restingContrast = restingContrast
        self.name = name
    }
}
