import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

@Suite struct EPaperEmulatorTests {
    func error(_ emulator: some PanelEmulator, _ ops: [TraceOp]) -> String? {
        var copy = emulator
        do {
            try copy.replay(ops)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func unknownCommandsAreNamed() {
        let op = TraceOp.spi(dc: 0, data: [0xAB])
        #expect(error(UC8179Emulator(), [op])?.contains("unknown command 0xAB") == true)
        #expect(error(SSD1680Emulator(), [op])?.contains("unknown command 0xAB") == true)
    }

    @Test func wrongArgumentCountsAndStrayDataAreErrors() {
        let short: [TraceOp] = [.spi(dc: 0, data: [0x61]), .spi(dc: 1, data: [0x03, 0x20]), .spi(dc: 0, data: [0x12])]
        #expect(error(UC8179Emulator(), short)?.contains("0x61 needs 4...4") == true)
        let long: [TraceOp] = [.spi(dc: 0, data: [0x11]), .spi(dc: 1, data: [0x03, 0x03])]
        #expect(error(SSD1680Emulator(), long)?.contains("at most 1") == true)
        #expect(error(SSD1680Emulator(), [.spi(dc: 1, data: [0])])?.contains("no command") == true)
        #expect(error(SSD1680Emulator(), [.spi(dc: nil, data: [0x12])])?.contains("4-wire") == true)
    }

    @Test func commandsInDeepSleepAndWrongBusyLevelsAreErrors() {
        let sleepThenWrite: [TraceOp] = [.spi(dc: 0, data: [0x10]), .spi(dc: 1, data: [0x01]), .spi(dc: 0, data: [0x24])]
        #expect(error(SSD1680Emulator(), sleepThenWrite)?.contains("deep sleep") == true)
        let woken =
            sleepThenWrite.dropLast() + [
                .gpio(line: "reset", value: 0), .gpio(line: "reset", value: 1),
                .spi(dc: 0, data: [0x24]),
            ]
        #expect(error(SSD1680Emulator(), Array(woken)) == nil)
        #expect(error(SSD1680Emulator(), [.wait(line: "busy", value: 1)]) != nil)
        #expect(error(UC8179Emulator(), [.wait(line: "busy", value: 0)]) != nil)
        let badCode: [TraceOp] = [.spi(dc: 0, data: [0x07]), .spi(dc: 1, data: [0x00])]
        #expect(error(UC8179Emulator(), badCode)?.contains("0xA5") == true)
    }

    @Test func uc8179RefreshNeedsPowerOn() {
        #expect(error(UC8179Emulator(), [.spi(dc: 0, data: [0x12])])?.contains("power") == true)
    }

    @Test func ssd1680FollowsTheDataEntryModeAndWindow() throws {
        // x decrements, y increments: bytes fill byte columns 1, 0 of row 3, then of row 4.
        var emulator = SSD1680Emulator()
        try emulator.replay([
            .spi(dc: 0, data: [0x11]), .spi(dc: 1, data: [0x02]),
            .spi(dc: 0, data: [0x44]), .spi(dc: 1, data: [0x01, 0x00]),
            .spi(dc: 0, data: [0x45]), .spi(dc: 1, data: [3, 0, 4, 0]),
            .spi(dc: 0, data: [0x4E]), .spi(dc: 1, data: [0x01]),
            .spi(dc: 0, data: [0x4F]), .spi(dc: 1, data: [3, 0]),
            .spi(dc: 0, data: [0x24]), .spi(dc: 1, data: [0x7F, 0xFF]), .spi(dc: 1, data: [0xFF, 0xFE]),
            .spi(dc: 0, data: [0x22]), .spi(dc: 1, data: [0xF7]), .spi(dc: 0, data: [0x20]),
        ])
        let image = emulator.image()
        // RAM column 8 (byte 1, MSB) of row 3 → frame (3, 113); column 7 of row 4 → frame (4, 114).
        #expect(image[3, 113].raw == 1 && image[4, 114].raw == 1)
        var black = 0
        for y in 0..<122 { for x in 0..<250 where image[x, y].raw != 0 { black += 1 } }
        #expect(black == 2)
        #expect(emulator.fullRefreshes == 1)
    }

    @Test func uc8179PartialWindowTakesOnlyItsBytes() {
        var ops: [TraceOp] = [
            .spi(dc: 0, data: [0x91]), .spi(dc: 0, data: [0x90]),
            .spi(dc: 1, data: [0, 8, 0, 15, 0, 0, 0, 1, 1]), .spi(dc: 0, data: [0x13]),
        ]
        #expect(error(UC8179Emulator(), ops + [.spi(dc: 1, data: [0, 0])]) == nil)
        ops.append(.spi(dc: 1, data: [0, 0, 0]))
        #expect(error(UC8179Emulator(), ops)?.contains("more than the window's 2 bytes") == true)
    }
}
