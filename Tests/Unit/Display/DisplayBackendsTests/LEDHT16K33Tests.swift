import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

@Suite struct LEDHT16K33Tests {
    let blank = Framebuffer(width: 16, height: 8, format: .mono)

    /// Driver and emulator after init, plus the trace.
    func fresh(address: UInt8 = 0x70) throws -> (TraceRecorder, HT16K33Driver, HT16K33Emulator) {
        let trace = TraceRecorder()
        let driver = HT16K33Driver(io: trace.io, address: address)
        var emulator = HT16K33Emulator(address: address)
        try driver.initialise()
        try emulator.replay(trace.take())
        return (trace, driver, emulator)
    }

    @Test func initSequenceIsExactAndClearsRAM() throws {
        let trace = TraceRecorder()
        let driver = HT16K33Driver(io: trace.io)
        try driver.initialise()
        let ops = try trace.take()
        #expect(
            ops == [
                .i2c(address: 0x70, data: [0x21]), .i2c(address: 0x70, data: [0x00] + [UInt8](repeating: 0, count: 16)),
                .i2c(address: 0x70, data: [0xE8]), .i2c(address: 0x70, data: [0x81]),
            ])
        var emulator = HT16K33Emulator()
        try emulator.replay(ops)
        #expect(emulator.image() == blank && emulator.oscillatorOn && emulator.displayOn && emulator.blink == 0)
    }

    @Test(arguments: [UInt8(0x70), 0x74])
    func patternsRoundTrip(address: UInt8) throws {
        let (trace, driver, initial) = try fresh(address: address)
        var emulator = initial
        var previous: Framebuffer? = nil
        for frame in [
            LEDPattern.random(width: 16, height: 8, seed: 11), LEDPattern.text(width: 16, height: 8),
            LEDPattern.random(width: 16, height: 8, seed: 12), blank,
        ] {
            try driver.push(frame, damage: Damage.rects(from: previous, to: frame))
            let ops = try trace.take()
            #expect(ops.count == 1)
            try emulator.replay(ops)
            #expect(emulator.image() == frame)
            previous = frame
        }
    }

    @Test func rowsAreCommonsAndColumnsAreRowPinsLSBLeft() throws {
        let cases: [(x: Int, y: Int, write: [UInt8])] = [
            (0, 0, [0x00, 0x01]), (7, 0, [0x00, 0x80]),
            (8, 0, [0x01, 0x01]), (15, 7, [0x0F, 0x80]), (2, 3, [0x06, 0x04]),
        ]
        for c in cases {
            let (trace, driver, _) = try fresh()
            var frame = blank
            frame[c.x, c.y] = PixelValue(1)
            try driver.push(frame, damage: [Rect(x: c.x, y: c.y, width: 1, height: 1)])
            #expect(try trace.take() == [.i2c(address: 0x70, data: c.write)], "LED (\(c.x), \(c.y))")
        }
    }

    @Test func damageSendsOnlyTheChangedByteRange() throws {
        let (trace, driver, initial) = try fresh()
        var emulator = initial
        let before = LEDPattern.random(width: 16, height: 8, seed: 5)
        try driver.push(before, damage: [before.bounds])
        let full = try trace.take()
        #expect(full == [.i2c(address: 0x70, data: [0x00] + before.bytes.map(Self.reversed))])

        var one = before
        one[9, 4] = PixelValue(1 - one[9, 4].raw)
        try driver.push(one, damage: Damage.rects(from: before, to: one))
        let ops = try trace.take()
        #expect(ops == [.i2c(address: 0x70, data: [0x09, Self.reversed(one.bytes[9])])])

        var two = one
        two[0, 1] = PixelValue(1 - two[0, 1].raw)
        two[15, 3] = PixelValue(1 - two[15, 3].raw)
        try driver.push(two, damage: Damage.rects(from: one, to: two))
        let range = try trace.take()
        #expect(range == [.i2c(address: 0x70, data: [0x02] + two.bytes[2...7].map(Self.reversed))])

        try driver.push(two, damage: Damage.rects(from: two, to: two))
        try driver.push(two, damage: [two.bounds])
        #expect(try trace.take().isEmpty)
        try emulator.replay(full + ops + range)
        #expect(emulator.image() == two)
    }

    @Test func brightnessAndSleepBytes() throws {
        let (trace, driver, initial) = try fresh()
        var emulator = initial
        #expect(HT16K33Driver.dimming(forContrast: 0) == 0 && HT16K33Driver.dimming(forContrast: 255) == 15)
        #expect(HT16K33Driver.dimming(forContrast: 100) == 6)
        try driver.setContrast(100)
        try driver.push(LEDPattern.text(width: 16, height: 8), damage: [blank.bounds])
        try driver.sleep()
        let ops = try trace.take()
        #expect(ops.first == .i2c(address: 0x70, data: [0xE6]))
        #expect(Array(ops.suffix(2)) == [.i2c(address: 0x70, data: [0x80]), .i2c(address: 0x70, data: [0x20])])
        try emulator.replay(ops)
        #expect(emulator.dimming == 6 && !emulator.displayOn && !emulator.oscillatorOn)
        #expect(emulator.image() == blank)
        try driver.initialise()
        #expect(try trace.take().contains(.i2c(address: 0x70, data: [0xE6])))  // brightness survives re-init
    }

    @Test func emulatorRejectsWhatTheChipWouldNotDo() {
        var emulator = HT16K33Emulator()
        let bad: [TraceOp] = [
            .i2c(address: 0x71, data: [0x21]), .i2c(address: 0x70, data: []),
            .i2c(address: 0x70, data: [0x40]), .i2c(address: 0x70, data: [0x60]),
            .i2c(address: 0x70, data: [0x21, 0x00]), .i2c(address: 0x70, data: [0xA1]),
            .i2c(address: 0x70, data: [0x23]), .spi(dc: nil, data: [0x00]),
        ]
        for op in bad {
            #expect(throws: EmulationError.self, "\(op)") { try emulator.apply(op) }
        }
    }

    @Test func emulatorDarkUntilOscillatorAndDisplayAreOnAndPointerWraps() throws {
        var emulator = HT16K33Emulator()
        try emulator.apply(.i2c(address: 0x70, data: [0x81]))
        #expect(emulator.image() == blank)  // display on but oscillator still off
        try emulator.apply(.i2c(address: 0x70, data: [0x21]))
        #expect(emulator.image() != blank)  // undefined power-up RAM shows
        try emulator.apply(.i2c(address: 0x70, data: [0x0F, 0x80, 0x01] + [UInt8](repeating: 0, count: 14)))
        var expected = blank
        expected[15, 7] = PixelValue(1)
        expected[0, 0] = PixelValue(1)
        #expect(emulator.ram[15] == 0x80 && emulator.ram[0] == 0x01)
        #expect(emulator.image() == expected)
    }

    @Test func wrongFrameSizeIsRejected() {
        let trace = TraceRecorder()
        let driver = HT16K33Driver(io: trace.io)
        #expect(throws: BusError.self) { try driver.push(Framebuffer(width: 8, height: 16, format: .mono), damage: []) }
    }

    static func reversed(_ byte: UInt8) -> UInt8 {
        (0..<8).reduce(0) { $0 | ((byte >> UInt8($1)) & 1) << UInt8(7 - $1) }
    }
}
