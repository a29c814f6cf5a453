import PanelCatalog

/// `brightness: mode: sensor`: which sensor, where it is, and how its lux become levels.
public struct LightSensorSettings: Sendable, Equatable {
    /// The models the board file can name (the drivers live in `AmbientLight`, which
    /// `BoardConfig` does not import).
    public enum Model: String, Sendable, CaseIterable {
        case veml7700, tsl2591, bh1750

        /// The datasheets' addresses: VEML7700 0x10, TSL2591 0x29, BH1750 0x23 (ADDR low).
        public var defaultAddress: Int {
            switch self {
            case .veml7700: 0x10
            case .tsl2591: 0x29
            case .bh1750: 0x23
            }
        }
    }

    public var model: Model
    /// `/dev/i2c-<bus>`: the panel's adapter when the panel is on I2C, else bus 1 (the
    /// Raspberry Pi header's).
    public var device: String
    public var address: Int
    public var interval: Duration
    /// `min_lux`/`max_lux`: a fixed range; without them the unit learns its own.
    public var minLux: Double?
    public var maxLux: Double?
    /// `off_below` in lux: the panel is blanked below it.
    public var offBelowLux: Double?
    public var pauseFetching: Bool
    /// Where a learned range is kept: beside the board, or in the state folder for a board
    /// in /etc or /usr (as a GTFS store is).
    public var calibrationPath: String

    public init(
        model: Model, device: String = "/dev/i2c-1", address: Int? = nil, interval: Duration = .seconds(1),
        minLux: Double? = nil, maxLux: Double? = nil, offBelowLux: Double? = nil, pauseFetching: Bool = false,
        calibrationPath: String
    ) {
        self.model = model
        self.device = device
        self.address = address ?? model.defaultAddress
        self.interval = interval
        self.minLux = minLux
        self.maxLux = maxLux
        self.offBelowLux = offBelowLux
        self.pauseFetching = pauseFetching
        self.calibrationPath = calibrationPath
    }

    /// The contrast at the top and the bottom of the lux range when `day`/`night` are not given.
    public static let defaultDay: UInt8 = 255
    public static let defaultNight: UInt8 = 16
}

enum LightSensorSchema {
    static let keys = ["sensor", "bus", "address", "interval", "min_lux", "max_lux"]

    static func build(
        _ section: Section, offBelowLux: Double?, output: OutputSettings?,
        boardPath: String
    ) throws(BoardFileError) -> LightSensorSettings {
        guard let model = try section.choice("sensor", as: LightSensorSettings.Model.self) else {
            throw Section.error(section.file, section.mark, section.path, "mode: sensor needs sensor: veml7700, tsl2591 or bh1750")
        }
        var device = "/dev/i2c-1"
        if let output, output.bus == .i2c { device = output.device }
        if let bus = try section.wholeNumber("bus", in: 0...255) { device = "/dev/i2c-\(bus)" }
        let address = try section.wholeNumber("address", in: 0x03...0x77)
        let interval = try section.duration("interval", atLeast: .milliseconds(200), atMost: .seconds(3600)) ?? .seconds(1)
        let minLux = try lux(section, "min_lux")
        let maxLux = try lux(section, "max_lux")
        if (minLux == nil) != (maxLux == nil) {
            let missing = minLux == nil ? "min_lux" : "max_lux"
            throw Section.error(
                section.file, section.mark, section.path,
                "min_lux and max_lux go together (or leave both out to learn this sensor's range); add \(missing)")
        }
        if let minLux, let maxLux, maxLux <= minLux {
            throw section.error("max_lux", "must be above min_lux (\(minLux)); got \(maxLux)")
        }
        let pause = try section.bool("pause_fetching") ?? false
        let path = BoardPath.defaultStateFile(".light-calibration", for: boardPath)
        return LightSensorSettings(
            model: model, device: device, address: address, interval: interval, minLux: minLux,
            maxLux: maxLux, offBelowLux: offBelowLux, pauseFetching: pause, calibrationPath: path)
    }

    /// A positive number of lux.
    private static func lux(_ section: Section, _ key: String) throws(BoardFileError) -> Double? {
        guard section.has(key) else { return nil }
        let text = (try? section.string(key)) ?? ""
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw section.error(key, "expected a level in lux above 0, like 2 or 12000; got '\(shown(text))'")
        }
        return value
    }
}
