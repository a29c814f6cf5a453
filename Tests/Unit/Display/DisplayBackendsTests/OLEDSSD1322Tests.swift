import Testing
import Framebuffer
@testable import DisplayBackends
import PanelTestSupport

@Suite struct OLEDSSD1322Tests {
    /// Init + full push, replayed; returns the ops of the push alone.
    private func roundTrip(_ frame: Framebuffer, emulator: inout SSD1322Emulator) throws -> [TraceOp] {
        let recorder = TraceRecorder()
        let driver = SSD1322Driver(io: recorder.io)
        try driver.initialise()
        try emulator.replay(recorder.take())
        #expect(emulator.image() == Framebuffer(width: 256, height: 64, format: .gray4))
        try driver.push(frame, damage: [frame.bounds])
        let ops = try recorder.take()
        try emulator.replay(ops)
        return ops
    }

    @Test(arguments: OLEDPattern.allCases)
    func roundTripShowsTheFrame(pattern: OLEDPattern) throws {
        let frame = pattern.frame(width: 256, height: 64, format: .gray4)
        var emulator = SSD1322Emulator()
        let ops = try roundTrip(frame, emulator: &emulator)
        #expect(emulator.image() == frame)
        #expect(emulator.displayOn && emulator.contrast == 0x7F && emulator.remap == [0x14, 0x11])
        #expect(emulator.displayMode == 0xA6 && !emulator.locked)
        // 0x15 [1C 5B] 0x75 [00 3F] 0x5C, then 8192 pixel bytes in two 4096-byte writes.
        #expect(
            Array(ops.prefix(5)) == [
                .spi(dc: 0, data: [0x15]), .spi(dc: 1, data: [0x1C, 0x5B]),
                .spi(dc: 0, data: [0x75]), .spi(dc: 1, data: [0x00, 0x3F]),
                .spi(dc: 0, data: [0x5C]),
            ])
        #expect(OLEDTraceStats(ops) == OLEDTraceStats(commandBytes: 3, dataBytes: 4 + 8192, writes: 7))
    }

    @Test func damagePushIsWidenedTo4PixelColumns() throws {
        let recorder = TraceRecorder()
        let driver = SSD1322Driver(io: recorder.io)
        var emulator = SSD1322Emulator()
        let a = OLEDPattern.text.frame(width: 256, height: 64, format: .gray4)
        var b = a
        b.fill(Rect(x: 37, y: 20, width: 10, height: 12), with: PixelValue(9))
        try driver.initialise()
        try driver.push(a, damage: [a.bounds])
        try emulator.replay(recorder.take())
        try driver.push(b, damage: Damage.rects(from: a, to: b))
        let ops = try recorder.take()
        try emulator.replay(ops)
        #expect(emulator.image() == b)
        // x 37…46 widens to 36…47: column addresses 28+9 … 28+11; rows 20…31; 12 px × 12 rows / 2 = 72 bytes.
        #expect(
            Array(ops.prefix(5)) == [
                .spi(dc: 0, data: [0x15]), .spi(dc: 1, data: [37, 39]),
                .spi(dc: 0, data: [0x75]), .spi(dc: 1, data: [20, 31]),
                .spi(dc: 0, data: [0x5C]),
            ])
        #expect(ops.count == 6)
        if case .spi(1?, let pixels) = ops[5] { #expect(pixels.count == 72) } else { Issue.record("no pixel write") }
    }

    @Test func emptyDamageSendsNothing() throws {
        let recorder = TraceRecorder()
        let driver = SSD1322Driver(io: recorder.io)
        let frame = OLEDPattern.random.frame(width: 256, height: 64, format: .gray4)
        try driver.initialise()
        try driver.push(frame, damage: [frame.bounds])
        _ = try recorder.take()
        try driver.push(frame, damage: [])
        #expect(try recorder.take().isEmpty)
    }

    @Test func initSequenceStartsWithResetAndUnlock() throws {
        let recorder = TraceRecorder()
        try SSD1322Driver(io: recorder.io).initialise()
        let ops = try recorder.take()
        #expect(Array(ops.prefix(6)) == oledResetPulse)
        #expect(
            Array(ops[6..<16]) == [
                .spi(dc: 0, data: [0xFD]), .spi(dc: 1, data: [0x12]),
                .spi(dc: 0, data: [0xA4]),
                .spi(dc: 0, data: [0xB3]), .spi(dc: 1, data: [0xF2]),
                .spi(dc: 0, data: [0xCA]), .spi(dc: 1, data: [0x3F]),
                .spi(dc: 0, data: [0xA2]), .spi(dc: 1, data: [0x00]),
                .spi(dc: 0, data: [0xA1]),
            ])
        #expect(ops.contains(.spi(dc: 1, data: [0x14, 0x11])))
        #expect(ops.last == .spi(dc: 0, data: [0xAF]))
        // Same totals as luma.oled: 24 command bytes, 19 + 4 arguments + 8192 pixels, 44 writes.
        #expect(OLEDTraceStats(ops) == OLEDTraceStats(commandBytes: 24, dataBytes: 8215, writes: 44))
    }

    @Test func contrastSleepAndWake() throws {
        let recorder = TraceRecorder()
        let driver = SSD1322Driver(io: recorder.io, resetLine: false)
        var emulator = SSD1322Emulator()
        let frame = OLEDPattern.text.frame(width: 256, height: 64, format: .gray4)
        try driver.initialise()
        try driver.push(frame, damage: [frame.bounds])
        try driver.setContrast(0xFF)
        try driver.sleep()
        try emulator.replay(recorder.take())
        #expect(emulator.contrast == 0xFF && !emulator.displayOn)
        try driver.push(frame, damage: [])
        #expect(try recorder.take() == [.spi(dc: 0, data: [0xAF])])
    }

    @Test func emulatorRejectsUnknownCommandsAndStrayData() throws {
        var emulator = SSD1322Emulator()
        #expect(throws: EmulationError("SSD1322: unknown command 0x21")) { try emulator.apply(.spi(dc: 0, data: [0x21])) }
        #expect(throws: EmulationError.self) { try emulator.apply(.spi(dc: 1, data: [0x00])) }
        // Arguments sent with D/C low are a classic wiring/driver bug: reported, not absorbed.
        var lowArgs = SSD1322Emulator()
        #expect(throws: EmulationError.self) { try lowArgs.apply(.spi(dc: 0, data: [0xC1, 0x7F])) }
    }

    @Test func wrongNibbleRemapShowsAsADifference() throws {
        // Negative control: with 0xA0 0x10 (no nibble remap) the same RAM shows swapped pixel pairs.
        let frame = OLEDPattern.random.frame(width: 256, height: 64, format: .gray4)
        var emulator = SSD1322Emulator()
        _ = try roundTrip(frame, emulator: &emulator)
        try emulator.replay([.spi(dc: 0, data: [0xA0]), .spi(dc: 1, data: [0x10, 0x11])])
        #expect(emulator.image() != frame)
    }

    @Test func monoFrameIsRejected() throws {
        let recorder = TraceRecorder()
        let driver = SSD1322Driver(io: recorder.io)
        let frame = Framebuffer(width: 256, height: 64, format: .mono)
        #expect(throws: BusError.self) { try driver.push(frame, damage: [frame.bounds]) }
    }
}
