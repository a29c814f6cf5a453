import DisplayBackends
import Framebuffer
import PanelTestSupport
import SeededRandom
import Testing

@Suite struct LEDMAX7219DamageTests {
    /// A driver and emulator, initialised and showing `frame`.
    func showing(
        _ frame: Framebuffer, layout: MAX7219Layout
    )
        throws -> (TraceRecorder, MAX7219ChainDriver, MAX7219ChainEmulator)
    {
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
        let trace = TraceRecorder()
        let io = FaultInjectingIO(wrapping: trace.io, device: "/dev/spidev0.0")
        let driver = try #require(MAX7219ChainDriver(io: io, modules: 4))
        var emulator = MAX7219ChainEmulator(layout: try #require(MAX7219Layout(modules: 4)))
        try driver.initialise()
        let frame = Framebuffer(width: 32, height: 8, format: .mono, fill: PixelValue(1))
        io.failWrite(number: 1)
        #expect(throws: BusError.self) { try driver.push(frame, damage: [frame.bounds]) }
        #expect(io.faultsInjected == 1)
        try emulator.replay(trace.take())
        // Nothing damaged, yet every row goes again: the chain may hold anything after a failure.
        try driver.push(frame, damage: [])
        let resent = try trace.take()
        #expect(resent.filter { if case .spi = $0 { true } else { false } }.count == 8)
        try emulator.replay(resent)
        #expect(emulator.image() == frame)
    }
}
