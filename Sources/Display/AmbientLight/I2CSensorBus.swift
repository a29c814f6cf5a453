import LinuxDevices

/// A sensor at one address of `/dev/i2c-N`, through the device floor's `I2CAdapter`: SMBus
/// transfers, and for the BH1750's plain reads read(2). The adapter is opened for each
/// transfer and closed after it: a few system calls a poll, and in exchange the sign never
/// pins an adapter, so a USB I2C bridge unplugged and plugged back (or an adapter's module
/// reloaded) is found again at the next poll. The panel's `I2CDevice` on the same bus keeps
/// its own descriptor; the kernel serialises transfers on the adapter.
public final class I2CSensorBus: SensorBus {
    public let path: String
    public let address: UInt8

    /// Checks the address only: the adapter is opened by the first transfer.
    public init(path: String, address: UInt8) throws(LightSensorError) {
        guard address >= 0x03, address <= 0x77 else {
            throw LightSensorError(.other, "address \(Self.hex(address)) is not a 7-bit I2C device address")
        }
        self.path = path
        self.address = address
    }

    public func writeByte(_ register: UInt8, _ value: UInt8) throws(LightSensorError) {
        try transfer { (adapter) throws(DeviceError) in try adapter.writeByte(register, value) }
    }

    public func readByte(_ register: UInt8) throws(LightSensorError) -> UInt8 {
        try transfer { (adapter) throws(DeviceError) in try adapter.readByte(register) }
    }

    public func writeWord(_ register: UInt8, _ value: UInt16) throws(LightSensorError) {
        try transfer { (adapter) throws(DeviceError) in try adapter.writeWord(register, value) }
    }

    public func readWord(_ register: UInt8) throws(LightSensorError) -> UInt16 {
        try transfer { (adapter) throws(DeviceError) in try adapter.readWord(register) }
    }

    public func send(_ byte: UInt8) throws(LightSensorError) {
        try transfer { (adapter) throws(DeviceError) in try adapter.sendByte(byte) }
    }

    public func receive(count: Int) throws(LightSensorError) -> [UInt8] {
        let bytes = try transfer(plainRead: true) { (adapter) throws(DeviceError) in try adapter.read(count: count) }
        guard bytes.count == count else {
            throw LightSensorError(.noAnswer, "\(path): \(Self.hex(address)) sent \(bytes.count) of \(count) bytes")
        }
        return bytes
    }

    /// One transfer on a freshly opened adapter, closed again whatever happens.
    private func transfer<Result>(
        plainRead: Bool = false,
        _ body: (I2CAdapter) throws(DeviceError) -> Result
    ) throws(LightSensorError) -> Result {
        let adapter: I2CAdapter
        do {
            adapter = try I2CAdapter(path: path)
            try adapter.select(address)
        } catch {
            if case .open = error.operation, error.code == .noSuchFile {
                throw LightSensorError(.noBus, "\(path) does not exist (is I2C enabled? dtparam=i2c_arm=on)")
            }
            throw LightSensorError(.other, error.description)
        }
        defer { adapter.close() }
        do {
            return try body(adapter)
        } catch {
            throw failure(error, plainRead: plainRead)
        }
    }

    private func failure(_ error: DeviceError, plainRead: Bool) -> LightSensorError {
        let what = error.operation.words
        switch error.code {
        // ENXIO/EREMOTEIO: no ACK on a real adapter; ENODEV: i2c-stub has no chip there.
        case .noSuchDeviceOrAddress, .remoteIO, .noSuchDevice, .ioError, .timedOut:
            return LightSensorError(.noAnswer, "\(path): no answer from \(Self.hex(address)) to \(what): \(error.code)")
        case .notSupported where plainRead:
            return LightSensorError(
                .unsupported,
                "\(path) can do SMBus transfers only, and a plain I2C read of "
                    + "\(Self.hex(address)) needs a full I2C adapter (I2C_FUNC_I2C)")
        default:
            return LightSensorError(.other, "\(path): \(what) at \(Self.hex(address)) failed: \(error.code)")
        }
    }

    /// `0x10`: an address as datasheets and `i2cdetect` write it.
    public static func hex(_ value: UInt8) -> String { I2CAdapter.hex(value) }
}
