/// ROHM BH1750FVI: no registers. Opcodes are single-byte writes and the measurement is a
/// plain 2-byte read, high byte first; 0x23 with ADDR low, 0x5C with ADDR high.
public final class BH1750: LightSensor {
    public enum Opcode {
        public static let powerOn: UInt8 = 0x01
        /// Continuously H-resolution mode: 1 lx steps, a new result every 120 ms (180 ms at most).
        public static let continuousHighResolution: UInt8 = 0x10
    }

    /// At the default measurement time (MTreg 69), lux = count / 1.2.
    public static let countsPerLux = 1.2

    private let bus: any SensorBus

    public init(bus: any SensorBus) {
        self.bus = bus
    }

    public func configure() throws(LightSensorError) {
        try bus.send(Opcode.powerOn)
        try bus.send(Opcode.continuousHighResolution)
    }

    public func readLux() throws(LightSensorError) -> Double {
        let bytes = try bus.receive(count: 2)
        return Double(UInt16(bytes[0]) << 8 | UInt16(bytes[1])) / Self.countsPerLux
    }
}
