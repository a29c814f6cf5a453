import DisplayBackends
import Foundation
import TestPaths
import Framebuffer
import Locking
import PanelCatalog
import PanelTestSupport
import Retry
import Testing
import TestTiming

/// The HUB75 backend against the real departure-board-hub75 process, built against the
/// recording stub of hzeller's library: what the stub was asked to show is what the sign sent.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HUB75DriverTests {
    static func options(cols: Int = 64) -> HUB75Options {
        var options = HUB75Options()
        options.cols = cols
        options.hardwareMapping = "adafruit-hat"
        options.gpioSlowdown = 2
        return options
    }

    static func backend(
        _ launcher: any HUB75Launcher, options: HUB75Options = options(), contrast: UInt8 = 255,
        events: Locked<[HUB75Backend.Event]> = Locked([])
    ) -> HUB75Backend {
        var settings = HUB75Backend.Settings(width: 64, height: 32) { brightness in
            options.configurationText(width: 64, height: 32, brightnessPercent: brightness)
        }
        settings.backoff = Backoff(first: .milliseconds(50), cap: .milliseconds(400), resetAfter: .seconds(60))
        settings.replyTimeout = TestTiming.scaled(.seconds(5))
        return HUB75Backend(launcher: launcher, settings: settings, contrast: contrast) { event in
            events.withLock { $0.append(event) }
        }
    }

    static let first = sampleFrame(.rgb888, width: 64, height: 32)
    static let second: Framebuffer = {
        var frame = sampleFrame(.rgb888, width: 64, height: 32)
        frame.fill(Rect(x: 10, y: 4, width: 20, height: 9), with: PixelFormat.rgb888.value(for: RGB(255, 140, 0)))
        return frame
    }()

    @Test func framesReachTheMatrixWholeAndOnlyWhenTheyChange() throws {
        let driver = try HUB75StubDriver.build()
        let backend = Self.backend(HUB75SpawnLauncher(program: driver.program))
        try backend.present(Self.first, damage: [Self.first.bounds])
        #expect(driver.shown() == Self.first)
        let create = try #require(driver.calls().first { $0["call"] as? String == "create" })
        #expect(create["rows"] as? Int == 32 && create["cols"] as? Int == 64 && create["chain_length"] as? Int == 1)
        #expect(create["hardware_mapping"] as? String == "adafruit-hat" && create["gpio_slowdown"] as? Int == 2)
        #expect(create["brightness"] as? Int == 100)
        // The same picture again is not sent; a changed one is, whole.
        try backend.present(Self.first, damage: [Rect(x: 0, y: 0, width: 1, height: 1)])
        try backend.present(Self.second, damage: [Rect(x: 10, y: 4, width: 20, height: 9)])
        #expect(driver.shown() == Self.second)
        #expect(driver.callNames().filter { $0 == "swap" }.count == 2)
        #expect(driver.calls().filter { $0["call"] as? String == "set_image" }.allSatisfy { $0["bytes"] as? Int == 64 * 32 * 3 })
        #expect(
            backend.stats.frames == 2 && backend.stats.bytesPerFrame == 64 * 32 * 3 + 13
                && HUB75Request.frame(sequence: 1, width: 64, height: 32, rgb: Self.first.rgbBytes()).encoded().count == 64 * 32 * 3 + 13)
        backend.shutdown()
        // The driver darkens the panel and releases the matrix when the link ends.
        #expect(Array(driver.callNames().suffix(3)) == ["clear", "swap", "delete"])
        #expect(driver.shown() == Framebuffer(width: 64, height: 32, format: .rgb888))
    }

    @Test func brightnessAndScreenOffReachTheMatrix() throws {
        let driver = try HUB75StubDriver.build()
        let backend = Self.backend(HUB75SpawnLauncher(program: driver.program), contrast: 153)
        defer { backend.shutdown() }
        try backend.present(Self.first, damage: [Self.first.bounds])
        #expect(driver.calls().first { $0["call"] as? String == "create" }?["brightness"] as? Int == 60)
        backend.setContrast(128)
        let brightness = driver.calls().last { $0["call"] as? String == "brightness" }
        #expect(brightness?["value"] as? Int == 50)
        // The library dims pixels as they are drawn, so the frame is shown again after it.
        #expect(Array(driver.callNames().suffix(3)) == ["brightness", "set_image", "swap"])
        #expect(driver.shown() == Self.first)
        backend.blank()
        #expect(driver.shown() == Framebuffer(width: 64, height: 32, format: .rgb888))
        try backend.present(Self.first, damage: [Self.first.bounds])
        #expect(driver.shown() == Self.first, "the next frame after screen-off shows again")
    }

    @Test func aDriverThatAbortsIsNamedRestartedWithBackoffAndShowsTheLatestFrame() async throws {
        let driver = try HUB75StubDriver.build()
        let events = Locked<[HUB75Backend.Event]>([])
        let backend = Self.backend(HUB75SpawnLauncher(program: driver.program), events: events)
        defer { backend.shutdown() }
        try backend.present(Self.first, damage: [Self.first.bounds])
        try driver.abort(atSwap: 2)
        #expect(throws: DisplayError.self) { try backend.present(Self.second, damage: [Self.first.bounds]) }
        driver.stopAborting()
        let died = events.withLock { $0 }.compactMap { event -> String? in
            if case .error(let text) = event { return text } else { return nil }
        }
        #expect(died.first?.contains("\(driver.program) (pid ") == true, "\(died)")
        #expect(died.first?.contains("was killed by signal 6") == true, "\(died)")
        // The frame that was never half shown: the old one stays until the restart shows the new one.
        #expect(await TestTiming.eventually { backend.stats.restarts == 1 && driver.shown() == Self.second })
        #expect(driver.callNames().filter { $0 == "create" }.count == 2)
        #expect(events.withLock { $0 }.contains { if case .notice(let text) = $0 { text.contains("started again") } else { false } })
        try backend.present(Self.first, damage: [Self.first.bounds])
        #expect(driver.shown() == Self.first)
    }

    @Test func aDriverThatCannotSetUpTheMatrixIsRetriedUntilItCan() async throws {
        let driver = try HUB75StubDriver.build()
        try driver.failCreate(true)
        let events = Locked<[HUB75Backend.Event]>([])
        let backend = Self.backend(HUB75SpawnLauncher(program: driver.program), events: events)
        defer { backend.shutdown() }
        let failure = try #require(throws: DisplayError.self) { try backend.present(Self.first, damage: [Self.first.bounds]) }
        #expect(failure.message.contains("while it set up the matrix (it was killed by signal 6 (Aborted))"), "\(failure.message)")
        #expect(await TestTiming.eventually { driver.callNames().filter { $0 == "create" }.count >= 2 }, "retried")
        try driver.failCreate(false)
        #expect(await TestTiming.eventually { driver.shown() == Self.first })
        #expect(backend.stats.restarts == 1)
    }

    @Test func aMatrixOfAnotherSizeIsRefusedByName() throws {
        let driver = try HUB75StubDriver.build()
        let backend = Self.backend(HUB75SpawnLauncher(program: driver.program), options: Self.options(cols: 32))
        defer { backend.shutdown() }
        let failure = try #require(throws: DisplayError.self) { try backend.present(Self.first, damage: [Self.first.bounds]) }
        #expect(
            failure.message.contains("refused the matrix: the options make a 32×32 matrix; the board draws 64×32"), "\(failure.message)")
        #expect(failure.message.contains("exited with status 78"), "\(failure.message)")
    }

    @Test func aDriverRunByItsOwnServiceIsReachedOnItsSocket() async throws {
        let driver = try HUB75StubDriver.build()
        let socket = driver.recordDirectory + "/../driver.sock"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: driver.program)
        process.arguments = ["--listen", socket]
        try process.run()
        #expect(await TestTiming.eventually { FileManager.default.fileExists(atPath: socket) })
        let backend = Self.backend(HUB75SocketLauncher(path: socket))
        try backend.present(Self.second, damage: [Self.second.bounds])
        #expect(driver.shown() == Self.second)
        backend.shutdown()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func theTraceHoldsWhatTheDriverIsSent() throws {
        let lines = Locked("")
        let backend = Self.backend(HUB75TraceLauncher { line in lines.withLock { $0 += line } }, contrast: 204)
        try backend.present(Self.first, damage: [Self.first.bounds])
        backend.setContrast(51)
        backend.blank()
        try backend.present(Self.second, damage: [Self.second.bounds])
        backend.shutdown()
        let replay = try HUB75TraceReplay(lines.withLock { $0 })
        #expect(replay.configuration["brightness"] == "80" && replay.configuration["cols"] == "64")
        #expect(replay.brightness == 20)
        #expect(replay.frames == [Self.first, Self.first, Framebuffer(width: 64, height: 32, format: .rgb888), Self.second])
        #expect(replay.blanks == 1)
    }

    /// The C side on its own: framing, a frame cut off mid-way never shown, wrong sizes,
    /// systemd activation, SIGTERM (Tests/EndToEnd/HUB75/driver-smoke.sh, its own checks).
    /// The script compiles the driver twice and runs for seconds: it waits on a Dispatch thread,
    /// not on one of Swift's cooperative threads (one per core), which other suites' draw loops need.
    @Test func theDriversOwnChecksPass() async throws {
        let (status, text) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Int32, String), any Error>) in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        let smoke = Process()
                        smoke.executableURL = URL(fileURLWithPath: "/bin/bash")
                        smoke.arguments = [PackageRoot.path + "/Tests/EndToEnd/HUB75/driver-smoke.sh"]
                        let output = Pipe()
                        smoke.standardOutput = output
                        smoke.standardError = output
                        try smoke.run()
                        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                        smoke.waitUntilExit()
                        return (smoke.terminationStatus, text)
                    })
            }
        }
        #expect(status == 0, "\(text)")
        #expect(text.contains("all checks passed"))
    }
}
