@testable import DisplayBackends
import PanelTestSupport
import Testing

@Suite struct PanelLinkTests {
    @Test func spiCommandBytesGoWithDCLowAndDataSplitsAtTheBusLimitWithDCHigh() throws {
        let recorder = TraceRecorder()
        let io = FaultInjectingIO(wrapping: recorder.io, device: "/dev/spidev0.0", limits: TransferLimits(spi: 4, i2c: 32))
        let link = SPILink(io: io, parameters: .data)
        try link.command(0x24, [1, 2, 3, 4, 5, 6])
        try link.data([7, 8, 9, 10, 11])
        try link.data([])
        #expect(
            try recorder.take() == [
                .spi(dc: 0, data: [0x24]), .spi(dc: 1, data: [1, 2, 3, 4]), .spi(dc: 1, data: [5, 6]),
                .spi(dc: 1, data: [7, 8, 9, 10]), .spi(dc: 1, data: [11]),
            ])
    }

    @Test func parametersReadAsCommandsMakeABurstOneWrite() throws {
        let recorder = TraceRecorder()
        let spi = SPILink(io: recorder.io, parameters: .command)
        try spi.commands([PanelCommand(0x21, [0, 127]), PanelCommand(0x22, [0, 7]), PanelCommand(0xAF)])
        let i2c = I2CLink(io: recorder.io, address: 0x3C)
        try i2c.commands([PanelCommand(0x21, [0, 127]), PanelCommand(0xAF)])
        try i2c.data([1, 2])
        #expect(
            try recorder.take() == [
                .spi(dc: 0, data: [0x21, 0, 127, 0x22, 0, 7, 0xAF]),
                .i2c(address: 0x3C, data: [0x00, 0x21, 0, 127, 0xAF]), .i2c(address: 0x3C, data: [0x40, 1, 2]),
            ])
    }

    @Test func aChainWithoutDCSendsEverythingWithoutALevel() throws {
        let recorder = TraceRecorder()
        let link = SPILink(io: recorder.io, parameters: .command, hasDCLine: false)
        try link.data([0x0C, 0x01, 0x0C, 0x01])
        try link.command(0x0A)
        #expect(try recorder.take() == [.spi(dc: nil, data: [0x0C, 0x01, 0x0C, 0x01]), .spi(dc: nil, data: [0x0A])])
    }

    /// A control byte may repeat in each block; a command-first chip's lead byte is a command
    /// (the HT16K33's RAM address), so its writes are never split.
    @Test func i2cWritesSplitAtTheBusLimitRepeatingOnlyTheControlByte() throws {
        let recorder = TraceRecorder()
        let io = FaultInjectingIO(wrapping: recorder.io, device: "/dev/i2c-1", limits: TransferLimits(spi: 4096, i2c: 3))
        let control = I2CLink(io: io, address: 0x3C)
        try control.data([1, 2, 3, 4, 5])
        try control.data([])
        let plain = I2CLink(io: io, address: 0x70, framing: .commandFirst)
        try plain.command(0x00, [1, 2, 3, 4])
        try plain.command(0x81)
        #expect(
            try recorder.take() == [
                .i2c(address: 0x3C, data: [0x40, 1, 2, 3]), .i2c(address: 0x3C, data: [0x40, 4, 5]),
                .i2c(address: 0x70, data: [0x00, 1, 2, 3, 4]), .i2c(address: 0x70, data: [0x81]),
            ])
    }

    @Test func aTraceKeepsI2CWritesWholeAndSPIAtStockBufsiz() throws {
        let recorder = TraceRecorder()
        try I2CLink(io: recorder.io, address: 0x3C).data([UInt8](repeating: 0, count: 1024))
        try SPILink(io: recorder.io, parameters: .data).data([UInt8](repeating: 0, count: 5000))
        #expect(
            try recorder.take().map { op -> Int in
                switch op {
                case .i2c(_, let bytes), .spi(_, let bytes): bytes.count
                default: 0
                }
            } == [1025, 4096, 904])
    }

    @Test func theResetPulseIsTheLinksAndOnlyWhereWired() throws {
        let recorder = TraceRecorder()
        try SPILink(io: recorder.io, parameters: .data, resetPulse: .epaper).reset()
        #expect(
            try recorder.take() == [
                .gpio(line: "reset", value: 1), .sleep(milliseconds: 20), .gpio(line: "reset", value: 0),
                .sleep(milliseconds: 2), .gpio(line: "reset", value: 1), .sleep(milliseconds: 20),
            ])
        try SPILink(io: recorder.io, parameters: .data).reset()
        try I2CLink(io: recorder.io, address: 0x3C).reset()
        #expect(try recorder.take().isEmpty)
    }

    @Test func hardwareLimitsAreSpidevsBufsizAndAnSMBusBlock() {
        final class BigSPI: SPITransport {
            func write(_ bytes: [UInt8]) throws(BusError) {}
            var bufsiz: Int { 65536 }
        }
        #expect(HardwareIO(spi: BigSPI(), lines: HWFakeLines()).limits == TransferLimits(spi: 65536, i2c: 32))
        #expect(HardwareIO(lines: HWFakeLines()).limits == TransferLimits(spi: 4096, i2c: 32))
        #expect(TraceIO { _ in }.limits == .trace)
    }

    @Test func lineRolesAreTheTracesLineNames() {
        #expect(LineRole.allCases.map(\.rawValue) == ["dc", "reset", "busy"])
        #expect(GPIOLineSpec(role: .busy, chip: "0", offset: 24, direction: .input).label == "gpiochip0 line 24 (busy)")
    }

    @Test func blockPlansCoverAnyLimit() {
        #expect(I2CBlockWrite.plan([0x40, 1, 2, 3], limit: .max) == [I2CBlockWrite(control: 0x40, data: [1, 2, 3])])
        #expect(SPILink.chunks(count: 3, limit: .max) == [0..<3])
    }
}
