/// ams TSL2591: byte registers reached through a command byte (CMD bit 7 set, normal
/// transaction 01: 0xA0 | register), fixed address 0x29, ID register 0x12 reads 0x50.
public final class TSL2591: LightSensor {
    public enum Register {
        public static let command: UInt8 = 0xA0
        /// ENABLE: PON (bit 0) and AEN (bit 1).
        public static let enable: UInt8 = 0x00
        /// CONTROL (CONFIG): AGAIN bits 5:4, ATIME bits 2:0.
        public static let control: UInt8 = 0x01
        public static let id: UInt8 = 0x12
        /// C0DATAL/H (full spectrum) and C1DATAL/H (infrared), read as words.
        public static let channel0: UInt8 = 0x14
        public static let channel1: UInt8 = 0x16
    }

    public static let chipID: UInt8 = 0x50
    /// Medium gain (AGAIN = 01, ×25) and 100 ms (ATIME = 000).
    public static let control: UInt8 = 0b01 << 4
    public static let powerOnAndEnable: UInt8 = 0b11
    static let gain = 25.0
    static let integrationMilliseconds = 100.0
    /// The lux equation's device factor and coefficients (ams DN40).
    static let deviceFactor = 408.0

    private let bus: any SensorBus

    public init(bus: any SensorBus) {
        self.bus = bus
    }

    public func configure() throws(LightSensorError) {
        let id = try bus.readByte(Register.command | Register.id)
        guard id == Self.chipID else {
            throw LightSensorError(
                .wrongChip, "the TSL2591's ID register 0x12 reads \(hex(id)), not 0x50: is another chip at this address?")
        }
        try bus.writeByte(Register.command | Register.control, Self.control)
        try bus.writeByte(Register.command | Register.enable, Self.powerOnAndEnable)
    }

    public func readLux() throws(LightSensorError) -> Double {
        let full = Double(try bus.readWord(Register.command | Register.channel0))
        let infrared = Double(try bus.readWord(Register.command | Register.channel1))
        return Self.lux(full: full, infrared: infrared)
    }

    /// Counts per lux from time and gain; the larger of the two segments of the equation, never below 0.
    static func lux(full: Double, infrared: Double) -> Double {
        let countsPerLux = integrationMilliseconds * gain / deviceFactor
        let first = (full - 1.64 * infrared) / countsPerLux
        let second = (0.59 * full - 0.86 * infrared) / countsPerLux
        return max(0, first, second)
    }
}

func hex(_ value: UInt8) -> String { I2CSensorBus.hex(value) }
