import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

@Suite struct LEDMAX7219ControlTests {
    @Test func contrastMapsToSixteenIntensitySteps() {
        let pairs: [(UInt8, UInt8)] = [(0, 0), (15, 0), (16, 1), (127, 7), (128, 8), (240, 15), (255, 15)]
        for (contrast, level) in pairs {
            #expect(MAX7219ChainDriver.intensity(forContrast: contrast) == level, "contrast \(contrast)")
        }
    }

    @Test func setContrastWritesIntensityToEveryModule() throws {
        let trace = TraceRecorder()
        let driver = try #require(MAX7219ChainDriver(io: trace.io, modules: 4))
        var emulator = try #require(MAX7219ChainEmulator(modules: 4))
        try driver.initialise()
        try driver.setContrast(200)
        let ops = try trace.take()
        #expect(ops.last == .spi(dc: nil, data: [0x0A, 12].repeated(4)))
        try emulator.replay(ops)
        #expect(emulator.modules.allSatisfy { $0.intensity == 12 })
        // Re-initialising (after a bus error) keeps the chosen brightness.
        try driver.initialise()
        #expect(try trace.take().contains(.spi(dc: nil, data: [0x0A, 12].repeated(4))))
    }

    @Test func sleepShutsEveryModuleDownAndInitialiseWakesThem() throws {
        let trace = TraceRecorder()
        let driver = try #require(MAX7219ChainDriver(io: trace.io, modules: 4))
        var emulator = try #require(MAX7219ChainEmulator(modules: 4))
        let frame = LEDPattern.text(width: 32, height: 8)
        try driver.initialise()
        try driver.push(frame, damage: [frame.bounds])
        try driver.sleep()
        let ops = try trace.take()
        #expect(ops.last == .spi(dc: nil, data: [0x0C, 0x00].repeated(4)))
        try emulator.replay(ops)
        #expect(emulator.image() == Framebuffer(width: 32, height: 8, format: .mono))
        try driver.initialise()
        try driver.push(frame, damage: [frame.bounds])
        try emulator.replay(trace.take())
        #expect(emulator.image() == frame)
    }
}

@Suite struct LEDMAX7219EmulatorTests {
    func chain(_ modules: Int) throws -> MAX7219ChainEmulator {
        try #require(MAX7219ChainEmulator(modules: modules))
    }

    @Test func wrongWordCountIsAnError() throws {
        var emulator = try chain(4)
        #expect(throws: EmulationError.self) { try emulator.apply(.spi(dc: nil, data: [0x0C, 0x01].repeated(3))) }
        #expect(throws: EmulationError.self) { try emulator.apply(.spi(dc: nil, data: [0x0C, 0x01, 0x0C])) }
    }

    @Test func wordOrderDecidesWhichModuleGetsWhichByte() throws {
        var emulator = try chain(2)  // module 0 right, module 1 left
        try emulator.replay([
            .spi(dc: nil, data: [0x0C, 1, 0x0C, 1]), .spi(dc: nil, data: [0x0B, 7, 0x0B, 7]),
            .spi(dc: nil, data: [0x01, 0xF0, 0x01, 0x0F]),
        ])
        #expect(emulator.modules[1].digits[0] == 0xF0 && emulator.modules[0].digits[0] == 0x0F)
        #expect(emulator.image()[0, 0] == PixelValue(1) && emulator.image()[15, 0] == PixelValue(1))
        #expect(emulator.image()[8, 0] == PixelValue(0))
    }

    @Test func unknownRegistersAndForeignOpsAreErrors() throws {
        var emulator = try chain(1)
        #expect(throws: EmulationError.self) { try emulator.apply(.spi(dc: nil, data: [0x0D, 0x00])) }
        #expect(throws: EmulationError.self) { try emulator.apply(.spi(dc: nil, data: [0x1C, 0x01])) }
        #expect(throws: EmulationError.self) { try emulator.apply(.spi(dc: nil, data: [0x09, 0xFF])) }
        #expect(throws: EmulationError.self) { try emulator.apply(.spi(dc: 0, data: [0x0C, 0x01])) }
        #expect(throws: EmulationError.self) { try emulator.apply(.i2c(address: 0x70, data: [0x21])) }
        try emulator.apply(.sleep(milliseconds: 5))
    }

    @Test func displayTestLightsEverythingEvenInShutdown() throws {
        var emulator = try chain(1)
        #expect(emulator.image() == Framebuffer(width: 8, height: 8, format: .mono))  // powers up shut down
        try emulator.apply(.spi(dc: nil, data: [0x0F, 0x01]))
        #expect(emulator.image() == Framebuffer(width: 8, height: 8, format: .mono, fill: PixelValue(1)))
    }

    @Test func powerUpScanLimitShowsOnlyTheFirstRowOfUndefinedDigits() throws {
        var emulator = try chain(1)
        try emulator.apply(.spi(dc: nil, data: [0x0C, 0x01]))
        let image = emulator.image()
        #expect(image.bytes[0] != 0)  // undefined power-up digits are visible…
        #expect(image.bytes[1...].allSatisfy { $0 == 0 })  // …but only digit 0 is scanned
    }
}
