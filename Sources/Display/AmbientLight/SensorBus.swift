/// One device on an I2C bus, as the sensor drivers speak to it: SMBus register transfers
/// for the register-based chips, a plain byte write and read for the BH1750.
/// `I2CSensorBus` on hardware; fakes in tests.
public protocol SensorBus: AnyObject {
    func writeByte(_ register: UInt8, _ value: UInt8) throws(LightSensorError)
    func readByte(_ register: UInt8) throws(LightSensorError) -> UInt8
    /// SMBus words go low byte first, as the VEML7700 and TSL2591 send their registers.
    func writeWord(_ register: UInt8, _ value: UInt16) throws(LightSensorError)
    func readWord(_ register: UInt8) throws(LightSensorError) -> UInt16
    /// One byte with no register (SMBus "send byte", on the wire a 1-byte I2C write).
    func send(_ byte: UInt8) throws(LightSensorError)
    /// A plain I2C read of `count` bytes (no register, no SMBus framing).
    func receive(count: Int) throws(LightSensorError) -> [UInt8]
}
