import CI2C
import CKernel

/// An I2C adapter (`/dev/i2c-N`) talking to one address at a time: SMBus transfers through
/// libi2c, which also work on SMBus-only adapters where plain I/O fails with EOPNOTSUPP,
/// and plain read(2)/write(2) for chips without registers (the BH1750).
public final class I2CAdapter {
    /// I2C_SMBUS_BLOCK_MAX: the most data one SMBus block transfer carries.
    public static let blockMax = 32

    private let node: DeviceNode
    /// The address last given to I2C_SLAVE; the ioctl is only repeated when it changes.
    private var selected: UInt8?

    public init(path: String) throws(DeviceError) {
        node = try DeviceNode(path: path)
    }

    public var path: String { node.path }

    /// Addresses the chip at `address` (7-bit) for the transfers that follow.
    public func select(_ address: UInt8) throws(DeviceError) {
        if selected == address { return }
        try node.control(UInt(I2C_SLAVE), value: UInt(address), .select(address: address))
        selected = address
    }

    /// SMBus "send byte": one byte, no register (on the wire a 1-byte write).
    public func sendByte(_ byte: UInt8) throws(DeviceError) {
        try smbus(.other("send \(Self.hex(byte))")) { i2c_smbus_write_byte($0, byte) }
    }

    public func writeByte(_ register: UInt8, _ value: UInt8) throws(DeviceError) {
        try smbus(.other("write register \(Self.hex(register))")) { i2c_smbus_write_byte_data($0, register, value) }
    }

    public func readByte(_ register: UInt8) throws(DeviceError) -> UInt8 {
        UInt8(truncatingIfNeeded: try smbus(.other("read register \(Self.hex(register))")) { i2c_smbus_read_byte_data($0, register) })
    }

    /// SMBus words travel low byte first.
    public func writeWord(_ register: UInt8, _ value: UInt16) throws(DeviceError) {
        try smbus(.other("write register \(Self.hex(register))")) { i2c_smbus_write_word_data($0, register, value) }
    }

    public func readWord(_ register: UInt8) throws(DeviceError) -> UInt16 {
        UInt16(truncatingIfNeeded: try smbus(.other("read register \(Self.hex(register))")) { i2c_smbus_read_word_data($0, register) })
    }

    /// `command` then up to `blockMax` data bytes in one transaction (I2C block write, no
    /// length byte). Longer data is refused: libi2c would cut it short without a word.
    public func writeBlock(_ command: UInt8, _ data: [UInt8]) throws(DeviceError) {
        let operation = DeviceError.Operation.other("write block \(Self.hex(command))")
        guard data.count <= Self.blockMax else { throw DeviceError(device: path, operation: operation, code: .messageTooLong) }
        try smbus(operation) { fd in
            data.withUnsafeBufferPointer { i2c_smbus_write_i2c_block_data(fd, command, UInt8(data.count), $0.baseAddress) }
        }
    }

    /// A plain I2C read, no register and no SMBus framing; fewer bytes when the chip sends fewer.
    public func read(count: Int) throws(DeviceError) -> [UInt8] {
        try node.read(count: count, .other("read \(count) bytes"))
    }

    /// A plain I2C write; returns how many bytes the adapter took.
    @discardableResult
    public func write(_ bytes: [UInt8]) throws(DeviceError) -> Int {
        try node.write(bytes, .other("write \(bytes.count) bytes"))
    }

    public func close() {
        node.close()
        selected = nil
    }

    @discardableResult
    private func smbus(_ operation: @autoclosure () -> DeviceError.Operation, _ call: (Int32) -> Int32) throws(DeviceError) -> Int32 {
        let fd = try node.openDescriptor(operation())
        return try SystemCall.smbus(path, operation()) { call(fd) }
    }

    /// `0x3c`: an address or register as datasheets and `i2cdetect` write it.
    public static func hex(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
