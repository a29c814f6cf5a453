/// Vishay VEML7700 (datasheet doc. 84286): 16-bit registers sent low byte first, fixed
/// address 0x10. No ID check: register 0x07 (device ID 0x81) appears only in later
/// datasheet revisions.
public final class VEML7700: LightSensor {
    public enum Register {
        /// ALS_CONF_0: gain bits 12:11, integration time bits 9:6, shutdown bit 0.
        public static let configuration: UInt8 = 0x00
        public static let powerSaving: UInt8 = 0x03
        /// ALS: the ambient light channel's count.
        public static let ambientLight: UInt8 = 0x04
    }

    /// Gain ×1/8 (ALS_GAIN = 10) and 100 ms (ALS_IT = 0000), powered on (ALS_SD = 0): the
    /// datasheet's suggested start, whose range reaches about 30,000 lx without re-ranging.
    public static let configuration: UInt16 = 0b10 << 11
    /// lx per count at ×1/8 and 100 ms: 0.0036 lx at ×2 and 800 ms, ×16 for the gain, ×8 for the time.
    public static let luxPerCount = 0.0036 * 16 * 8

    private let bus: any SensorBus

    public init(bus: any SensorBus) {
        self.bus = bus
    }

    public func configure() throws(LightSensorError) {
        try bus.writeWord(Register.configuration, Self.configuration)
        try bus.writeWord(Register.powerSaving, 0)
    }

    public func readLux() throws(LightSensorError) -> Double {
        Double(try bus.readWord(Register.ambientLight)) * Self.luxPerCount
    }
}
