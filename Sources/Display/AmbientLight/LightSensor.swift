/// An ambient light sensor on an I2C bus: set up once, then read in lux.
public protocol LightSensor: AnyObject {
    /// Powers the sensor up and sets its gain and integration time; checks its identity
    /// where the chip has an ID register.
    func configure() throws(LightSensorError)
    /// The last completed measurement, in lux.
    func readLux() throws(LightSensorError) -> Double
}

/// Why a sensor gave no reading, in words an operator can act on.
public struct LightSensorError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No such bus (`/dev/i2c-N` missing, I2C not enabled).
        case noBus
        /// Nothing answered at the address.
        case noAnswer
        /// Something answered, but not the chip the board names.
        case wrongChip
        /// The adapter cannot do the transfer this chip needs (a plain I2C read on an SMBus-only adapter).
        case unsupported
        case other
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The models a board can name, with their datasheet addresses.
public enum LightSensorModel: String, Sendable, CaseIterable {
    case veml7700, tsl2591, bh1750

    /// VEML7700: fixed 0x10. TSL2591: fixed 0x29. BH1750: 0x23 with ADDR low (0x5C high).
    public var defaultAddress: UInt8 {
        switch self {
        case .veml7700: 0x10
        case .tsl2591: 0x29
        case .bh1750: 0x23
        }
    }

    /// The driver for this model over `bus`, not yet configured.
    public func driver(on bus: any SensorBus) -> any LightSensor {
        switch self {
        case .veml7700: VEML7700(bus: bus)
        case .tsl2591: TSL2591(bus: bus)
        case .bh1750: BH1750(bus: bus)
        }
    }

    /// Opens the adapter (`/dev/i2c-1`) at `address` and configures the sensor.
    public func open(device: String, address: UInt8) throws(LightSensorError) -> any LightSensor {
        let sensor = driver(on: try I2CSensorBus(path: device, address: address))
        try sensor.configure()
        return sensor
    }
}
