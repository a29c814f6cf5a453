import CI2C
import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// A sensor at one address of `/dev/i2c-N`, through libi2c's SMBus calls and, for the
/// BH1750's plain reads, read(2). The adapter is opened for each transfer and closed after
/// it: a few system calls a poll, and in exchange the sign never pins an adapter, so a USB
/// I2C bridge unplugged and plugged back (or an adapter's module reloaded) is found again
/// at the next poll. The panel's `I2CDevice` on the same bus keeps its own descriptor; the
/// kernel serialises transfers on the adapter.
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
        try smbus("write register \(Self.hex(register))") { i2c_smbus_write_byte_data($0, register, value) }
    }

    public func readByte(_ register: UInt8) throws(LightSensorError) -> UInt8 {
        UInt8(truncatingIfNeeded: try smbus("read register \(Self.hex(register))") { i2c_smbus_read_byte_data($0, register) })
    }

    public func writeWord(_ register: UInt8, _ value: UInt16) throws(LightSensorError) {
        try smbus("write register \(Self.hex(register))") { i2c_smbus_write_word_data($0, register, value) }
    }

    public func readWord(_ register: UInt8) throws(LightSensorError) -> UInt16 {
        UInt16(truncatingIfNeeded: try smbus("read register \(Self.hex(register))") { i2c_smbus_read_word_data($0, register) })
    }

    public func send(_ byte: UInt8) throws(LightSensorError) {
        try smbus("send \(Self.hex(byte))") { i2c_smbus_write_byte($0, byte) }
    }

    public func receive(count: Int) throws(LightSensorError) -> [UInt8] {
        let fd = try open()
        defer { _ = Glibc.close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) }
        if got < 0 {
            let code = errno
            if code == EOPNOTSUPP {
                throw LightSensorError(.unsupported, "\(path) can do SMBus transfers only, and a plain I2C read of "
                    + "\(Self.hex(address)) needs a full I2C adapter (I2C_FUNC_I2C)")
            }
            throw failure(code, "read \(count) bytes")
        }
        guard got == count else { throw LightSensorError(.noAnswer, "\(path): \(Self.hex(address)) sent \(got) of \(count) bytes") }
        return bytes
    }

    /// One SMBus transfer on a fresh descriptor. libi2c 4.x returns -errno itself rather
    /// than -1 with errno set.
    @discardableResult
    private func smbus(_ what: String, _ transfer: (Int32) -> Int32) throws(LightSensorError) -> Int32 {
        let fd = try open()
        defer { _ = Glibc.close(fd) }
        let result = transfer(fd)
        guard result < 0 else { return result }
        throw failure(-result, what)
    }

    private func open() throws(LightSensorError) -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT {
                throw LightSensorError(.noBus, "\(path) does not exist (is I2C enabled? dtparam=i2c_arm=on)")
            }
            throw LightSensorError(.other, "cannot open \(path): \(Self.reason(code))")
        }
        if ck_ioctl_value(fd, UInt(I2C_SLAVE), UInt(address)) < 0 {
            let code = errno
            _ = Glibc.close(fd)
            throw LightSensorError(.other, code == EBUSY
                ? "\(path): address \(Self.hex(address)) is claimed by a kernel driver (check dtoverlay settings)"
                : "\(path): cannot select \(Self.hex(address)): \(Self.reason(code))")
        }
        return fd
    }

    private func failure(_ code: Int32, _ what: String) -> LightSensorError {
        // ENXIO/EREMOTEIO: no ACK on a real adapter; ENODEV: i2c-stub has no chip there.
        if [ENXIO, EREMOTEIO, ENODEV, EIO, ETIMEDOUT].contains(code) {
            return LightSensorError(.noAnswer, "\(path): no answer from \(Self.hex(address)) to \(what): \(Self.reason(code))")
        }
        return LightSensorError(.other, "\(path): \(what) at \(Self.hex(address)) failed: \(Self.reason(code))")
    }

    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    /// `0x10`: an address as datasheets and `i2cdetect` write it.
    public static func hex(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
