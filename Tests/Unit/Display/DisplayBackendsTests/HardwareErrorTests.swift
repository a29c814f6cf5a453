import Testing
@testable import DisplayBackends
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HardwareErrorTests {
    static let devices: [(DeviceGroup, String)] = [
        (.i2c, "/dev/i2c-1"), (.spi, "/dev/spidev0.0"), (.gpio, "gpiochip0 line 17 (busy)"), (.video, "/dev/fb0"),
    ]

    @Test(arguments: devices)
    func permissionDeniedNamesTheDeviceAndGroup(group: DeviceGroup, device: String) {
        for code in [EACCES, EPERM] {
            let error = group.error(code, device: device, operation: "open")
            #expect(error.kind == .permissionDenied)
            #expect(error.device == device)
            #expect(error.description.hasPrefix(device + ": "))
            #expect(error.message.contains("'\(group.rawValue)' group"))
        }
    }

    @Test(arguments: devices)
    func missingNodeIsMissingDevice(group: DeviceGroup, device: String) {
        let error = group.error(ENOENT, device: device, operation: "open")
        #expect(error.kind == .missingDevice)
        #expect(error.description.contains(device))
        #expect(error.message.contains("no such device"))
    }

    @Test(arguments: [EIO, ENXIO, ENODEV, EAGAIN, ETIMEDOUT, EREMOTEIO])
    func busFaultsAreTransient(code: Int32) {
        let error = DeviceGroup.i2c.error(code, device: "/dev/i2c-1", operation: "write to 0x3c")
        #expect(error.kind == .transient)
        #expect(error.message.hasPrefix("write to 0x3c failed: "))
    }

    @Test func otherErrnosKeepTheSystemText() {
        let error = DeviceGroup.spi.error(EMSGSIZE, device: "/dev/spidev0.0", operation: "write of 9000 bytes")
        #expect(error.kind == .other)
        #expect(error.message == "write of 9000 bytes failed: Message too long")
    }

    @Test func missingI2CAdapterIsNamed() throws {
        let error = try #require(throws: BusError.self) { _ = try I2CDevice(bus: 99) }
        #expect(
            error
                == BusError(
                    .missingDevice, device: "/dev/i2c-99",
                    message: "no such device; is the interface enabled (raspi-config) and the panel wired to it?"))
    }

    @Test func missingSPIDeviceIsNamed() throws {
        let error = try #require(throws: BusError.self) { _ = try SPIDevice(bus: 9, chipSelect: 9) }
        #expect(error.kind == .missingDevice)
        #expect(error.device == "/dev/spidev9.9")
    }

    @Test(arguments: ["gpiochip99", "99", "/dev/gpiochip99"])
    func missingGPIOChipIsNamed(chip: String) throws {
        let spec = GPIOLineSpec(role: "reset", chip: chip, offset: 4, direction: .output(initial: 1))
        let error = try #require(throws: BusError.self) { _ = try GPIOLines([spec]) }
        #expect(error.kind == .missingDevice)
        #expect(error.device == "/dev/gpiochip99")
    }

    @Test func missingFramebufferIsNamed() throws {
        let error = try #require(throws: BusError.self) { _ = try LinuxFramebuffer(path: "/dev/fb99") }
        #expect(error.kind == .missingDevice)
        #expect(error.device == "/dev/fb99")
    }

    @Test func missingDeviceThroughHardwareConfigIsNamed() throws {
        let config = HardwareConfig(
            spi: .init(path: "/dev/spidev9.9"),
            lines: [GPIOLineSpec(role: "dc", chip: "gpiochip0", offset: 25, direction: .output(initial: 0))])
        let error = try #require(throws: BusError.self) { _ = try HardwareIO(config) }
        #expect(error.device == "/dev/spidev9.9")
    }

    /// A regular file opens, but the bus ioctls fail: the error says which step and which node.
    @Test func nonDeviceNodesFailAtTheirFirstIoctl() throws {
        let path = "/tmp/hw-not-a-device-\(getpid())"
        let fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0o600)
        try #require(fd >= 0)
        close(fd)
        defer { unlink(path) }

        let i2c = try I2CDevice(path: path)
        let i2cError = try #require(throws: BusError.self) { try i2c.write(address: 0x3C, [0x00, 0xAE]) }
        #expect(i2cError.device == path)
        #expect(i2cError.message.hasPrefix("select 0x3c failed"))
        #expect(throws: BusError.self) { try i2c.write(address: 0x80, [0x00]) }

        let spiError = try #require(throws: BusError.self) { _ = try SPIDevice(path: path, bufsiz: 4096) }
        #expect(spiError.device == path)
        #expect(spiError.message.hasPrefix("set mode 0 failed"))

        let spec = GPIOLineSpec(role: "busy", chip: path, offset: 0, direction: .input)
        let gpioError = try #require(throws: BusError.self) { _ = try GPIOLines([spec]) }
        #expect(gpioError.device == path)
        #expect(gpioError.kind != .missingDevice)
    }
}
