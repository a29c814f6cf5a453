import CKernel
import SystemFiles

/// A spidev node (`/dev/spidevB.C`): mode, 8-bit words and the clock are set once; each
/// write goes out as one SPI_IOC_MESSAGE(1) transfer, never longer than spidev's buffer.
/// Splitting longer writes is the caller's: this only refuses them.
public final class Spidev {
    public let speedHz: UInt32
    /// The largest transfer spidev accepts (its `bufsiz` module parameter); a longer one
    /// would fail with EMSGSIZE.
    public let bufsiz: Int
    private let node: DeviceNode

    /// spidev's own default when the module parameter cannot be read.
    public static let defaultBufsiz = 4096
    public static let bufsizPath = "/sys/module/spidev/parameters/bufsiz"

    /// `mode` is SPI_MODE_0…3; `bufsiz` nil reads the module parameter.
    public init(path: String, mode: UInt8 = 0, speedHz: UInt32 = 8_000_000, bufsiz: Int? = nil) throws(DeviceError) {
        self.speedHz = speedHz
        self.bufsiz = max(1, bufsiz ?? Self.systemBufsiz())
        node = try DeviceNode(path: path)
        _ = try node.call(.other("set mode \(mode)")) { ck_spi_write_mode($0, mode) }
        _ = try node.call(.other("set 8 bits per word")) { ck_spi_write_bits_per_word($0, 8) }
        _ = try node.call(.other("set max speed \(speedHz) Hz")) { ck_spi_write_max_speed_hz($0, speedHz) }
    }

    public var path: String { node.path }

    /// Sends `bytes` as one transfer at the set speed; nothing for none.
    public func write(_ bytes: [UInt8]) throws(DeviceError) {
        let operation = DeviceError.Operation.other("write of \(bytes.count) bytes")
        guard bytes.count <= bufsiz else { throw DeviceError(device: path, operation: operation, code: .messageTooLong) }
        guard !bytes.isEmpty else { return }
        _ = try bytes.withUnsafeBufferPointer { (buffer) throws(DeviceError) in
            var transfer = spi_ioc_transfer()
            transfer.tx_buf = UInt64(UInt(bitPattern: buffer.baseAddress))
            transfer.len = UInt32(buffer.count)
            transfer.speed_hz = speedHz
            transfer.bits_per_word = 8
            return try node.call(operation) { ck_spi_message1($0, &transfer) }
        }
    }

    public func close() {
        node.close()
    }

    /// The module parameter's text (`"4096\n"`) as a positive size; nil when malformed.
    public static func parseBufsiz(_ text: String) -> Int? {
        // Byte-wise: in a Swift string "\r\n" is one Character, so character trimming misses it.
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let digits = text.utf8.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        guard let value = Int(String(decoding: digits, as: UTF8.self)), value > 0 else { return nil }
        return value
    }

    /// spidev's bufsiz from sysfs, or the default when the module is built in or absent.
    public static func systemBufsiz(path: String = bufsizPath) -> Int {
        guard let bytes = try? BoundedFile.read(path, maxBytes: 64),
            let value = parseBufsiz(String(decoding: bytes, as: UTF8.self))
        else { return defaultBufsiz }
        return value
    }
}
