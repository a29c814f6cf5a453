/// What a panel driver talks to: its bus, its control lines and the clock it waits on.
///
/// Drivers send the same calls whether the other end is hardware (`HardwareIO`: libi2c,
/// spidev, libgpiod) or a trace file (`TraceIO`), so every byte a driver sends can be
/// proved without a panel and replayed into an emulator.
public protocol PanelIO: AnyObject {
    /// One whole I2C write to `address`, control byte first (`[0x00, 0xAE]`). Hardware
    /// splits it into SMBus block writes; the trace records it whole.
    func i2cWrite(address: UInt8, _ bytes: [UInt8]) throws(BusError)
    /// One SPI write with the D/C line at `dc` (0 command, 1 data, nil: no D/C line).
    func spiWrite(_ bytes: [UInt8], dc: Int?) throws(BusError)
    /// Drives a named output line (`reset`) to 0 or 1.
    func setLine(_ line: String, _ value: Int) throws(BusError)
    /// Waits until a named input line (`busy`) reads `value`, at most `timeout`; throws
    /// `.busyTimeout` naming the line otherwise.
    func waitForLine(_ line: String, value: Int, timeout: Duration) throws(BusError)
    /// A delay the controller needs (reset pulse, power-up).
    func sleep(milliseconds: Int)
}
