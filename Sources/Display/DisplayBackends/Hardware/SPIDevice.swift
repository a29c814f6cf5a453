import CKernel
import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// Where `HardwareIO` sends SPI writes, each one transfer; `SPIDevice` on hardware, fakes in tests.
public protocol SPITransport: AnyObject {
    func write(_ bytes: [UInt8]) throws(BusError)
    /// The longest transfer it takes.
    var bufsiz: Int { get }
}

extension SPITransport {
    public var bufsiz: Int { SPIDevice.defaultBufsiz }
}

/// A spidev node (`/dev/spidevB.C`): mode, 8-bit words and the clock are set once; each
/// write goes out as one SPI_IOC_MESSAGE(1) transfer, no longer than spidev's buffer.
public final class SPIDevice: SPITransport {
    public let path: String
    public let speedHz: UInt32
    /// The largest transfer spidev accepts (its `bufsiz` module parameter); longer writes
    /// would fail with EMSGSIZE, so links split them to this.
    public let bufsiz: Int
    private var fd: Int32

    /// spidev's own default when the module parameter cannot be read.
    public static let defaultBufsiz = 4096
    public static let bufsizPath = "/sys/module/spidev/parameters/bufsiz"

    /// `mode` is SPI_MODE_0…3; `bufsiz` nil reads the module parameter.
    public init(path: String, mode: UInt8 = 0, speedHz: UInt32 = 8_000_000, bufsiz: Int? = nil) throws(BusError) {
        self.path = path
        self.speedHz = speedHz
        self.bufsiz = max(1, bufsiz ?? Self.systemBufsiz())
        let fd = try SystemCalls.openDevice(path, group: .spi)
        self.fd = fd
        let steps: [(String, () -> Int32)] = [
            ("set mode \(mode)", { ck_spi_write_mode(fd, mode) }),
            ("set 8 bits per word", { ck_spi_write_bits_per_word(fd, 8) }),
            ("set max speed \(speedHz) Hz", { ck_spi_write_max_speed_hz(fd, speedHz) }),
        ]
        for (operation, call) in steps where call() < 0 {
            let code = errno
            close()
            throw DeviceGroup.spi.error(code, device: path, operation: operation)
        }
    }

    /// `/dev/spidev<bus>.<chipSelect>`.
    public convenience init(bus: Int, chipSelect: Int, mode: UInt8 = 0, speedHz: UInt32 = 8_000_000) throws(BusError) {
        try self.init(path: "/dev/spidev\(bus).\(chipSelect)", mode: mode, speedHz: speedHz)
    }

    deinit { close() }

    public func write(_ bytes: [UInt8]) throws(BusError) {
        guard fd >= 0 else { throw BusError(.other, device: path, message: "write after close") }
        guard bytes.count <= bufsiz else {
            throw BusError(.other, device: path, message: "write of \(bytes.count) bytes is longer than spidev's bufsiz (\(bufsiz))")
        }
        try bytes.withUnsafeBufferPointer { (buffer) throws(BusError) in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            var transfer = spi_ioc_transfer()
            transfer.tx_buf = UInt64(UInt(bitPattern: base))
            transfer.len = UInt32(buffer.count)
            transfer.speed_hz = speedHz
            transfer.bits_per_word = 8
            var result: Int32
            repeat { result = ck_spi_message1(fd, &transfer) } while result < 0 && errno == EINTR
            if result < 0 {
                throw DeviceGroup.spi.error(errno, device: path, operation: "write of \(buffer.count) bytes")
            }
        }
    }

    public func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
        fd = -1
    }

    /// Consecutive ranges covering `0..<count`, none longer than `limit`: how the links
    /// split writes (any limit, `.max` included).
    public static func chunks(count: Int, limit: Int) -> [Range<Int>] {
        let limit = max(1, limit)
        return stride(from: 0, to: max(0, count), by: limit).map { $0..<($0 + min(limit, count - $0)) }
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
