import DisplayBackends
import Framebuffer
import PanelTestSupport
import SeededRandom
import Testing

@Suite struct LEDMAX7219DamageTests {
    /// A driver and emulator, initialised and showing `frame`.
    func showing(_ frame: Framebuffer, layout: MAX7219Layout)
        throws -> (TraceRecorder, MAX7219ChainDriver, MAX7219ChainEmulator) {
        let trace = TraceRecorder()
        let driver = MAX7219ChainDriver(io: trace.io, layout: layout)
        var emulator = MAX7219ChainEmulator(layout: layout)
        try driver.initialise()
        try driver.push(frame, damage: [frame.bounds])
        try emulator.replay(trace.take())
        return (trace, driver, emulator)
    }

    @Test(arguments: LEDChainCase.all)
    func oneChangedLEDResendsOneRegisterToEveryModule(_ chain: LEDChainCase) throws {
        let layout = chain.layout
        let before = LEDPattern.random(width: layout.width, height: layout.height, seed: 3)
        let (trace, driver, initial) = try showing(before, layout: layout)
        var emulator = initial
        var rng = SplitMix64(state: UInt64(layout.modules * 31 + layout.width))
        for _ in 0..<5 {
            let x = Int.random(in: 0..<layout.width, using: &rng), y = Int.random(in: 0..<layout.height, using: &rng)
            var after = emulator.image()
            after[x, y] = PixelValue(1 - after[x, y].raw)
            try driver.push(after, damage: Damage.rects(from: emulator.image(), to: after))
            let ops = try trace.take()
            try #require(ops.count == 1)
            guard case .spi(nil, let data) = ops[0] else { throw EmulationError("not SPI") }
            #expect(data.count == 2 * layout.modules)
            let registers = Set(stride(from: 0, to: data.count, by: 2).map { data[$0] })
            #expect(registers.count == 1 && (1...8).contains(registers.first ?? 0))
            try emulator.replay(ops)
            #expect(emulator.image() == after)
        }
    }

    @Test(arguments: [1, 4, 8])
    func unchangedFramesSendNothing(modules: Int) throws {
        let layout = try #require(MAX7219Layout(modules: modules))
        let frame = LEDPattern.text(width: layout.width, height: 8)
        let (trace, driver, _) = try showing(frame, layout: layout)
        try driver.push(frame, damage: Damage.rects(from: frame, to: frame))
        #expect(try trace.take().isEmpty)
        // Even a caller that over-reports damage costs nothing: rows are diffed with the chain.
        try driver.push(frame, damage: [frame.bounds])
        #expect(try trace.take().isEmpty)
    }

    @Test func aFailedPushMakesTheNextOneSendEverything() throws {
        final class LEDFailingIO: PanelIO {
            var failNext = false, writes = 0
            func i2cWrite(address: UInt8, _ bytes: [UInt8]) throws(BusError) {}
            func spiWrite(_ bytes: [UInt8], dc: Int?) throws(BusError) {
                if failNext { failNext = false; throw BusError(.transient, device: "/dev/spidev0.0", message: "EIO") }
                writes += 1
            }
            func setLine(_ line: String, _ value: Int) throws(BusError) {}
            func waitForLine(_ line: String, value: Int, timeout: Duration) throws(BusError) {}
            func sleep(milliseconds: Int) {}
        }
        let io = LEDFailingIO()
        let driver = try #require(MAX7219ChainDriver(io: io, modules: 4))
        try driver.initialise()
        let frame = Framebuffer(width: 32, height: 8, format: .mono, fill: PixelValue(1))
        io.failNext = true
        #expect(throws: BusError.self) { try driver.push(frame, damage: [frame.bounds]) }
        io.writes = 0
        try driver.push(frame, damage: [])
        #expect(io.writes == 8)
    }
}
