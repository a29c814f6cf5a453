import Foundation
import Locking
import LoopbackHTTPServer
import Testing
import TestTiming

/// `run` against the real binary: signals stop, reload and refresh it.
@Suite(.serialized)
struct RunSignalTests {
    /// A running `departure-board run` whose stderr goes to a file the test can read.
    final class RunningBoard {
        let process = Process()
        let scratch: ScratchDirectory
        let stderrPath: String
        /// When the process ended, noted by Foundation's own thread: the test's polling can
        /// lag seconds behind while other suites hold the cooperative pool.
        private let exited = Locked<Date?>(nil)
        var exitedAt: Date? { exited.withLock { $0 } }

        init(_ arguments: [String], scratch: ScratchDirectory, environment: [String: String] = [:]) throws {
            self.scratch = scratch
            stderrPath = scratch.path("stderr.log")
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.executableURL = CLI.binary
            process.arguments = arguments
            process.currentDirectoryURL = CLI.packageRoot
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
            process.terminationHandler = { [exited] _ in exited.withLock { $0 = Date() } }
            try process.run()
        }

        var log: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

        func signal(_ value: Int32) { kill(process.processIdentifier, value) }

        /// Waits (real time, bounded) for `condition`; the bound is stretched in sanitizer builds.
        func waitUntil(_ seconds: Double = 20, _ condition: () -> Bool) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds * Double(TestTiming.slowdown))
            while Date() < deadline {
                if condition() { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return condition()
        }

        /// Exit status, or nil if it did not exit within `seconds`.
        func exitStatus(within seconds: Double) async -> Int32? {
            guard await waitUntil(seconds, { !process.isRunning && exitedAt != nil }) else {
                process.terminate()
                return nil
            }
            return process.terminationStatus
        }
    }

    /// The unit gives the service `TimeoutStopSec=10s` before systemd kills it (and the panel
    /// stays lit): stopping must finish well inside that, even on a loaded two-core machine.
    @Test func sigtermStopsWithinTheUnitsStopTimeoutAndPutsThePanelToSleep() async throws {
        let scratch = try ScratchDirectory()
        let trace = scratch.path("trace.jsonl")
        let board = try RunningBoard(["run", "--board", "Boards/ssd1322-spi.yaml", "--trace", trace], scratch: scratch)
        #expect(
            await board.waitUntil {
                board.log.contains("board started") && ((try? scratch.read("trace.jsonl")) ?? "").contains(#""data":"5c"}"#)
            })
        let sent = Date()
        board.signal(SIGTERM)
        let status = await board.exitStatus(within: 10)
        #expect(status == 0)
        let stopped = try #require(board.exitedAt).timeIntervalSince(sent)
        #expect(stopped < 8 * Double(TestTiming.slowdown), "exits well inside the unit's 10 s stop timeout, not \(stopped) s")
        let lines = try scratch.read("trace.jsonl").split(separator: "\n")
        #expect(lines.last == #"{"op":"spi","dc":0,"data":"ae"}"#, "the SSD1322's display-off command ends the trace")
        #expect(board.log.contains("info: stopping signal=terminate"), "\(board.log)")
    }

    /// `run --now` starts the board's clock at a past instant and lets it run: its status
    /// page reads that time, a few seconds on, and the rows are those of that morning.
    @Test func runNowStartsTheClockThereAndLetsItRun() async throws {
        let scratch = try ScratchDirectory()
        try "name: Then\ntimezone: Australia/Sydney\nsource: {kind: demo}\nstatus: {listen: 127.0.0.1:18617}\n"
            .write(toFile: scratch.path("then.yaml"), atomically: true, encoding: .utf8)
        let board = try RunningBoard(
            [
                "run", "--board", scratch.path("then.yaml"), "--now", "2026-11-23T09:30:00+11:00",
                "--output", scratch.path("frame.png"),
            ], scratch: scratch)
        var status = ""
        for _ in 0..<100 where !status.contains(#""status":"ok""#) {
            try await Task.sleep(for: .milliseconds(200))
            status = try await CLI.run(["-s", "http://127.0.0.1:18617/status.json"], executable: URL(fileURLWithPath: "/usr/bin/curl"))
                .stdout
        }
        #expect(status.contains(#""now":"2026-11-23T09:30:"#) || status.contains(#""now":"2026-11-23T09:31:"#), "\(status)")
        board.signal(SIGTERM)
        #expect(await board.exitStatus(within: 10) == 0)
        let usage = try await CLI.run([
            "run", "--board", scratch.path("then.yaml"), "--now", "yesterday", "--output", scratch.path("x.png"),
        ])
        #expect(usage.status == 64 && usage.stderr.contains("--now: "), "\(usage.stderr)")
    }

    @Test func sighupReloadsAGoodFileAndKeepsRunningOnABadOne() async throws {
        let scratch = try ScratchDirectory()
        let good = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Boards/ssd1306-i2c.yaml"), encoding: .utf8)
        let boardPath = try scratch.write("board.yaml", good)
        let board = try RunningBoard(["run", "--board", boardPath, "--trace", scratch.path("trace.jsonl")], scratch: scratch)
        #expect(await board.waitUntil { board.log.contains("board started") })

        try scratch.write("board.yaml", good.replacingOccurrences(of: "timezone: Australia/Sydney", with: "timezone: Mars/Olympus"))
        board.signal(SIGHUP)
        #expect(await board.waitUntil { board.log.contains("reload failed, keeping the running board") }, "\(board.log)")
        #expect(board.log.contains("\(boardPath):3:11: timezone: unknown time zone 'Mars/Olympus'"), "\(board.log)")
        #expect(board.process.isRunning)

        try scratch.write("board.yaml", good.replacingOccurrences(of: "name: Central Station", with: "name: Town Hall"))
        board.signal(SIGHUP)
        #expect(await board.waitUntil { board.log.contains("board reloaded") }, "\(board.log)")

        board.signal(SIGUSR1)
        #expect(await board.waitUntil { board.log.contains("refresh requested") }, "\(board.log)")

        board.signal(SIGINT)
        #expect(await board.exitStatus(within: 5) == 0)
    }

    @Test func aBoardWithoutOutputNeedsOneWhenNotOnATerminal() async throws {
        let run = try await CLI.run(["run", "--board", "Boards/preview.yaml"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("Boards/preview.yaml: no output section"), "\(run.stderr)")
    }
}

/// `run` drives every shipped board: panel boards on the trace bus, the others into an
/// image file (no framebuffer or terminal here).
@Suite(.serialized)
struct RunEveryBoardTests {
    @Test(arguments: PreviewImageTests.boards)
    func runsAndStopsCleanly(board: String) async throws {
        let scratch = try ScratchDirectory()
        let yaml = try String(contentsOf: CLI.packageRoot.appendingPathComponent(board), encoding: .utf8)
        let onABus = yaml.contains("output:") && !yaml.contains("driver: fbdev")
        let target = onABus ? ["--trace", scratch.path("out.jsonl")] : ["--output", scratch.path("out.png")]
        let running = try RunSignalTests.RunningBoard(["run", "--board", board] + target, scratch: scratch)
        let file = onABus ? "out.jsonl" : "out.png"
        #expect(await running.waitUntil { running.log.contains("board started") && scratch.exists(file) }, "\(running.log)")
        running.signal(SIGTERM)
        #expect(await running.exitStatus(within: 5) == 0, "\(running.log)")
    }
}

/// `run` says in its log why the panel shows "Failed to load departures" (issue 18, item 3):
/// the cause once per change, not once per refresh, then the recovery.
struct RunLogsDataFailuresTests {
    @Test func aRejectedKeyIsLoggedOnceThenTheRecovery() async throws {
        let scratch = try ScratchDirectory()
        let answers = Locked(0)
        let server = try LoopbackHTTPServer { _ in
            // Four refusals (1 s refreshes backing off: about 7 s), then the key is accepted.
            answers.withLock {
                $0 += 1; return $0
            } <= 4 ? .text("bad key", status: 401) : .text(#"{"data": []}"#, contentType: "application/json")
        }
        defer { server.stop() }
        let boardPath = try scratch.write(
            "board.yaml",
            """
            source:
              kind: api
              base_url: \(server.baseURL)
              stop_id: central
              api_key_env: DEPARTURE_BOARD_TEST_KEY
              refresh_interval: 1s
            departures:
              max_backoff: 2s
            """)
        let board = try RunSignalTests.RunningBoard(
            ["run", "--board", boardPath, "--output", scratch.path("frame.png"), "--log-level", "trace"],
            scratch: scratch, environment: ["DEPARTURE_BOARD_TEST_KEY": "k"])
        #expect(await board.waitUntil(40) { board.log.contains("departures recovered") }, "\(board.log)")
        board.signal(SIGTERM)
        #expect(await board.exitStatus(within: 10) == 0)
        let lines = board.log.split(separator: "\n").filter { $0.contains("departures") }
        #expect(lines.count == 2, "\(board.log)")
        #expect(lines.first?.contains("warning: departures: Failed to load departures: HTTP 401") == true, "\(board.log)")
        #expect(lines.last?.contains("notice: departures recovered") == true, "\(board.log)")
        #expect(server.requests.count >= 5)
    }
}

extension RunLogsDataFailuresTests {
    /// What `validate` warns about, `run` logs at start (and at each reload).
    @Test func settingsWithNoRoomAreLoggedAtStart() async throws {
        let scratch = try ScratchDirectory()
        let boardPath = try scratch.write("board.yaml", "source:\n  kind: demo\ndisplay:\n  width: 128\n  height: 64\n  rows: 9\n")
        let board = try RunSignalTests.RunningBoard(["run", "--board", boardPath, "--output", scratch.path("frame.png")], scratch: scratch)
        #expect(await board.waitUntil { board.log.contains("board started") }, "\(board.log)")
        board.signal(SIGTERM)
        #expect(await board.exitStatus(within: 10) == 0)
        #expect(board.log.contains("warning: \(boardPath):6:9: display.rows: 9 rows asked for, but 3 fit"), "\(board.log)")
    }
}
