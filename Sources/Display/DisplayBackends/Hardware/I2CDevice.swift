import CI2C
import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// One SMBus transaction of a whole I2C write: the control byte goes out as the SMBus
/// command, followed by at most 32 data bytes (none: a plain byte write).
public struct I2CBlockWrite: Equatable, Sendable {
    public var control: UInt8
    public var data: [UInt8]

    public init(control: UInt8, data: [UInt8]) {
        self.control = control
        self.data = data
    }

    /// I2C_SMBUS_BLOCK_MAX: the most data one SMBus block transfer carries.
    public static let maxData = 32

    /// Splits `[control, d0…dn]` into writes of at most `limit` data bytes that each repeat
    /// the control byte, so the controller sees the same stream type (command or data) in
    /// every transaction. An empty write plans nothing. `I2CLink` plans with the bus's limit.
    public static func plan(_ bytes: [UInt8], limit: Int = maxData) -> [I2CBlockWrite] {
        guard let control = bytes.first else { return [] }
        let data = bytes.dropFirst()
        if data.isEmpty { return [I2CBlockWrite(control: control, data: [])] }
        let limit = max(1, limit)
        return stride(from: data.startIndex, to: data.endIndex, by: limit).map { start in
            I2CBlockWrite(control: control, data: Array(data[start..<(start + min(limit, data.endIndex - start))]))
        }
    }
}

/// Where `HardwareIO` sends I2C writes, each at most one SMBus block; `I2CDevice` on
/// hardware, fakes in tests.
public protocol I2CTransport: AnyObject {
    func write(address: UInt8, _ bytes: [UInt8]) throws(BusError)
}

/// An I2C adapter (`/dev/i2c-N`) driven through libi2c's SMBus block writes, which also
/// work on SMBus-only adapters where a plain write() fails with EOPNOTSUPP.
public final class I2CDevice: I2CTransport {
    public let path: String
    private var fd: Int32
    /// The address last given to I2C_SLAVE; the ioctl is only repeated when it changes.
    private var selected: UInt8?

    public init(path: String) throws(BusError) {
        self.path = path
        self.fd = try SystemCalls.openDevice(path, group: .i2c)
    }

    /// `/dev/i2c-<bus>` (bus 1 on a Raspberry Pi's header).
    public convenience init(bus: Int) throws(BusError) {
        try self.init(path: "/dev/i2c-\(bus)")
    }

    deinit { close() }

    /// Sends `[control, d0…dn]` to the 7-bit `address` as one SMBus transaction; the link
    /// has split longer writes already.
    public func write(address: UInt8, _ bytes: [UInt8]) throws(BusError) {
        guard fd >= 0 else { throw BusError(.other, device: path, message: "write after close") }
        guard address <= 0x7F else {
            throw BusError(.other, device: path, message: "address \(address) is not a 7-bit I2C address")
        }
        guard let control = bytes.first else { return }
        let data = Array(bytes.dropFirst())
        guard data.count <= I2CBlockWrite.maxData else {
            throw BusError(.other, device: path, message:
                "write of \(data.count) bytes to \(Self.hex(address)) is longer than an SMBus block (\(I2CBlockWrite.maxData))")
        }
        try select(address)
        let result: Int32
        if data.isEmpty {
            result = i2c_smbus_write_byte(fd, control)
        } else {
            result = data.withUnsafeBufferPointer { data in
                i2c_smbus_write_i2c_block_data(fd, control, UInt8(data.count), data.baseAddress)
            }
        }
        // libi2c 4.x returns -errno itself rather than -1 with errno set.
        if result < 0 {
            throw DeviceGroup.i2c.error(-result, device: path, operation: "write to \(Self.hex(address))")
        }
    }

    public func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
        fd = -1
        selected = nil
    }

    private func select(_ address: UInt8) throws(BusError) {
        if selected == address { return }
        if ck_ioctl_value(fd, UInt(I2C_SLAVE), UInt(address)) < 0 {
            let code = errno
            // EBUSY: a kernel driver owns the address; say so rather than "resource busy".
            if code == EBUSY {
                throw BusError(.other, device: path,
                               message: "address \(Self.hex(address)) is claimed by a kernel driver (check dtoverlay settings)")
            }
            throw DeviceGroup.i2c.error(code, device: path, operation: "select \(Self.hex(address))")
        }
        selected = address
    }

    static func hex(_ address: UInt8) -> String {
        let digits = String(address, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
