import Testing
@testable import DisplayBackends

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
        let chunks = SPILink.chunks(count: 10_000, limit: 4096)
        #expect(chunks.map(\.count) == [4096, 4096, 1808])
        #expect(chunks.first?.lowerBound == 0)
        #expect(chunks.last?.upperBound == 10_000)
        // Consecutive, no gaps or overlaps.
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }

    @Test func spiChunkEdgeCases() {
        #expect(SPILink.chunks(count: 0, limit: 4096).isEmpty)
        #expect(SPILink.chunks(count: 4096, limit: 4096) == [0..<4096])
        #expect(SPILink.chunks(count: 3, limit: 0) == [0..<1, 1..<2, 2..<3])
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
}
