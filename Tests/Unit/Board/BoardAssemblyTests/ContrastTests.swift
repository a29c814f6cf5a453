import BoardAssembly
import SourceAssembly
import BoardConfig
import DeparturesCore
import DisplayBackends
import Framebuffer
import PanelCatalog
import PanelTestSupport
import Testing
import BoardRender
import ZoneInfo

/// Contrast has one owner: the board's value, mapped by the panel table, sent by the
/// driver at initialisation. A trace and the hardware get the same bytes.
@MainActor
struct ContrastTests {
    /// The contrast register value a trace leaves in the controller, read by its emulator.
    static func contrastSent(_ trace: String, driver: PanelModel, board: BoardFile) throws -> UInt8? {
        let ops = try TraceOp.parse(trace)
        switch driver {
        case .ssd1306:
            var panel = SSD1306Emulator(
                width: board.display.width, height: board.display.height,
                address: UInt8(board.output?.address ?? 0x3C))
            try panel.replay(ops)
            return panel.contrast
        case .sh1106:
            var panel = SH1106Emulator(address: UInt8(board.output?.address ?? 0x3C))
            try panel.replay(ops)
            return panel.contrast
        case .ssd1322:
            var panel = SSD1322Emulator(width: 256, height: 64)
            try panel.replay(ops)
            return panel.contrast
        case .max7219:
            var panel = try #require(
                MAX7219ChainEmulator(
                    modules: board.output?.modules ?? 4, rows: board.display.height / 8,
                    firstModule: board.output?.firstModule == .left ? .left : .right))
            try panel.replay(ops)
            let levels = Set(panel.modules.map(\.intensity))
            return levels.count == 1 ? levels.first : nil
        case .ht16k33:
            var panel = HT16K33Emulator(address: UInt8(board.output?.address ?? 0x70))
            try panel.replay(ops)
            return panel.dimming
        case .uc8179, .ssd1680, .fbdev, .image:
            return nil
        case .hub75:
            return try HUB75TraceReplay(trace).brightness
        }
    }

    /// Pushes one frame through the `run` path with the hardware bus replaced by a recorder,
    /// and through the `render --trace` path; returns what each sent.
    static func bothPaths(_ board: BoardFile) throws -> (hardware: [TraceOp], trace: String) {
        let frame = try CheckedBoard(BoardSetup(board: board)).renderer
            .render(
                BoardState(
                    boardName: board.name, now: Repository.now, status: .loading, message: nil,
                    updated: nil, rows: [], zone: .utc))
        let wire = TraceRecorder()
        let backend = try OutputTarget.board.backend(for: board, hardware: { _ in wire.io })
        try backend.present(frame, damage: [frame.bounds])
        return (try wire.take(), try PanelAssembly.trace(of: frame, board: board))
    }

    nonisolated static let panelBoards = Repository.boards.filter { path in
        guard let board = try? BoardSetup.loadBoardFile(path: Repository.root + "/" + path), let output = board.output else { return false }
        // HUB75 boards have no bus of ours: HUB75DriverTests compare the driver's frames with the trace.
        return ![.fbdev, .image, .hub75].contains(output.driver)
    }

    @Test(arguments: panelBoards)
    func everyShippedPanelGetsTheSameBytesOnATraceAsOnTheHardware(path: String) throws {
        let board = try BoardSetup.loadBoardFile(path: Repository.root + "/" + path)
        let output = try #require(board.output)
        let (hardware, trace) = try Self.bothPaths(board)
        #expect(hardware == (try TraceOp.parse(trace)), "\(path): the hardware bus and the trace differ")
        if let control = PanelFacts.of(output.driver).contrast {
            let sent = try Self.contrastSent(trace, driver: output.driver, board: board)
            #expect(
                sent == control.level(for: UInt8(output.contrast)),
                "\(path): contrast \(output.contrast) should reach the panel as \(control.level(for: UInt8(output.contrast)))")
        }
    }

    nonisolated static let driversWithContrast = PanelFacts.all.filter { $0.contrast != nil && $0.model != .hub75 }.map(\.model)

    /// Every driver with a brightness control, at a contrast no default uses.
    @Test(arguments: driversWithContrast)
    func everyDriverSendsTheBoardsContrast(driver: PanelModel) throws {
        let facts = PanelFacts.of(driver)
        let size: PanelSize
        switch facts.geometry {
        case .sizes(let sizes): size = sizes[0]
        case .tiles(let side): size = PanelSize(side * 4, side)
        case .any, .matrixOptions: size = PanelSize(320, 240)
        }
        let scratch = try Scratch()
        let path = try scratch.write(
            "panel.yaml",
            """
            source: {kind: demo}
            display: {width: \(size.width), height: \(size.height), format: \(facts.formats[0].rawValue)}
            output: {driver: \(driver.rawValue), contrast: 77}
            """)
        let board = try BoardSetup.loadBoardFile(path: path)
        let (hardware, trace) = try Self.bothPaths(board)
        #expect(hardware == (try TraceOp.parse(trace)))
        let expected = try #require(facts.contrast).level(for: 77)
        #expect(try Self.contrastSent(trace, driver: driver, board: board) == expected)
    }
}
