import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

@Suite struct EPaperUC8179Tests {
    /// A driver on a test clock whose trace is replayed step by step into the emulator.
    final class Rig {
        let clock = EPaperTestClock()
        let trace = TraceRecorder()
        var emulator = UC8179Emulator()
        let driver: UC8179Driver

        init(colors: UC8179Driver.Colors = .blackWhite, policy: EPaperRefreshPolicy = EPaperRefreshPolicy()) throws {
            driver = UC8179Driver(io: trace.io, colors: colors, policy: policy, now: clock.now)
            try driver.initialise()
            try replay()
        }

        /// Replays what the driver sent since the last step and returns it.
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

    @Test func fullPushShowsThePatternWithRedAsBlack() throws {
        let rig = try Rig()
        let frame = EPaperFixture.pattern(width: 800, height: 480, seed: 1)
        let ops = try rig.push(frame, [frame.bounds])
        #expect(EPaperFixture.data(after: 0x10, in: ops).count == 48_000)
        #expect(EPaperFixture.data(after: 0x13, in: ops).count == 48_000)
        #expect(EPaperFixture.commands(ops).last == 0x12)
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(frame)) == nil)
        #expect(rig.emulator.fullRefreshes == 1 && rig.emulator.partialRefreshes == 0)
        #expect(rig.driver.lastRefresh == .full)
    }

    @Test func initialiseSendsTheControllerSetupInOrder() throws {
        let trace = TraceRecorder()
        try UC8179Driver(io: trace.io, colors: .blackWhiteRed, now: EPaperTestClock().now).initialise()
        let ops = try trace.take()
        #expect(EPaperFixture.commands(ops) == [0x01, 0x06, 0x04, 0x00, 0x61, 0x15, 0x50, 0x60, 0x10, 0x13])
        #expect(EPaperFixture.data(after: 0x00, in: ops) == [0x0F])
        #expect(EPaperFixture.data(after: 0x61, in: ops) == [0x03, 0x20, 0x01, 0xE0])
        #expect(ops.contains(.wait(line: "busy", value: 1)))
        #expect(ops.prefix(6).contains(.gpio(line: "reset", value: 0)))
    }

    @Test func redPanelShowsRedAndRefreshesFullEvenForSmallDamage() throws {
        let rig = try Rig(colors: .blackWhiteRed)
        let frame = EPaperFixture.pattern(width: 800, height: 480, seed: 2)
        try rig.push(frame, [frame.bounds])
        #expect(EPaperFixture.mismatch(rig.emulator.image(), frame) == nil)

        rig.clock.advance(.seconds(11))
        let rect = Rect(x: 10, y: 10, width: 20, height: 20)
        let next = EPaperFixture.changed(frame, in: rect, seed: 3)
        let ops = try rig.push(next, [rect])
        #expect(!EPaperFixture.commands(ops).contains(0x91))
        #expect(EPaperFixture.data(after: 0x13, in: ops).count == 48_000)
        #expect(EPaperFixture.mismatch(rig.emulator.image(), next) == nil)
        #expect(rig.emulator.fullRefreshes == 2 && rig.emulator.partialRefreshes == 0)
    }

    @Test func partialPushSendsOnlyTheWidenedWindow() throws {
        let rig = try Rig()
        let frame = EPaperFixture.pattern(width: 800, height: 480, seed: 4)
        try rig.push(frame, [frame.bounds])
        rig.clock.advance(.seconds(11))

        // x 13…42 widens to 8…47: 5 bytes a row, 20 rows, in each of the two RAMs.
        let rect = Rect(x: 13, y: 100, width: 30, height: 20)
        let next = EPaperFixture.changed(frame, in: rect, seed: 5)
        let ops = try rig.push(next, [rect])
        #expect(EPaperFixture.commands(ops) == [0x50, 0x91, 0x90, 0x10, 0x13, 0x12, 0x92])
        #expect(EPaperFixture.data(after: 0x90, in: ops) == [0, 8, 0, 47, 0, 100, 0, 119, 0x01])
        #expect(EPaperFixture.data(after: 0x10, in: ops).count == 100)
        #expect(EPaperFixture.data(after: 0x13, in: ops).count == 100)
        #expect(EPaperFixture.dataBytes(ops) == 2 + 9 + 200)
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(next)) == nil)
        #expect(rig.emulator.partialRefreshes == 1 && rig.emulator.staleOldPixels == 0)
        #expect(rig.driver.lastRefresh == .partial(rect))
    }

    @Test func sleepPowersOffThenDeepSleepsAndTheNextPushWakesThePanel() throws {
        let rig = try Rig()
        try rig.driver.sleep()
        let ops = try rig.replay()
        #expect(
            ops == [
                .spi(dc: 0, data: [0x02]), .wait(line: "busy", value: 1),
                .spi(dc: 0, data: [0x07]), .spi(dc: 1, data: [0xA5]),
            ])
        #expect(rig.emulator.asleep)

        let frame = EPaperFixture.pattern(width: 800, height: 480, seed: 6)
        let wake = try rig.push(frame, [])  // no damage: waking forces a full refresh anyway
        #expect(wake.contains(.gpio(line: "reset", value: 0)))
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(frame)) == nil)
        #expect(rig.emulator.fullRefreshes == 1)
    }

    @Test func wrongFrameSizeIsRejected() throws {
        let rig = try Rig()
        let frame = Framebuffer(width: 250, height: 122, format: .bwr)
        #expect(throws: BusError.self) { try rig.driver.push(frame, damage: [frame.bounds]) }
    }
}
