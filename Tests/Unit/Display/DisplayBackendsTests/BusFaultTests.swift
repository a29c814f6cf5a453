import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

/// The panels the fault tests drive, each with its real driver and emulator.
enum FaultPanel: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case ssd1306I2C, ssd1322SPI, uc8179

    var testDescription: String { rawValue }

    var device: String { self == .ssd1306I2C ? "/dev/i2c-1" : "/dev/spidev0.0" }
    var busyLine: String { "gpiochip0 line 24 (busy)" }
}

/// A real driver behind `PanelBackend`, on a `FaultInjectingIO` over a `TraceIO`, with an
/// emulator that replays the trace: what the panel would show, whatever the bus did.
final class FaultRig {
    let panel: FaultPanel
    let trace = TraceRecorder()
    let fault: FaultInjectingIO
    let backend: PanelBackend
    let clock = EPaperTestClock()
    var emulator: any PanelEmulator
    /// Backoff waits the backend asked for (injected, so nothing sleeps).
    var pauses: [Duration] { pauseLog.waits }
    private let pauseLog = PauseLog()
    static let backoff = Duration.milliseconds(200)

    final class PauseLog {
        var waits: [Duration] = []
    }

    init(_ panel: FaultPanel) {
        self.panel = panel
        fault = FaultInjectingIO(wrapping: trace.io, device: panel.device)
        let driver: any PanelDriver
        switch panel {
        case .ssd1306I2C: driver = SSD1306Driver(io: fault, bus: .i2c(), size: .oled128x64)
        case .ssd1322SPI: driver = SSD1322Driver(io: fault)
        case .uc8179: driver = UC8179Driver(io: fault, colors: .blackWhite, now: clock.now)
        }
        emulator = Self.freshEmulator(panel)
        backend = PanelBackend(
            driver: driver, name: panel.rawValue, backoff: Self.backoff,
            pause: { [pauseLog] in pauseLog.waits.append($0) })
    }

    static func freshEmulator(_ panel: FaultPanel) -> any PanelEmulator {
        switch panel {
        case .ssd1306I2C: SSD1306Emulator(width: 128, height: 64)
        case .ssd1322SPI: SSD1322Emulator()
        case .uc8179: UC8179Emulator()
        }
    }

    /// A seeded picture in the panel's format.
    func frame(seed: UInt64) -> Framebuffer {
        switch panel {
        case .ssd1306I2C: OLEDPattern.random.frame(width: 128, height: 64, format: .mono, seed: seed)
        case .ssd1322SPI: OLEDPattern.random.frame(width: 256, height: 64, format: .gray4, seed: seed)
        case .uc8179: EPaperFixture.pattern(width: 800, height: 480, seed: seed)
        }
    }

    /// `base` with one small area changed, and that area as the damage.
    func changed(_ base: Framebuffer, seed: UInt64) -> (Framebuffer, [Rect]) {
        let rect = Rect(x: 16, y: 8, width: 24, height: 16)
        let other = frame(seed: seed)
        var next = base
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { next[x, y] = other[x, y] }
        }
        return (next, Damage.rects(from: base, to: next))
    }

    /// What the panel should show for `frame` (a black/white e-paper shows red as black).
    func expected(_ frame: Framebuffer) -> Framebuffer {
        panel == .uc8179 ? EPaperFixture.blackWhite(frame) : frame
    }

    /// Replays the trace written since the last call; nil when the panel shows `frame`.
    func mismatch(showing frame: Framebuffer) throws -> String? {
        try mismatch(expecting: expected(frame))
    }

    /// The same against an image already converted with `expected(_:)`.
    func mismatch(expecting image: Framebuffer) throws -> String? {
        try emulator.replay(Self.droppingCutOffCommands(trace.take()))
        let shown = emulator.image()
        // `==` first: the pixel-by-pixel report is slow on 800×480 in debug builds.
        return shown == image ? nil : EPaperFixture.mismatch(shown, image)
    }

    /// A write that failed after its command byte went out leaves that command without its
    /// arguments; the reset pulse of the re-initialisation discards it on a real controller,
    /// but the e-paper emulators insist on whole commands, so such a command is dropped here.
    static func droppingCutOffCommands(_ ops: [TraceOp]) -> [TraceOp] {
        var out: [TraceOp] = []
        for op in ops {
            if case .gpio("reset", 1) = op, case .spi(0?, let bytes)? = out.last, bytes.count == 1 {
                out.removeLast()
            }
            out.append(op)
        }
        return out
    }

    /// The panel lost power: what it was sent before is gone, and the trace so far with it.
    func powerCycle() throws {
        _ = try trace.take()
        emulator = Self.freshEmulator(panel)
    }

    /// E-paper refuses refreshes closer than 10 s apart; real time passes between presents.
    func later() {
        clock.advance(.seconds(11))
    }

    /// How many bus writes a clean present of `frame` after `first` takes.
    static func writes(_ panel: FaultPanel, first: Framebuffer, then frame: Framebuffer) throws -> Int {
        let rig = FaultRig(panel)
        try rig.backend.present(first, damage: [])
        rig.later()
        let before = rig.fault.writeAttempts
        try rig.backend.present(frame, damage: [frame.bounds])
        return rig.fault.writeAttempts - before
    }
}

@Suite struct BusFaultTests {
    /// EIO on any one write of a present (the push, or the re-initialisation after it):
    /// the present still succeeds, after one backoff, and the panel shows the frame.
    @Test(arguments: FaultPanel.allCases)
    func eioOnTheNthWriteIsRetriedAfterReinitialisation(panel: FaultPanel) async throws {
        let sample = FaultRig(panel)
        let first = sample.frame(seed: 1), next = sample.frame(seed: 2)
        let firstImage = sample.expected(first), nextImage = sample.expected(next)
        let writes = try FaultRig.writes(panel, first: first, then: next)
        try #require(writes > 0)
        // 1…writes hit the push; beyond that the fault lands in the first or fifth write of
        // the re-initialisation that follows a first fault on write 1 (two faults, two
        // backoffs). Sampled: a full e-paper push is ~30 writes of 48 kB planes.
        let push = Set([1, writes / 2, writes].filter { $0 >= 1 })
        for n in push.sorted() + [writes + 1, writes + 5] {
            // These are long synchronous steps; let the async suites sharing the pool run.
            await Task.yield()
            let rig = FaultRig(panel)
            let backend = rig.backend
            try backend.present(first, damage: [])
            #expect(try rig.mismatch(expecting: firstImage) == nil)
            rig.later()

            let doubleFault = n > writes
            if doubleFault {
                rig.fault.failWrite(number: 1)
                rig.fault.failWrite(number: n - writes + 1)
            } else {
                rig.fault.failWrite(number: n)
            }
            do {
                try backend.present(next, damage: [next.bounds])
            } catch {
                Issue.record("\(panel) write \(n): present failed: \(error)")
                continue
            }
            #expect(rig.fault.faultsInjected == (doubleFault ? 2 : 1), "\(panel) write \(n): the fault fired")
            #expect(
                rig.pauses == (doubleFault ? [FaultRig.backoff, FaultRig.backoff * 2] : [FaultRig.backoff]),
                "\(panel) write \(n)")
            #expect(backend.recoveries == 1, "\(panel) write \(n) of \(writes): re-initialised once")
            let wrong = try rig.mismatch(expecting: nextImage)
            #expect(wrong == nil, "\(panel) write \(n): \(wrong ?? "")")
        }
    }

    /// A BUSY line that never clears fails the present with the line's name (not retried:
    /// each attempt would wait the whole busy timeout again); once it clears, presents work.
    @Test(arguments: [false, true])
    func stuckBusyNamesTheLineAndALaterPresentWorks(duringInitialisation: Bool) throws {
        let rig = FaultRig(.uc8179)
        let backend = rig.backend
        let first = rig.frame(seed: 3)
        if !duringInitialisation {
            try backend.present(first, damage: [])
            #expect(try rig.mismatch(showing: first) == nil)
            rig.later()
        }
        rig.fault.stick("busy", description: FaultPanel.uc8179.busyLine)
        let next = rig.frame(seed: 4)
        let error = try #require(throws: DisplayError.self) { try backend.present(next, damage: [next.bounds]) }
        #expect(error.message.contains("gpiochip0 line 24 (busy)"), "\(error.message)")
        #expect(error.message.contains("did not read 1"), "\(error.message)")
        #expect(rig.pauses.isEmpty)

        rig.fault.free("busy")
        rig.later()
        try backend.present(next, damage: [next.bounds])
        let wrong = try rig.mismatch(showing: next)
        #expect(wrong == nil, "\(wrong ?? "")")
    }

    /// The panel (or its adapter) vanishes: presents fail with errors naming the device, and
    /// keep failing while it is gone. When it comes back it has lost power, so the next
    /// present must re-initialise it and send the whole frame, even for small damage.
    @Test(arguments: FaultPanel.allCases)
    func aDeviceThatDisappearsIsReportedAndReinitialisedWhenItReturns(panel: FaultPanel) throws {
        let rig = FaultRig(panel)
        let backend = rig.backend
        let first = rig.frame(seed: 5)
        try backend.present(first, damage: [])
        #expect(try rig.mismatch(showing: first) == nil)

        rig.fault.disconnect()
        let (next, damage) = rig.changed(first, seed: 6)
        for _ in 0..<3 {
            rig.later()
            let error = try #require(throws: DisplayError.self) { try backend.present(next, damage: damage) }
            #expect(error.message.hasPrefix(panel.device + ": "), "\(error.message)")
            #expect(error.message.contains("No such device"), "\(error.message)")
            #expect(error.message.contains("gave up after 4 attempts"), "\(error.message)")
        }
        #expect(rig.pauses.count == 9, "three backoffs per present")

        rig.fault.reconnect()
        try rig.powerCycle()
        rig.later()
        try backend.present(next, damage: damage)
        let wrong = try rig.mismatch(showing: next)
        #expect(wrong == nil, "\(panel): \(wrong ?? "")")
    }

    /// The same when the bus reports the node itself missing (`.missingDevice`, not retried):
    /// the error names the device, and the returning panel is initialised again.
    @Test(arguments: FaultPanel.allCases)
    func aMissingDeviceIsNotRetriedAndIsReinitialisedWhenItReturns(panel: FaultPanel) throws {
        let rig = FaultRig(panel)
        let backend = rig.backend
        let first = rig.frame(seed: 7)
        try backend.present(first, damage: [])
        #expect(try rig.mismatch(showing: first) == nil)

        rig.fault.disconnect(as: .missingDevice)
        rig.later()
        let (next, damage) = rig.changed(first, seed: 8)
        let error = try #require(throws: DisplayError.self) { try backend.present(next, damage: damage) }
        #expect(error.message.hasPrefix(panel.device + ": no such device"), "\(error.message)")
        #expect(rig.pauses.isEmpty, "a missing node needs a person, not retries")

        rig.fault.reconnect()
        try rig.powerCycle()
        rig.later()
        // After any error the panel is set up again before the next frame.
        try backend.present(next, damage: damage)
        let wrong = try rig.mismatch(showing: next)
        #expect(wrong == nil, "\(panel): \(wrong ?? "")")
    }
}
