import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

@Suite struct EPaperSSD1680Tests {
    /// A driver on a test clock whose trace is replayed step by step into the emulator.
    final class Rig {
        let clock = EPaperTestClock()
        let trace = TraceRecorder()
        var emulator = SSD1680Emulator()
        let driver: SSD1680Driver

        init(policy: EPaperRefreshPolicy = EPaperRefreshPolicy()) throws {
            driver = SSD1680Driver(io: trace.io, policy: policy, now: clock.now)
            try driver.initialise()
            try replay()
        }

        @discardableResult
        func replay() throws -> [TraceOp] {
            let ops = try trace.take()
            try emulator.replay(ops)
            return ops
        }

        @discardableResult
        func push(_ frame: Framebuffer, _ damage: [Rect]) throws -> [TraceOp] {
            try driver.push(frame, damage: damage)
            return try replay()
        }
    }

    @Test func initialiseSendsTheControllerSetupInOrder() throws {
        let trace = TraceRecorder()
        try SSD1680Driver(io: trace.io, now: EPaperTestClock().now).initialise()
        let ops = try trace.take()
        let commands = EPaperFixture.commands(ops)
        #expect(Array(commands.prefix(6)) == [0x12, 0x01, 0x11, 0x3C, 0x21, 0x18])
        #expect(EPaperFixture.data(after: 0x01, in: ops) == [0xF9, 0x00, 0x00])
        #expect(EPaperFixture.data(after: 0x11, in: ops) == [0x03])
        #expect(EPaperFixture.data(after: 0x18, in: ops) == [0x80])
        #expect(EPaperFixture.data(after: 0x44, in: ops) == [0x00, 0x0F, 0x00, 0x0F])
        #expect(EPaperFixture.data(after: 0x45, in: ops) == [0, 0, 0xF9, 0, 0, 0, 0xF9, 0])
        // BUSY is active high on the SSD1680: every wait is for 0.
        #expect(ops.filter { if case .wait = $0 { true } else { false } }.allSatisfy { $0 == .wait(line: "busy", value: 0) })
    }

    @Test func fullPushShowsThePatternWithRedAsBlack() throws {
        let rig = try Rig()
        let frame = EPaperFixture.pattern(width: 250, height: 122, seed: 11)
        let ops = try rig.push(frame, [frame.bounds])
        #expect(EPaperFixture.data(after: 0x24, in: ops).count == 4_000)
        #expect(EPaperFixture.data(after: 0x26, in: ops).count == 4_000)
        #expect(EPaperFixture.data(after: 0x22, in: ops) == [0xF7])
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(frame)) == nil)
        #expect(rig.emulator.fullRefreshes == 1 && rig.emulator.partialRefreshes == 0)
    }

    @Test func landscapeFrameIsRotatedIntoPortraitRAM() throws {
        let rig = try Rig()
        var frame = Framebuffer(width: 250, height: 122, format: .bwr)
        frame[0, 0] = PixelValue(1)  // top left → RAM row 0, column 121 (byte 15, bit 6)
        frame[249, 121] = PixelValue(1)  // bottom right → RAM row 249, column 0 (byte 0, MSB)
        let ram = EPaperFixture.data(after: 0x24, in: try rig.push(frame, [frame.bounds]))
        #expect(ram.count == 4_000)
        #expect(ram[15] == 0xBF)
        #expect(ram[249 * 16] == 0x7F)
        #expect(ram.enumerated().allSatisfy { [15, 249 * 16].contains($0.offset) || $0.element == 0xFF })
    }

    @Test func partialPushSendsOnlyTheWidenedWindow() throws {
        let rig = try Rig()
        let frame = EPaperFixture.pattern(width: 250, height: 122, seed: 12)
        try rig.push(frame, [frame.bounds])
        rig.clock.advance(.seconds(11))

        // Frame y 30…45 is RAM columns 76…91 = bytes 9…11; frame x 100…139 is 40 RAM rows.
        let rect = Rect(x: 100, y: 30, width: 40, height: 16)
        let next = EPaperFixture.changed(frame, in: rect, seed: 13)
        let ops = try rig.push(next, [rect])
        #expect(EPaperFixture.data(after: 0x24, in: ops).count == 120)
        #expect(EPaperFixture.data(after: 0x26, in: ops).count == 120)
        #expect(EPaperFixture.data(after: 0x44, in: ops) == [9, 11, 9, 11])
        #expect(EPaperFixture.data(after: 0x45, in: ops) == [100, 0, 139, 0, 100, 0, 139, 0])
        #expect(EPaperFixture.data(after: 0x22, in: ops) == [0xFF])
        // Border, two windows (2+4+1+2 each), 240 RAM bytes, update option.
        #expect(EPaperFixture.dataBytes(ops) == 1 + 2 * 9 + 240 + 1)
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(next)) == nil)
        #expect(rig.emulator.partialRefreshes == 1 && rig.emulator.staleOldPixels == 0)

        // A second window elsewhere: 0x26 must still match the panel everywhere.
        rig.clock.advance(.seconds(11))
        let other = Rect(x: 3, y: 90, width: 9, height: 30)
        let third = EPaperFixture.changed(next, in: other, seed: 14)
        try rig.push(third, [other])
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(third)) == nil)
        #expect(rig.emulator.partialRefreshes == 2 && rig.emulator.staleOldPixels == 0)
    }

    @Test func sleepSendsDeepSleepAndTheNextPushWakesThePanel() throws {
        let rig = try Rig()
        try rig.driver.sleep()
        #expect(try rig.replay() == [.spi(dc: 0, data: [0x10]), .spi(dc: 1, data: [0x01])])
        #expect(rig.emulator.asleep)

        let frame = EPaperFixture.pattern(width: 250, height: 122, seed: 15)
        let wake = try rig.push(frame, [Rect(x: 0, y: 0, width: 1, height: 1)])
        #expect(wake.contains(.gpio(line: "reset", value: 0)))
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(frame)) == nil)
        #expect(rig.emulator.fullRefreshes == 1 && rig.emulator.partialRefreshes == 0)
    }
}
