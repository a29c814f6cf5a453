import Testing
import Framebuffer
@testable import DisplayBackends
import PanelTestSupport

@Suite struct OLEDSH1106Tests {
    static let buses = [OLEDBus.i2c(), .spi()]

    @Test(arguments: buses, OLEDPattern.allCases)
    func roundTripShowsTheFrame(bus: OLEDBus, pattern: OLEDPattern) throws {
        let recorder = TraceRecorder()
        let driver = SH1106Driver(io: recorder.io, bus: bus)
        var emulator = SH1106Emulator()
        let frame = pattern.frame(width: 128, height: 64, format: .mono)
        try driver.initialise()
        try emulator.replay(recorder.take())
        #expect(emulator.image() == Framebuffer(width: 128, height: 64, format: .mono))
        try driver.push(frame, damage: [frame.bounds])
        let ops = try recorder.take()
        try emulator.replay(ops)
        #expect(emulator.image() == frame)
        #expect(emulator.displayOn && emulator.contrast == 0xCF && emulator.dcdcOn)
        // 8 pages × (3 address commands + 128 bytes).
        #expect(OLEDTraceStats(ops) == OLEDTraceStats(commandBytes: 24, dataBytes: 1024, writes: 16))
    }

    @Test(arguments: buses)
    func damagePushSendsOnlyTouchedPagesAndColumns(bus: OLEDBus) throws {
        let recorder = TraceRecorder()
        let driver = SH1106Driver(io: recorder.io, bus: bus)
        var emulator = SH1106Emulator()
        let a = OLEDPattern.random.frame(width: 128, height: 64, format: .mono)
        var b = a
        b.fill(Rect(x: 20, y: 10, width: 10, height: 12), with: PixelValue(1))
        try driver.initialise()
        try driver.push(a, damage: [a.bounds])
        try emulator.replay(recorder.take())
        try driver.push(b, damage: Damage.rects(from: a, to: b))
        let ops = try recorder.take()
        try emulator.replay(ops)
        #expect(emulator.image() == b)
        // Pages 1 and 2, RAM column 22 (= 20 + offset 2): low nibble 6, high nibble 1.
        let commands = ops.compactMap { op -> [UInt8]? in
            switch op {
            case .i2c(_, let bytes) where bytes.first == 0x00: Array(bytes.dropFirst())
            case .spi(0?, let bytes): bytes
            default: nil
            }
        }
        #expect(commands == [[0xB1, 0x06, 0x11], [0xB2, 0x06, 0x11]])
        #expect(OLEDTraceStats(ops) == OLEDTraceStats(commandBytes: 6, dataBytes: 20, writes: 4))
        try driver.push(b, damage: [])
        #expect(try recorder.take().isEmpty)
    }

    @Test func initSequenceAndClearOverI2C() throws {
        let recorder = TraceRecorder()
        try SH1106Driver(io: recorder.io, bus: .i2c(address: 0x3D)).initialise()
        let ops = try recorder.take()
        #expect(
            ops.first
                == .i2c(
                    address: 0x3D,
                    data: [
                        0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0xAD, 0x8B,
                        0x32, 0xA1, 0xC8, 0xDA, 0x12, 0xD9, 0x22, 0xDB, 0x35, 0xA4, 0xA6,
                    ]))
        #expect(ops[1] == .i2c(address: 0x3D, data: [0x00, 0x81, 0xCF]))
        // Each page is cleared across all 132 RAM columns.
        #expect(ops[2] == .i2c(address: 0x3D, data: [0x00, 0xB0, 0x00, 0x10]))
        #expect(ops[3] == .i2c(address: 0x3D, data: [0x40] + [UInt8](repeating: 0, count: 132)))
        #expect(ops.count == 2 + 16 + 1 && ops.last == .i2c(address: 0x3D, data: [0x00, 0xAF]))
    }

    @Test func spiInitStartsWithResetPulse() throws {
        let recorder = TraceRecorder()
        try SH1106Driver(io: recorder.io, bus: .spi()).initialise()
        let ops = try recorder.take()
        #expect(Array(ops.prefix(6)) == oledResetPulse)
        #expect(ops[6] == .spi(dc: 0, data: SH1106Driver.initSequence))
    }

    @Test func columnOffsetIsHonoured() throws {
        let recorder = TraceRecorder()
        let driver = SH1106Driver(io: recorder.io, columnOffset: 0)
        let frame = OLEDPattern.text.frame(width: 128, height: 64, format: .mono)
        try driver.initialise()
        try driver.push(frame, damage: [frame.bounds])
        let ops = try recorder.take()
        var matching = SH1106Emulator(columnOffset: 0), standard = SH1106Emulator()
        try matching.replay(ops)
        try standard.replay(ops)
        #expect(matching.image() == frame)
        #expect(standard.image() != frame)
    }

    @Test func emulatorRejectsHorizontalAddressingAndUnknownCommands() throws {
        // 0x21 is an SSD1306 command: an SH1106 driver that sends it is wrong.
        var emulator = SH1106Emulator()
        #expect(throws: EmulationError("SH1106: unknown command 0x21")) {
            try emulator.apply(.i2c(address: 0x3C, data: [0x00, 0x21, 0, 127]))
        }
    }

    @Test func emulatorRejectsWritesPastTheRAM() throws {
        var emulator = SH1106Emulator()
        try emulator.apply(.spi(dc: 0, data: [0xB0, 0x03, 0x18]))  // column 131
        try emulator.apply(.spi(dc: 1, data: [0xFF]))
        #expect(throws: EmulationError.self) { try emulator.apply(.spi(dc: 1, data: [0xFF])) }
    }

    @Test func contrastAndSleep() throws {
        let recorder = TraceRecorder()
        let driver = SH1106Driver(io: recorder.io, bus: .spi(reset: false))
        var emulator = SH1106Emulator()
        try driver.initialise()
        try driver.setContrast(0x10)
        try driver.sleep()
        let ops = try recorder.take()
        try emulator.replay(ops)
        #expect(ops.suffix(2) == [.spi(dc: 0, data: [0x81, 0x10]), .spi(dc: 0, data: [0xAE])])
        #expect(emulator.contrast == 0x10 && !emulator.displayOn)
    }
}
