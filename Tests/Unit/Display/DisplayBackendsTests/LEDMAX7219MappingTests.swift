import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

/// Byte-level pins for the mapping, independent of the emulator (which shares the layout
/// maths with the driver, so a round trip alone could not catch a wrong convention).
@Suite struct LEDMAX7219MappingTests {
    /// The SPI bytes a push of one lit LED at (x, y) sends after init.
    func bytes(lighting x: Int, _ y: Int, layout: MAX7219Layout) throws -> [UInt8] {
        let trace = TraceRecorder()
        let driver = MAX7219ChainDriver(io: trace.io, layout: layout)
        try driver.initialise()
        _ = try trace.take()
        var frame = Framebuffer(width: layout.width, height: layout.height, format: .mono)
        frame[x, y] = PixelValue(1)
        try driver.push(frame, damage: [Rect(x: x, y: y, width: 1, height: 1)])
        let ops = try trace.take()
        try #require(ops.count == 1)
        guard case .spi(nil, let data) = ops[0] else { throw EmulationError("not SPI: \(ops[0])") }
        return data
    }

    @Test func fc16ModuleHasDigitOneOnTopAndD7Leftmost() throws {
        let one = try #require(MAX7219Layout(modules: 1))
        #expect(try bytes(lighting: 0, 0, layout: one) == [0x01, 0x80])
        #expect(try bytes(lighting: 7, 0, layout: one) == [0x01, 0x01])
        #expect(try bytes(lighting: 2, 5, layout: one) == [0x06, 0x20])
    }

    @Test func rotationsTurnTheModuleClockwise() throws {
        // Digit 1, D7 (the reference top-left LED) lands at each corner in turn.
        let corners: [(MAX7219Layout.Rotation, Int, Int)] = [(.r0, 0, 0), (.r90, 7, 0), (.r180, 7, 7), (.r270, 0, 7)]
        for (rotation, x, y) in corners {
            let layout = try #require(MAX7219Layout(modules: 1, rotation: rotation))
            #expect(try bytes(lighting: x, y, layout: layout) == [0x01, 0x80], "rotation \(rotation.rawValue)")
        }
        let r90 = try #require(MAX7219Layout(modules: 1, rotation: .r90))
        #expect(try bytes(lighting: 0, 0, layout: r90) == [0x08, 0x80])  // bottom row of the module
    }

    @Test func firstWordSentReachesTheLastModule() throws {
        let right = try #require(MAX7219Layout(modules: 4, firstModule: .right))
        // Module 0 is rightmost: its word is the last one sent.
        #expect(try bytes(lighting: 31, 0, layout: right) == [1, 0, 1, 0, 1, 0, 1, 0x01])
        #expect(try bytes(lighting: 0, 0, layout: right) == [1, 0x80, 1, 0, 1, 0, 1, 0])
        let left = try #require(MAX7219Layout(modules: 4, firstModule: .left))
        #expect(try bytes(lighting: 0, 0, layout: left) == [1, 0, 1, 0, 1, 0, 1, 0x80])
        #expect(try bytes(lighting: 31, 0, layout: left) == [1, 0x01, 1, 0, 1, 0, 1, 0])
    }

    @Test func twoRowsContinueOnTheSameSideOrZigZag() throws {
        let straight = try #require(MAX7219Layout(modules: 8, rows: 2, firstModule: .right))
        #expect(straight.width == 32 && straight.height == 16)
        #expect(straight.placements.map(\.column) == [3, 2, 1, 0, 3, 2, 1, 0])
        #expect(straight.placements.map(\.row) == [0, 0, 0, 0, 1, 1, 1, 1])
        // Module 4 (top right of the lower row) is the fourth word from the end.
        var expected = [UInt8](repeating: 0, count: 16)
        for m in 0..<8 { expected[2 * m] = 0x01 }
        expected[2 * (7 - 4) + 1] = 0x01
        #expect(try bytes(lighting: 31, 8, layout: straight) == expected)

        let zigzag = try #require(MAX7219Layout(modules: 8, rows: 2, firstModule: .right, serpentine: true))
        #expect(zigzag.placements.map(\.column) == [3, 2, 1, 0, 0, 1, 2, 3])
    }

    @Test func layoutsThatMakeNoGridAreRejected() {
        #expect(MAX7219Layout(modules: 0) == nil)
        #expect(MAX7219Layout(modules: 6, rows: 4) == nil)
        #expect(MAX7219Layout(modules: 4, rotations: [.r0, .r90]) == nil)
        let p = MAX7219Layout.Placement.self
        #expect(MAX7219Layout(placements: [p.init(column: 0, row: 0), p.init(column: 0, row: 0)]) == nil)
        #expect(MAX7219Layout(placements: [p.init(column: 0, row: 0), p.init(column: 2, row: 0)]) == nil)
        let custom = MAX7219Layout(placements: [p.init(column: 0, row: 1), p.init(column: 0, row: 0, rotation: .r180)])
        #expect(custom?.width == 8 && custom?.height == 16)
    }

    @Test func customPlacementsRoundTrip() throws {
        let p = MAX7219Layout.Placement.self
        let layout = try #require(
            MAX7219Layout(placements: [
                p.init(column: 1, row: 1, rotation: .r270), p.init(column: 0, row: 0),
                p.init(column: 0, row: 1, rotation: .r90), p.init(column: 1, row: 0, rotation: .r180),
            ]))
        let trace = TraceRecorder()
        let driver = MAX7219ChainDriver(io: trace.io, layout: layout)
        var emulator = MAX7219ChainEmulator(layout: layout)
        let frame = LEDPattern.text(width: 16, height: 16, message: "F7")
        try driver.initialise()
        try driver.push(frame, damage: [frame.bounds])
        try emulator.replay(trace.take())
        #expect(emulator.image() == frame)
    }
}
