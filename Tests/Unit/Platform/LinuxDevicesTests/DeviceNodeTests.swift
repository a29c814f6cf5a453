import Testing
import LinuxDevices
#if canImport(Glibc)
import Glibc
#endif

/// The floor on nodes that exist everywhere: missing ones, regular files (which open but
/// know no device ioctl), and a GPIO chip that is not there.
@Suite struct DeviceNodeTests {
    /// A regular file with `bytes` in it, removed by the caller.
    static func file(_ name: String, _ bytes: [UInt8] = []) throws -> String {
        let path = "/tmp/linux-devices-\(name)-\(getpid())"
        let fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0o600)
        try #require(fd >= 0)
        #expect(write(fd, bytes, bytes.count) == bytes.count)
        close(fd)
        return path
    }

    @Test func aMissingNodeIsNamedWithItsErrno() throws {
        let error = try #require(throws: DeviceError.self) { _ = try DeviceNode(path: "/dev/i2c-99") }
        #expect(error == DeviceError(device: "/dev/i2c-99", operation: .open, code: .noSuchFile))
        #expect(error.description == "/dev/i2c-99: open failed: No such file or directory")
    }

    @Test func plainReadsAndWritesGoThroughAndCloseEndsThem() throws {
        let path = try Self.file("node", [1, 2, 3])
        defer { unlink(path) }
        let node = try DeviceNode(path: path)
        #expect(try node.read(count: 8, .other("read")) == [1, 2, 3])
        #expect(try node.write([4, 5], .other("write")) == 2)
        node.close()
        #expect(!node.isOpen)
        #expect(throws: DeviceError(device: path, operation: .other("read"), code: .closed)) { try node.read(count: 1, .other("read")) }
    }

    @Test func anI2CAdapterThatIsAFileFailsAtSelect() throws {
        let path = try Self.file("i2c", [0x42])
        defer { unlink(path) }
        let adapter = try I2CAdapter(path: path)
        #expect(throws: DeviceError(device: path, operation: .select(address: 0x3C), code: .notADevice)) { try adapter.select(0x3C) }
        // Plain I/O is read(2) and write(2) on the node.
        #expect(try adapter.read(count: 2) == [0x42])
        #expect(try adapter.write([0x10]) == 1)
    }

    @Test func aBlockLongerThanSMBusCarriesIsRefusedBeforeAnyTransfer() throws {
        let path = try Self.file("block")
        defer { unlink(path) }
        let adapter = try I2CAdapter(path: path)
        let error = try #require(throws: DeviceError.self) { try adapter.writeBlock(0x40, [UInt8](repeating: 0, count: 33)) }
        #expect(error.code == .messageTooLong)
        #expect(error.message == "write block 0x40 failed: Message too long")
    }

    @Test func aSpidevThatIsAFileFailsAtItsFirstSetting() throws {
        let path = try Self.file("spi")
        defer { unlink(path) }
        #expect(throws: DeviceError(device: path, operation: .other("set mode 3"), code: .notADevice)) {
            _ = try Spidev(path: path, mode: 3, bufsiz: 4096)
        }
    }

    @Test(arguments: ["gpiochip99", "/dev/gpiochip99"])
    func aMissingGPIOChipIsNamedAsGiven(chip: String) throws {
        let error = try #require(throws: DeviceError.self) { _ = try GPIORequest(chip: chip, offset: 4, mode: .input) }
        #expect(error.device == chip)
        #expect(error.operation == .open)
        #expect(error.code == .noSuchFile)
    }

    @Test func addressesAreShownAsTwoDigitHex() {
        #expect(I2CAdapter.hex(0x3C) == "0x3c")
        #expect(I2CAdapter.hex(0x08) == "0x08")
    }

    @Test func sleepingLastsTheWholeDurationAndNothingForNone() {
        let clock = ContinuousClock()
        #expect(clock.measure { sleepFully(for: .milliseconds(20)) } >= .milliseconds(20))
        #expect(clock.measure { sleepFully(for: .milliseconds(-5)) } < .milliseconds(20))
    }
}
