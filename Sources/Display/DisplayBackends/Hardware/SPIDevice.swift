import LinuxDevices

/// Where `HardwareIO` sends SPI writes, each one transfer; `SPIDevice` on hardware, fakes in tests.
public protocol SPITransport: AnyObject {
    func write(_ bytes: [UInt8]) throws(BusError)
    /// The longest transfer it takes.
    var bufsiz: Int { get }
}

extension SPITransport {
    public var bufsiz: Int { SPIDevice.defaultBufsiz }
}

/// A panel's spidev node (`/dev/spidevB.C`) on the device floor's `Spidev`: each write one
/// transfer, no longer than spidev's buffer, its failures classified for the panel's retries.
public final class SPIDevice: SPITransport {
    private let spidev: Spidev

    /// spidev's own default when the module parameter cannot be read.
    public static let defaultBufsiz = Spidev.defaultBufsiz

    /// `mode` is SPI_MODE_0…3; `bufsiz` nil reads the module parameter.
    public init(path: String, mode: UInt8 = 0, speedHz: UInt32 = 8_000_000, bufsiz: Int? = nil) throws(BusError) {
        do {
            spidev = try Spidev(path: path, mode: mode, speedHz: speedHz, bufsiz: bufsiz)
        } catch {
            throw DeviceGroup.spi.error(error)
        }
    }

    /// `/dev/spidev<bus>.<chipSelect>`.
    public convenience init(bus: Int, chipSelect: Int, mode: UInt8 = 0, speedHz: UInt32 = 8_000_000) throws(BusError) {
        try self.init(path: "/dev/spidev\(bus).\(chipSelect)", mode: mode, speedHz: speedHz)
    }

    public var path: String { spidev.path }
    public var speedHz: UInt32 { spidev.speedHz }
    /// The largest transfer spidev accepts; links split longer writes to this.
    public var bufsiz: Int { spidev.bufsiz }

    public func write(_ bytes: [UInt8]) throws(BusError) {
        guard bytes.count <= bufsiz else {
            throw BusError(.other, device: path, message: "write of \(bytes.count) bytes is longer than spidev's bufsiz (\(bufsiz))")
        }
        do {
            try spidev.write(bytes)
        } catch {
            throw DeviceGroup.spi.error(error)
        }
    }

    public func close() {
        spidev.close()
    }
}
