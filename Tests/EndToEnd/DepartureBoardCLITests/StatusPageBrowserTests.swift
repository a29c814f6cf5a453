import Foundation
import Testing

/// The status page in a real browser: Debian's Chromium, headless, driven over DevTools by
/// Tests/EndToEnd/Browser/status_page_check.py while this test changes the board under it.
@Suite(.serialized)
struct StatusPageBrowserTests {
    /// Departures 10 and 20 minutes from now in Sydney, as service-day seconds.
    static func departures(headsign: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Australia/Sydney")!
        let parts = calendar.dateComponents([.hour, .minute, .second], from: Date())
        let now = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
        return
            #"{"data":[{"trip_id":"a","route_short_name":"T1","headsign":"\#(headsign)","scheduled_time_secs":\#(now + 600),"realtime_time_secs":\#(now + 600),"delay_s":0,"realtime":true},{"trip_id":"b","route_short_name":"T4","headsign":"Cronulla","scheduled_time_secs":\#(now + 1200),"realtime_time_secs":\#(now + 1200),"delay_s":0,"realtime":true}]}"#
    }

    /// Lines a child process prints, read on a Dispatch thread as they come.
    final class LineReader: @unchecked Sendable {
        private let handle: FileHandle
        private var buffer = Data()
        init(_ handle: FileHandle) { self.handle = handle }

        func next() async -> String? {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    while true {
                        if let newline = self.buffer.firstIndex(of: 0x0A) {
                            let line = String(decoding: self.buffer[..<newline], as: UTF8.self)
                            self.buffer.removeSubrange(...newline)
                            continuation.resume(returning: line)
                            return
                        }
                        let chunk = self.handle.availableData
                        if chunk.isEmpty {
                            continuation.resume(returning: nil)
                            return
                        }
                        self.buffer.append(chunk)
                    }
                }
            }
        }
    }

    @Test func theFrameHasThePanelsSizeAndFollowsTheBoard() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), "chromium is required: .ci/run installs it")
        let scratch = try ScratchDirectory()
        let departures = try scratch.write("departures.json", Self.departures(headsign: "Emu Plains"))
        let boardText =
            try String(contentsOf: CLI.packageRoot.appendingPathComponent("Boards/ssd1322-spi.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "  kind: demo", with: "  kind: file\n  path: \(departures)")
            + "status:\n  listen: 127.0.0.1:0\n"
        let boardPath = try scratch.write("board.yaml", boardText)
        let board = try RunSignalTests.RunningBoard(
            ["run", "--board", boardPath, "--trace", scratch.path("trace.jsonl")], scratch: scratch)
        defer { board.signal(SIGTERM) }
        #expect(await board.waitUntil(60) { board.log.contains("status page at http://127.0.0.1:") })
        let address = try #require(
            board.log.split(separator: "\n").first { $0.contains("status page at ") }?
                .split(separator: " ").first { $0.hasPrefix("http://") })

        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        browser.arguments = [
            CLI.packageRoot.appendingPathComponent("Tests/EndToEnd/Browser/status_page_check.py").path, String(address),
            "--wait-for-change", "--screenshot", scratch.path("page.png"),
        ]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        browser.standardInput = input
        browser.standardOutput = output
        browser.standardError = errors
        try browser.run()
        let lines = LineReader(output.fileHandleForReading)

        let loaded = await lines.next() ?? ""
        #expect(
            loaded.hasPrefix("LOADED /frame.png?n="),
            "\(loaded) \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
        #expect(loaded.hasSuffix(" 256x64 ok"), "the image has the panel's own 256×64 pixels: \(loaded)")

        // The board changes: new rows, a new frame; the open page follows by itself.
        try scratch.write("departures.json", Self.departures(headsign: "Penrith"))
        board.signal(SIGUSR1)
        // Throwing write: if the checker already exited, the test fails instead of the process trapping.
        try input.fileHandleForWriting.write(contentsOf: Data("CHANGED\n".utf8))
        let updated = await lines.next() ?? ""
        #expect(updated.hasPrefix("UPDATED /frame.png?n="), "\(updated)")
        #expect(updated.hasSuffix(" 256x64 ok"))
        #expect(
            updated.split(separator: " ").dropFirst().first != loaded.split(separator: " ").dropFirst().first,
            "the page shows a newer frame: \(loaded) → \(updated)")
        // Polled, not waitUntilExit(): a blocked cooperative thread would stall other suites.
        for _ in 0..<600 where browser.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!browser.isRunning && browser.terminationStatus == 0)
        #expect(scratch.exists("page.png"))
    }
}
