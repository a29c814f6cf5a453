import DisplayBackends
import Framebuffer
import PanelTestSupport
import Testing

@Suite struct EPaperRefreshPolicyTests {
    let bounds = Rect(x: 0, y: 0, width: 250, height: 122)
    let small = Rect(x: 8, y: 8, width: 4, height: 4)

    /// Plans and completes one push at `t` seconds; returns what was sent.
    func step(_ scheduler: inout EPaperRefreshScheduler, at t: Int, _ damage: [Rect]) -> EPaperRefresh? {
        let refresh = scheduler.plan(damage: damage, bounds: bounds, now: .seconds(t), partialSupported: true)
        if let refresh { scheduler.completed(refresh, at: .seconds(t)) }
        return refresh
    }

    @Test func fullRefreshEveryNPartials() {
        var scheduler = EPaperRefreshScheduler(policy: EPaperRefreshPolicy(fullEvery: 3))
        let kinds = (0..<8).map { step(&scheduler, at: $0 * 11, [small]) }
        let p = EPaperRefresh.partial(small)
        #expect(kinds == [.full, p, p, p, .full, p, p, p])
    }

    @Test func fullRefreshAfterFullAfterHasPassed() {
        var scheduler = EPaperRefreshScheduler(policy: EPaperRefreshPolicy(fullEvery: 100, fullAfter: .seconds(60)))
        #expect(step(&scheduler, at: 0, [small]) == .full)
        #expect(step(&scheduler, at: 30, [small]) == .partial(small))
        #expect(step(&scheduler, at: 48, [small]) == .partial(small))
        #expect(step(&scheduler, at: 60, [small]) == .full)
        #expect(step(&scheduler, at: 71, [small]) == .partial(small))
    }

    @Test func theSchedulerCountsWhatWasSentNotWhatWasAsked() {
        var scheduler = EPaperRefreshScheduler(policy: EPaperRefreshPolicy(fullEvery: 3, minimumInterval: .seconds(10)))
        // Eight pushes 11 s apart (two full, six partial), and two too soon that send nothing.
        for index in 0..<8 { _ = step(&scheduler, at: index * 11, [small]) }
        #expect(step(&scheduler, at: 80, [small]) == nil)
        #expect(step(&scheduler, at: 81, []) == nil)
        #expect(scheduler.sent == EPaperRefreshCount(full: 2, partial: 6))
    }

    @Test func pushWithoutDamageSendsNothing() {
        var scheduler = EPaperRefreshScheduler(policy: EPaperRefreshPolicy())
        #expect(step(&scheduler, at: 0, [bounds]) == .full)
        #expect(step(&scheduler, at: 100, []) == nil)
    }

    @Test func tooSoonPushSendsNothingAndItsDamageGoesOutNext() throws {
        let rig = try EPaperSSD1680Tests.Rig()
        let first = EPaperFixture.pattern(width: 250, height: 122, seed: 21)
        try rig.push(first, [first.bounds])

        rig.clock.advance(.seconds(5))
        let a = Rect(x: 40, y: 0, width: 8, height: 8)
        let second = EPaperFixture.changed(first, in: a, seed: 22)
        #expect(try rig.push(second, [a]).isEmpty)
        #expect(rig.driver.lastRefresh == nil)

        rig.clock.advance(.seconds(6))
        let b = Rect(x: 60, y: 20, width: 10, height: 4)
        let third = EPaperFixture.changed(second, in: b, seed: 23)
        let ops = try rig.push(third, [b])
        // Union x 40…69 (30 RAM rows), y 0…23 → RAM columns 98…121 → bytes 12…15 (4 bytes).
        #expect(rig.driver.lastRefresh == .partial(Rect(x: 40, y: 0, width: 30, height: 24)))
        #expect(EPaperFixture.data(after: 0x24, in: ops).count == 4 * 30)
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(third)) == nil)
        #expect(rig.emulator.fullRefreshes == 1 && rig.emulator.partialRefreshes == 1)
    }

    @Test func driverAlternatesFullAndPartialOnTheEmulator() throws {
        let rig = try EPaperUC8179Tests.Rig(policy: EPaperRefreshPolicy(fullEvery: 2))
        var frame = EPaperFixture.pattern(width: 800, height: 480, seed: 31)
        try rig.push(frame, [frame.bounds])
        for seed in UInt64(32)...35 {
            rig.clock.advance(.seconds(11))
            let rect = Rect(x: Int(seed) * 10, y: 40, width: 16, height: 16)
            frame = EPaperFixture.changed(frame, in: rect, seed: seed)
            try rig.push(frame, [rect])
        }
        // F, P, P, F, P
        #expect(rig.emulator.fullRefreshes == 2 && rig.emulator.partialRefreshes == 3)
        #expect(EPaperFixture.mismatch(rig.emulator.image(), EPaperFixture.blackWhite(frame)) == nil)
    }

    @Test(arguments: ["UC8179", "SSD1680"])
    func busyTimeoutNamesTheLineAndIsNotSwallowed(_ controller: String) throws {
        // BUSY stuck from the start, as hardware reports it: every wait for it times out.
        let trace = TraceRecorder()
        let io = FaultInjectingIO(wrapping: trace.io, device: "/dev/spidev0.0")
        io.stick("busy")
        let clock = EPaperTestClock()
        let driver: any PanelDriver =
            controller == "UC8179"
            ? UC8179Driver(io: io, now: clock.now) : SSD1680Driver(io: io, now: clock.now)
        let error = #expect(throws: BusError.self) { try driver.initialise() }
        #expect(error?.kind == .busyTimeout)
        #expect(error?.device.contains("(busy)") == true)

        // BUSY stuck during a refresh: the push throws, and the next one is full again.
        io.free("busy")
        try driver.initialise()
        let frame = EPaperFixture.pattern(width: driver.width, height: driver.height, seed: 41)
        try driver.push(frame, damage: [frame.bounds])
        clock.advance(.seconds(11))
        io.stick("busy")
        let rect = Rect(x: 0, y: 0, width: 8, height: 8)
        #expect(throws: BusError.self) { try driver.push(frame, damage: [rect]) }
        io.free("busy")
        clock.advance(.seconds(11))
        _ = try trace.take()
        try driver.push(frame, damage: [rect])
        let full = controller == "UC8179" ? 48_000 * 2 : 4_000 * 2
        let ram = EPaperFixture.dataBytes(try trace.take())
        #expect(ram >= full)
    }
}
