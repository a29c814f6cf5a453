import Testing
import TestTiming
@testable import DisplayBackends

/// Lines in memory: records every set, and answers `get` from a script of readings.
final class HWFakeLines: LineControl {
    var values: [String: Int] = ["dc": 0, "reset": 1, "busy": 1]
    var log: [String] = []
    var readings: [Int] = []
    var reads = 0

    func has(_ role: String) -> Bool { values[role] != nil }
    func describe(_ role: String) -> String { role == "busy" ? "gpiochip0 line 17 (busy)" : "line '\(role)'" }

    func set(_ role: String, _ value: Int) throws(BusError) {
        guard values[role] != nil else { throw BusError(.other, device: role, message: "no such line") }
        values[role] = value
        log.append("\(role)=\(value)")
    }

    func get(_ role: String) throws(BusError) -> Int {
        guard let value = values[role] else { throw BusError(.other, device: role, message: "no such line") }
        reads += 1
        return readings.isEmpty ? value : readings.removeFirst()
    }
}

/// Records what D/C read when each SPI write started, proving the line is set first.
final class HWFakeSPI: SPITransport {
    let lines: HWFakeLines
    var writes: [(dc: Int?, bytes: [UInt8])] = []
    init(lines: HWFakeLines) { self.lines = lines }

    func write(_ bytes: [UInt8]) throws(BusError) {
        writes.append((lines.values["dc"], bytes))
    }
}

final class HWFakeI2C: I2CTransport {
    var writes: [(UInt8, [UInt8])] = []
    func write(address: UInt8, _ bytes: [UInt8]) throws(BusError) { writes.append((address, bytes)) }
}

@Suite struct HardwareIOTests {
    @Test func spiWriteSetsDCBeforeTheBytes() throws {
        let lines = HWFakeLines()
        let spi = HWFakeSPI(lines: lines)
        let io = HardwareIO(spi: spi, lines: lines)
        try io.spiWrite([0xAE], dc: 0)
        try io.spiWrite([1, 2, 3], dc: 1)
        try io.spiWrite([9], dc: nil)
        #expect(spi.writes.map(\.dc) == [0, 1, 1])
        #expect(spi.writes.map(\.bytes) == [[0xAE], [1, 2, 3], [9]])
        #expect(lines.log == ["dc=0", "dc=1"])
    }

    @Test func spiWriteWithoutADCLineStillWrites() throws {
        let lines = HWFakeLines()
        lines.values["dc"] = nil
        let spi = HWFakeSPI(lines: lines)
        try HardwareIO(spi: spi, lines: lines).spiWrite([0x12], dc: 1)
        #expect(spi.writes.count == 1)
        #expect(lines.log.isEmpty)
    }

    @Test func i2cWritesGoToTheTransportWhole() throws {
        let i2c = HWFakeI2C()
        let io = HardwareIO(i2c: i2c, lines: HWFakeLines())
        try io.i2cWrite(address: 0x3C, [0x00, 0xAE, 0xAF])
        #expect(i2c.writes.count == 1)
        #expect(i2c.writes.first?.0 == 0x3C)
        #expect(i2c.writes.first?.1 == [0x00, 0xAE, 0xAF])
    }

    @Test func missingBusesAreReported() throws {
        let io = HardwareIO(lines: HWFakeLines())
        let i2c = try #require(throws: BusError.self) { try io.i2cWrite(address: 0x3C, [0]) }
        #expect(i2c.kind == .other && i2c.device == "i2c")
        let spi = try #require(throws: BusError.self) { try io.spiWrite([0], dc: 0) }
        #expect(spi.kind == .other && spi.device == "spi")
    }

    @Test func setLineDrivesTheNamedLine() throws {
        let lines = HWFakeLines()
        let io = HardwareIO(lines: lines)
        try io.setLine("reset", 0)
        try io.setLine("reset", 1)
        #expect(lines.log == ["reset=0", "reset=1"])
        #expect(throws: BusError.self) { try io.setLine("cs", 1) }
    }

    @Test func waitForLineReturnsOnceTheValueIsRead() throws {
        let lines = HWFakeLines()
        lines.readings = [1, 1, 1, 0]
        let io = HardwareIO(lines: lines, pollInterval: .milliseconds(1))
        try io.waitForLine("busy", value: 0, timeout: .seconds(5))
        #expect(lines.reads == 4)
    }

    @Test func waitForLineTimesOutNamingTheLine() throws {
        let lines = HWFakeLines()
        let io = HardwareIO(lines: lines, pollInterval: .milliseconds(2))
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: BusError.self) {
            try io.waitForLine("busy", value: 0, timeout: .milliseconds(60))
        }
        let elapsed = clock.now - start
        #expect(error.kind == .busyTimeout)
        #expect(error.device == "gpiochip0 line 17 (busy)")
        #expect(error.message.contains("60 ms"))
        #expect(elapsed >= .milliseconds(60))
        #expect(elapsed < TestTiming.scaled(.seconds(2)))
        // Polled, not spun: about 30 reads at 2 ms, never thousands.
        #expect(lines.reads >= 5 && lines.reads < 200)
    }

    @Test func waitForLineWithZeroTimeoutStillSamplesOnce() throws {
        let lines = HWFakeLines()
        lines.values["busy"] = 0
        try HardwareIO(lines: lines).waitForLine("busy", value: 0, timeout: .zero)
        #expect(lines.reads == 1)
    }

    @Test func sleepReallySleeps() {
        let io = HardwareIO(lines: HWFakeLines())
        let clock = ContinuousClock()
        let start = clock.now
        io.sleep(milliseconds: 25)
        #expect(clock.now - start >= .milliseconds(25))
        let zeroStart = clock.now
        io.sleep(milliseconds: -5)
        #expect(clock.now - zeroStart < TestTiming.scaled(.milliseconds(20)))
    }

    @Test func noLinesConfiguredIsEmptyAndReleasesCleanly() throws {
        let lines = try GPIOLines([])
        #expect(lines.roles.isEmpty)
        #expect(!lines.has("busy"))
        #expect(throws: BusError.self) { _ = try lines.get("busy") }
        lines.close()
        lines.close()
    }
}
