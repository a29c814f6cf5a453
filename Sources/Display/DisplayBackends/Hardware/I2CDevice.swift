import LinuxDevices

/// Where `HardwareIO` sends I2C writes, each at most one SMBus block; `I2CDevice` on
/// hardware, fakes in tests.
public protocol I2CTransport: AnyObject {
    func write(address: UInt8, _ bytes: [UInt8]) throws(BusError)
}

/// A panel's I2C adapter (`/dev/i2c-N`): each write one SMBus transaction on the device
/// floor's `I2CAdapter`, its failures classified for the panel's retries.
public final class I2CDevice: I2CTransport {
    private let adapter: I2CAdapter

    public init(path: String) throws(BusError) {
        do {
            adapter = try I2CAdapter(path: path)
        } catch {
            throw DeviceGroup.i2c.error(error)
        }
    }

    /// `/dev/i2c-<bus>` (bus 1 on a Raspberry Pi's header).
    public convenience init(bus: Int) throws(BusError) {
        try self.init(path: "/dev/i2c-\(bus)")
    }

    public var path: String { adapter.path }

    /// Sends `[control, d0…dn]` to the 7-bit `address` as one SMBus transaction (a byte
    /// write, or a block write after the control byte); the link has split longer writes already.
    public func write(address: UInt8, _ bytes: [UInt8]) throws(BusError) {
        guard address <= 0x7F else {
            throw BusError(.other, device: path, message: "address \(address) is not a 7-bit I2C address")
        }
        guard let control = bytes.first else { return }
        let data = Array(bytes.dropFirst())
        let target = I2CAdapter.hex(address)
        guard data.count <= I2CBlockWrite.maxData else {
            throw BusError(
                .other, device: path,
                message:
                    "write of \(data.count) bytes to \(target) is longer than an SMBus block (\(I2CBlockWrite.maxData))")
        }
        do {
            try adapter.select(address)
        } catch {
            throw DeviceGroup.i2c.error(error)
        }
        do {
            if data.isEmpty { try adapter.sendByte(control) } else { try adapter.writeBlock(control, data) }
        } catch {
            var failed = error
            failed.operation = .other("write to \(target)")
            throw DeviceGroup.i2c.error(failed)
        }
    }

    public func close() {
        adapter.close()
    }
}
