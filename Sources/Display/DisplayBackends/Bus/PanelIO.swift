/// What a panel link talks to: its bus, its control lines and the clock it waits on.
///
/// Links send the same calls whether the other end is hardware (`HardwareIO`: libi2c,
/// spidev, libgpiod) or a trace file (`TraceIO`), so every byte a driver sends can be
/// proved without a panel and replayed into an emulator.
public protocol PanelIO: AnyObject {
    /// One I2C write to `address`, control byte first (`[0x00, 0xAE]`), no longer than
    /// `limits.i2c` after that byte.
    func i2cWrite(address: UInt8, _ bytes: [UInt8]) throws(BusError)
    /// One SPI transfer with the D/C line at `dc` (0 command, 1 data, nil: no D/C line), no
    /// longer than `limits.spi`.
    func spiWrite(_ bytes: [UInt8], dc: Int?) throws(BusError)
    /// Drives a named output line (`reset`) to 0 or 1.
    func setLine(_ line: String, _ value: Int) throws(BusError)
    /// Waits until a named input line (`busy`) reads `value`, at most `timeout`; throws
    /// `.busyTimeout` naming the line otherwise.
    func waitForLine(_ line: String, value: Int, timeout: Duration) throws(BusError)
    /// A delay the controller needs (reset pulse, power-up).
    func sleep(milliseconds: Int)
    /// The longest writes this bus takes whole.
    var limits: TransferLimits { get }
}

extension PanelIO {
    /// Buses without limits of their own record writes as a trace shows them.
    public var limits: TransferLimits { .trace }
}

/// The longest write each bus takes in one go. Panel links split longer writes to these
/// sizes, and nothing under them splits again.
public struct TransferLimits: Sendable, Equatable {
    /// Bytes per SPI transfer: spidev's `bufsiz`.
    public var spi: Int
    /// Bytes after the leading control or command byte of an I2C write: 32 for an SMBus block.
    public var i2c: Int

    public init(spi: Int, i2c: Int) {
        self.spi = spi
        self.i2c = i2c
    }

    /// The trace's: SPI transfers as a stock spidev takes them, I2C writes whole (the design's
    /// trace records each write with its control byte).
    public static let trace = TransferLimits(spi: SPIDevice.defaultBufsiz, i2c: .max)
}
