import Testing
@testable import DisplayBackends
#if canImport(Glibc)
import Glibc
#endif

@Suite struct HardwarePlanTests {
    @Test func i2cWriteOf70DataBytesBecomesThreeBlocksWithTheSameControlByte() {
        let data = (0..<70).map { UInt8($0) }
        let plan = I2CBlockWrite.plan([0x40] + data)
        #expect(plan.map(\.data.count) == [32, 32, 6])
        #expect(plan.allSatisfy { $0.control == 0x40 })
        #expect(plan.flatMap(\.data) == data)
    }

    @Test func i2cWriteOfExactly32DataBytesIsOneBlock() {
        let plan = I2CBlockWrite.plan([0x00] + [UInt8](repeating: 0xAE, count: 32))
        #expect(plan.count == 1)
        #expect(plan.first?.data.count == 32)
    }

    @Test func i2cWriteOfOnlyTheControlByteIsOneByteWrite() {
        #expect(I2CBlockWrite.plan([0xE3]) == [I2CBlockWrite(control: 0xE3, data: [])])
        #expect(I2CBlockWrite.plan([]) == [])
    }

    @Test func spiWriteOf10000BytesSplitsAtBufsiz() {
        let chunks = SPIDevice.chunks(count: 10_000, limit: 4096)
        #expect(chunks.map(\.count) == [4096, 4096, 1808])
        #expect(chunks.first?.lowerBound == 0)
        #expect(chunks.last?.upperBound == 10_000)
        // Consecutive, no gaps or overlaps.
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }

    @Test func spiChunkEdgeCases() {
        #expect(SPIDevice.chunks(count: 0, limit: 4096).isEmpty)
        #expect(SPIDevice.chunks(count: 4096, limit: 4096) == [0..<4096])
        #expect(SPIDevice.chunks(count: 3, limit: 0) == [0..<1, 1..<2, 2..<3])
    }

    @Test(arguments: [("4096\n", 4096), (" 65536 \n", 65536), ("1", 1)])
    func bufsizParsesTheModuleParameter(text: String, expected: Int) {
        #expect(SPIDevice.parseBufsiz(text) == expected)
    }

    @Test(arguments: ["", "abc", "0", "-1", "4096 bytes", "\n"])
    func bufsizRejectsMalformedText(text: String) {
        #expect(SPIDevice.parseBufsiz(text) == nil)
    }

    @Test func bufsizIsReadFromSysfsOrDefaults() throws {
        let path = "/tmp/hw-bufsiz-\(getpid())"
        let fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        try #require(fd >= 0)
        defer { unlink(path) }
        let text = Array("8192\n".utf8)
        #expect(write(fd, text, text.count) == text.count)
        close(fd)
        #expect(SPIDevice.systemBufsiz(path: path) == 8192)
        #expect(SPIDevice.systemBufsiz(path: "/nonexistent/bufsiz") == SPIDevice.defaultBufsiz)
        #expect(SPIDevice.defaultBufsiz == 4096)
    }

    @Test func gpioChipNamesResolveToDeviceNodes() {
        let byName = GPIOLineSpec(role: "busy", chip: "gpiochip0", offset: 17, direction: .input)
        #expect(byName.chipPath == "/dev/gpiochip0")
        #expect(byName.label == "gpiochip0 line 17 (busy)")
        let byNumber = GPIOLineSpec(role: "dc", chip: "4", offset: 25, direction: .output(initial: 0))
        #expect(byNumber.chipPath == "/dev/gpiochip4")
        #expect(byNumber.label == "gpiochip4 line 25 (dc)")
        let byPath = GPIOLineSpec(role: "reset", chip: "/dev/gpiochip2", offset: 3, direction: .output(initial: 1))
        #expect(byPath.chipPath == "/dev/gpiochip2")
        #expect(byPath.label == "/dev/gpiochip2 line 3 (reset)")
    }

    @Test func i2cAddressesAreShownAsTwoDigitHex() {
        #expect(I2CDevice.hex(0x3C) == "0x3c")
        #expect(I2CDevice.hex(0x08) == "0x08")
    }
}
