public import AmbientLight
public import BoardConfig
public import BoardRuntime
public import Logging

/// `brightness: mode: sensor` as the runtime's sensor loop.
public enum LightAssembly {
    /// How the board reaches its sensor; tests pass a fake.
    public typealias Opener = @Sendable (LightSensorSettings) throws(LightSensorError) -> any LightSensor

    /// nil without a sensor. Nothing is opened here: the first poll opens the sensor, so a
    /// board whose bus is missing runs on its fallback and says why, rather than not starting.
    public static func setup(_ board: BoardFile, logger: Logger, open: @escaping Opener = openHardware) -> LightSensorSetup? {
        guard let brightness = board.brightness, let sensor = brightness.sensor else { return nil }
        var range: LuxRange?
        if let low = sensor.minLux, let high = sensor.maxLux { range = LuxRange(lower: low, upper: high) }
        let (day, night) = brightness.sensorLevels
        let settings = SensorBrightness.Settings(day: day, night: night, fixedRange: range, offBelow: sensor.offBelowLux)
        // A fixed range learns nothing, so nothing is kept.
        let file = range == nil ? CalibrationFile(path: sensor.calibrationPath) : nil
        let calibration = file?.load() ?? LuxCalibration()
        let poller = LightSensorPoller(
            brightness: SensorBrightness(settings: settings, calibration: calibration), file: file,
            logger: logger
        ) { () throws(LightSensorError) in try open(sensor) }
        let contrast = ScheduleAssembly.contrast(board)
        return LightSensorSetup(
            poller: poller, interval: sensor.interval, pauseFetching: sensor.pauseFetching,
            fallbackName: contrast.fallback.name, restingContrast: contrast.boardContrast,
            name: "\(sensor.model.rawValue) at \(I2CSensorBus.hex(UInt8(clamping: sensor.address))) on \(sensor.device)")
    }

    public static let openHardware: Opener = { (sensor) throws(LightSensorError) in
        let model: LightSensorModel =
            switch sensor.model {
            case .veml7700: .veml7700
            case .tsl2591: .tsl2591
            case .bh1750: .bh1750
            }
        return try model.open(device: sensor.device, address: UInt8(clamping: sensor.address))
    }
}
