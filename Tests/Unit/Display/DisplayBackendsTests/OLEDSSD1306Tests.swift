import Testing
import Framebuffer
@testable import DisplayBackends
import PanelTestSupport

struct OLEDSSD1306Config: Sendable, CustomTestStringConvertible {
    var size: SSD1306Driver.Size
    var bus: OLEDBus
    var height: Int { size == .oled128x64 ? 64 : 32 }
    var testDescription: String { "128x\(height) \(bus)" }
    static let all = [SSD1306Driver.Size.oled128x64, .oled128x32].flatMap { size in
        [OLEDBus.i2c(), .spi()].map { OLEDSSD1306Config(size: size, bus: $0) }
    }
}

/// Drives an `SSD1306Driver` into a recorder and an emulator side by side.
struct OLEDSSD1306Rig {
    let recorder = TraceRecorder()
    let driver: SSD1306Driver
    var emulator: SSD1306Emulator

    init(_ config: OLEDSSD1306Config) {
        driver = SSD1306Driver(io: recorder.io, bus: config.bus, size: config.size)
        emulator = SSD1306Emulator(width: 128, height: config.height)
    }

    /// Replays what the driver sent since the last call and returns it.
    @discardableResult
    mutating func sync() throws -> [TraceOp] {
        let ops = try recorder.take()
        try emulator.replay(ops)
        return ops
    }
}

@Suite struct OLEDSSD1306Tests {
    @Test(arguments: OLEDSSD1306Config.all, OLEDPattern.allCases)
    func roundTripShowsTheFrame(config: OLEDSSD1306Config, pattern: OLEDPattern) throws {
        var rig = OLEDSSD1306Rig(config)
        let frame = pattern.frame(width: 128, height: config.height, format: .mono)
        try rig.driver.initialise()
        try rig.sync()
        #expect(rig.emulator.image() == Framebuffer(width: 128, height: config.height, format: .mono))
        try rig.driver.push(frame, damage: [frame.bounds])
        let ops = try rig.sync()
        #expect(rig.emulator.image() == frame)
        #expect(rig.emulator.displayOn && rig.emulator.contrast == 0xCF && rig.emulator.chargePump)
        #expect(rig.emulator.comPins == (config.height == 64 ? 0x12 : 0x02))
        #expect(rig.emulator.multiplex == config.height - 1)
        // One window command + the page bytes; I2C writes stay within 1 + 1024 bytes.
        #expect(OLEDTraceStats(ops) == OLEDTraceStats(commandBytes: 6, dataBytes: config.height * 16, writes: 2))
        for case .i2c(_, let bytes) in ops { #expect(bytes.count <= 1025) }
    }

    @Test func firstPushAfterInitialiseIsWholeFrameWhateverTheDamage() throws {
        var rig = OLEDSSD1306Rig(OLEDSSD1306Config(size: .oled128x64, bus: .i2c()))
        let frame = OLEDPattern.random.frame(width: 128, height: 64, format: .mono)
        try rig.driver.initialise()
        try rig.driver.push(frame, damage: [])
        try rig.sync()
        #expect(rig.emulator.image() == frame)
        try rig.driver.push(frame, damage: [])
        #expect(try rig.sync().isEmpty)
    }

    @Test(arguments: [OLEDBus.i2c(), .spi()])
    func damagePushSendsOnlyTheWindow(bus: OLEDBus) throws {
        var rig = OLEDSSD1306Rig(OLEDSSD1306Config(size: .oled128x64, bus: bus))
        let a = OLEDPattern.text.frame(width: 128, height: 64, format: .mono)
        var b = a
        let change = Rect(x: 20, y: 10, width: 10, height: 12)
        b.fill(change, with: PixelValue(1))
        try rig.driver.initialise()
        try rig.driver.push(a, damage: [a.bounds])
        try rig.sync()
        let damage = Damage.rects(from: a, to: b)
        try rig.driver.push(b, damage: damage)
        let ops = try rig.sync()
        // Rows 10…21 are pages 1…2: 10 columns × 2 pages = 20 bytes.
        let window: [UInt8] = [0x21, 20, 29, 0x22, 1, 2]
        switch bus {
        case .i2c: #expect(ops.first == .i2c(address: 0x3C, data: [0x00] + window))
        case .spi: #expect(ops.first == .spi(dc: 0, data: window))
        }
        #expect(OLEDTraceStats(ops) == OLEDTraceStats(commandBytes: 6, dataBytes: 20, writes: 2))
        #expect(rig.emulator.image() == b)
    }

    @Test func bandsSharingAPageAreSentOnce() throws {
        var rig = OLEDSSD1306Rig(OLEDSSD1306Config(size: .oled128x64, bus: .i2c()))
        let a = Framebuffer(width: 128, height: 64, format: .mono)
        var b = a
        b.fill(Rect(x: 40, y: 1, width: 8, height: 2), with: PixelValue(1))
        b.fill(Rect(x: 42, y: 5, width: 8, height: 2), with: PixelValue(1))
        try rig.driver.initialise()
        try rig.driver.push(a, damage: [a.bounds])
        try rig.sync()
        try rig.driver.push(b, damage: Damage.rects(from: a, to: b))
        let ops = try rig.sync()
        #expect(ops.first == .i2c(address: 0x3C, data: [0x00, 0x21, 40, 49, 0x22, 0, 0]))
        #expect(OLEDTraceStats(ops) == OLEDTraceStats(commandBytes: 6, dataBytes: 10, writes: 2))
        #expect(rig.emulator.image() == b)
    }

    @Test func initSequence128x64OverI2C() throws {
        let rig = OLEDSSD1306Rig(OLEDSSD1306Config(size: .oled128x64, bus: .i2c()))
        try rig.driver.initialise()
        let ops = try rig.recorder.take()
        let burst: [UInt8] = [
            0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00,
            0xA1, 0xC8, 0xDA, 0x12, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6,
        ]
        #expect(ops.first == .i2c(address: 0x3C, data: burst))
        #expect(
            Array(ops.dropFirst()) == [
                .i2c(address: 0x3C, data: [0x00, 0x81, 0xCF]),
                .i2c(address: 0x3C, data: [0x00, 0x21, 0, 127, 0x22, 0, 7]),
                .i2c(address: 0x3C, data: [0x40] + [UInt8](repeating: 0, count: 1024)),
                .i2c(address: 0x3C, data: [0x00, 0xAF]),
            ])
    }

    @Test func initSequence128x32OverSPIStartsWithResetPulse() throws {
        let recorder = TraceRecorder()
        try SSD1306Driver(io: recorder.io, bus: .spi(), size: .oled128x32, contrast: 0x8F).initialise()
        let ops = try recorder.take()
        #expect(Array(ops.prefix(6)) == oledResetPulse)
        #expect(
            ops[6]
                == .spi(
                    dc: 0,
                    data: [
                        0xAE, 0xD5, 0x80, 0xA8, 0x1F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00,
                        0xA1, 0xC8, 0xDA, 0x02, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6,
                    ]))
        #expect(ops[7] == .spi(dc: 0, data: [0x81, 0x8F]))
        #expect(ops.last == .spi(dc: 0, data: [0xAF]))
        // An SPI module without a wired reset line gets no GPIO traffic.
        let bare = TraceRecorder()
        try SSD1306Driver(io: bare.io, bus: .spi(reset: false)).initialise()
        #expect(try bare.take().allSatisfy { if case .spi = $0 { true } else { false } })
    }

    @Test func contrastSleepAndWake() throws {
        var rig = OLEDSSD1306Rig(OLEDSSD1306Config(size: .oled128x64, bus: .i2c()))
        let frame = OLEDPattern.text.frame(width: 128, height: 64, format: .mono)
        try rig.driver.initialise()
        try rig.driver.push(frame, damage: [frame.bounds])
        try rig.driver.setContrast(0x20)
        try rig.driver.sleep()
        let ops = try rig.sync()
        #expect(ops.suffix(2) == [.i2c(address: 0x3C, data: [0x00, 0x81, 0x20]), .i2c(address: 0x3C, data: [0x00, 0xAE])])
        #expect(rig.emulator.contrast == 0x20 && !rig.emulator.displayOn)
        #expect(rig.emulator.image() == Framebuffer(width: 128, height: 64, format: .mono))
        // RAM is kept in sleep: an undamaged push only switches the panel back on.
        try rig.driver.push(frame, damage: [])
        #expect(try rig.sync() == [.i2c(address: 0x3C, data: [0x00, 0xAF])])
        #expect(rig.emulator.image() == frame)
    }

    @Test func failedPushMakesTheNextPushWhole() throws {
        let recorder = TraceRecorder()
        // The panel goes after six writes: initialise's five and the push's first.
        let io = FaultInjectingIO(wrapping: recorder.io, device: "/dev/i2c-1")
        io.disconnect(afterWrites: 6)
        let driver = SSD1306Driver(io: io, bus: .i2c())
        var emulator = SSD1306Emulator()
        try driver.initialise()  // 5 writes
        let frame = OLEDPattern.random.frame(width: 128, height: 64, format: .mono)
        #expect(throws: BusError.self) { try driver.push(frame, damage: [frame.bounds]) }
        #expect(io.writeAttempts == 7 && io.faultsInjected == 1)
        io.reconnect()
        try driver.push(frame, damage: [Rect(x: 0, y: 0, width: 1, height: 1)])
        try emulator.replay(recorder.take())
        #expect(emulator.image() == frame)
    }

    @Test func wrongFrameIsRejected() throws {
        let recorder = TraceRecorder()
        let driver = SSD1306Driver(io: recorder.io, size: .oled128x32)
        let frame = Framebuffer(width: 128, height: 64, format: .mono)
        #expect(throws: BusError.self) { try driver.push(frame, damage: [frame.bounds]) }
    }

    @Test func emulatorRejectsUnknownCommand() throws {
        var emulator = SSD1306Emulator()
        #expect(throws: EmulationError("SSD1306: unknown command 0xFF")) {
            try emulator.apply(.i2c(address: 0x3C, data: [0x00, 0xAE, 0xFF]))
        }
        var spi = SSD1306Emulator()
        #expect(throws: EmulationError.self) { try spi.apply(.spi(dc: 0, data: [0xFC])) }
    }

    @Test func mirroredRemapWouldShowAsADifference() throws {
        // Negative control: the emulator models segment remap, so a driver sending 0xA0 fails the round trip.
        var rig = OLEDSSD1306Rig(OLEDSSD1306Config(size: .oled128x64, bus: .i2c()))
        let frame = OLEDPattern.text.frame(width: 128, height: 64, format: .mono)
        try rig.driver.initialise()
        try rig.driver.push(frame, damage: [frame.bounds])
        try rig.sync()
        try rig.emulator.apply(.i2c(address: 0x3C, data: [0x00, 0xA0]))
        #expect(rig.emulator.image() != frame)
    }
}
