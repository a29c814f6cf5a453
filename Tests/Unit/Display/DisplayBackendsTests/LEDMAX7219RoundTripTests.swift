import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

/// One chain arrangement under test.
struct LEDChainCase: Sendable, CustomTestStringConvertible {
    var modules: Int
    var rows = 1
    var first: MAX7219Layout.Side
    var serpentine = false
    var rotation: MAX7219Layout.Rotation = .r0
    var rotations: [MAX7219Layout.Rotation]? = nil

    var layout: MAX7219Layout {
        MAX7219Layout(
            modules: modules, rows: rows, firstModule: first, serpentine: serpentine,
            rotation: rotation, rotations: rotations)!
    }

    var testDescription: String {
        "\(modules) modules, \(rows) row(s), first \(first)\(serpentine ? " serpentine" : ""), "
            + (rotations.map { "rotations \($0.map(\.rawValue))" } ?? "rotation \(rotation.rawValue)")
    }

    /// 1, 4 and 8 in a row × both entry sides × every rotation, plus 2-row and mixed layouts.
    static let all: [LEDChainCase] = {
        var cases: [LEDChainCase] = []
        for modules in [1, 4, 8] {
            for first in [MAX7219Layout.Side.left, .right] {
                for rotation in MAX7219Layout.Rotation.allCases {
                    cases.append(LEDChainCase(modules: modules, first: first, rotation: rotation))
                }
            }
        }
        for first in [MAX7219Layout.Side.left, .right] {
            for serpentine in [false, true] {
                cases.append(LEDChainCase(modules: 8, rows: 2, first: first, serpentine: serpentine, rotation: .r90))
            }
        }
        cases.append(LEDChainCase(modules: 4, first: .right, rotations: [.r0, .r90, .r180, .r270]))
        return cases
    }()
}

@Suite struct LEDMAX7219RoundTripTests {
    @Test(arguments: LEDChainCase.all)
    func patternsRoundTripThroughTraceAndEmulator(_ chain: LEDChainCase) throws {
        let layout = chain.layout
        let trace = TraceRecorder()
        let driver = MAX7219ChainDriver(io: trace.io, layout: layout)
        var emulator = MAX7219ChainEmulator(layout: layout)
        try driver.initialise()
        try emulator.replay(trace.take())
        #expect(emulator.image() == Framebuffer(width: layout.width, height: layout.height, format: .mono))
        for module in emulator.modules {
            #expect(module.scanLimit == 7 && module.intensity == 8 && !module.shutdown && !module.displayTest)
        }

        let frames = [
            LEDPattern.random(width: layout.width, height: layout.height, seed: 7),
            LEDPattern.text(width: layout.width, height: layout.height),
            LEDPattern.random(width: layout.width, height: layout.height, seed: 99),
        ]
        var previous: Framebuffer? = nil
        for frame in frames {
            try driver.push(frame, damage: Damage.rects(from: previous, to: frame))
            let ops = try trace.take()
            #expect(ops.count <= 8)
            for op in ops {
                guard case .spi(nil, let data) = op else {
                    Issue.record("expected a D/C-less SPI write, got \(op)")
                    continue
                }
                #expect(data.count == 2 * layout.modules)
            }
            try emulator.replay(ops)
            #expect(emulator.image() == frame)
            previous = frame
        }
    }

    @Test(arguments: [1, 4, 8])
    func initSequenceIsExact(modules: Int) throws {
        let trace = TraceRecorder()
        let driver = try #require(MAX7219ChainDriver(io: trace.io, modules: modules))
        try driver.initialise()
        func all(_ register: UInt8, _ value: UInt8) -> TraceOp {
            .spi(dc: nil, data: [register, value].repeated(modules))
        }
        let expected =
            [all(0x09, 0), all(0x0B, 7), all(0x0A, 8), all(0x0F, 0)]
            + (1...8).map { all(UInt8($0), 0) } + [all(0x0C, 1)]
        #expect(try trace.take() == expected)
    }

    @Test func fullFrameIsEightTransactionsOfOneWordPerModule() throws {
        let trace = TraceRecorder()
        let driver = try #require(MAX7219ChainDriver(io: trace.io, modules: 4))
        try driver.initialise()
        _ = try trace.take()
        let frame = Framebuffer(width: 32, height: 8, format: .mono, fill: PixelValue(1))
        try driver.push(frame, damage: [frame.bounds])
        let ops = try trace.take()
        #expect(ops == (1...8).map { .spi(dc: nil, data: [UInt8($0), 0xFF].repeated(4)) })
        #expect(
            ops.reduce(0) { total, op in
                if case .spi(_, let data) = op { total + data.count } else { total }
            } == 64)
    }

    @Test func wrongFrameSizeIsRejected() throws {
        let trace = TraceRecorder()
        let driver = try #require(MAX7219ChainDriver(io: trace.io, modules: 4))
        #expect(throws: BusError.self) {
            try driver.push(Framebuffer(width: 8, height: 8, format: .mono), damage: [])
        }
        #expect(throws: BusError.self) {
            try driver.push(Framebuffer(width: 32, height: 8, format: .gray4), damage: [])
        }
    }
}

extension Array {
    /// The array repeated `count` times end to end.
    func repeated(_ count: Int) -> [Element] {
        Array((0..<count).map { _ in self }.joined())
    }
}
