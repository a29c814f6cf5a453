/// A bus that only counts what would go over the wire, for `bench`: payload bytes of I2C
/// and SPI writes, with no formatting cost in the way of the driver's own encoding time.
public final class CountingIO: PanelIO {
    public private(set) var bytes = 0
    public private(set) var writes = 0

    public init() {}

    public func reset() {
        bytes = 0
        writes = 0
    }

    public func i2cWrite(address: UInt8, _ bytes: [UInt8]) throws(BusError) {
        self.bytes += bytes.count
        writes += 1
    }

    public func spiWrite(_ bytes: [UInt8], dc: Int?) throws(BusError) {
        self.bytes += bytes.count
        writes += 1
    }

    public func setLine(_ line: String, _ value: Int) throws(BusError) {}
    public func waitForLine(_ line: String, value: Int, timeout: Duration) throws(BusError) {}
    public func sleep(milliseconds: Int) {}
}
