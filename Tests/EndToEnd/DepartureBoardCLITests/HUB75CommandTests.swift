import Foundation
import Framebuffer
import PanelTestSupport
import Testing
import TestTiming

/// HUB75 boards through the real binary: validated, previewed, traced, and shown by the real
/// driver process (built against the recording stub) with exactly the preview's pixels.
@Suite(.serialized)
struct HUB75CommandTests {
    static let boards = PreviewImageTests.boards.filter { $0.contains("hub75") }
    static let now = PreviewImageTests.now

    /// The board as the given file, its driver the stub-built program.
    static func board(_ path: String, driver: HUB75StubDriver, in scratch: ScratchDirectory) throws -> String {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let copy = scratch.path("board.yaml")
        try (text + "  driver_program: \(driver.program)\n").write(toFile: copy, atomically: true, encoding: .utf8)
        return copy
    }

    /// The frame `render` draws for the board, from its PPM.
    static func rendered(_ board: String, in scratch: ScratchDirectory) async throws -> Framebuffer {
        let run = try await CLI.run(["render", "--board", board, "--now", now, "--output", scratch.path("frame.ppm")])
        #expect(run.status == 0, "\(run.stderr)")
        let ppm = [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path("frame.ppm"))))
        return try #require(HUB75TraceReplay.frame(ppm: ppm), "frame.ppm is not a binary PPM")
    }

    @Test func theShippedBoardsValidate() async throws {
        #expect(Self.boards.count == 3)
        let run = try await CLI.run(["validate"] + Self.boards)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 3 && run.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(": ok") })
        // No driver here (none beside the test build, no installed socket): said, not an error.
        #expect(
            run.stderr.contains("Boards/hub75-64x32.yaml: output.driver: hub75 needs departure-board-hub75, not installed here"),
            "\(run.stderr)")
    }

    @Test func aBadOptionIsNamedAndExits78() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(
            "bad.yaml",
            """
            source: {kind: demo}
            display: {width: 64, height: 32, format: rgb888}
            output:
              driver: hub75
              cols: 64
              hardware_mapping: adafruit
              pwm_bits: 14
            """)
        let run = try await CLI.run(["validate", path])
        #expect(run.status == 78)
        #expect(run.stderr.contains("\(path):6:21: output.hardware_mapping: expected one of regular, adafruit-hat"), "\(run.stderr)")
        #expect(run.stderr.contains("\(path):7:13: output.pwm_bits: must be between 1 and 11; got 14"), "\(run.stderr)")
    }

    @Test(arguments: boards)
    func theTraceHoldsThePreviewsPixels(board: String) async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["render", "--board", board, "--now", Self.now, "--trace", scratch.path("trace.jsonl")])
        #expect(run.status == 0, "\(run.stderr)")
        let replay = try HUB75TraceReplay(try scratch.read("trace.jsonl"))
        #expect(replay.frames == [try await Self.rendered(board, in: scratch)])
        #expect(replay.configuration["hardware_mapping"] != nil && replay.configuration["width"] != nil)
    }

    @Test(arguments: boards)
    func theDriverShowsExactlyThePreview(board: String) async throws {
        let scratch = try ScratchDirectory()
        let driver = try HUB75StubDriver.build()
        let copy = try Self.board(board, driver: driver, in: scratch)
        let run = try await CLI.run(["render", "--board", copy, "--now", Self.now, "--panel", "--hold", "0"])
        #expect(run.status == 0, "\(run.stderr)")
        // The driver darkened the panel when the link ended: the frame it showed is the swap before.
        let swaps = driver.calls().filter { $0["call"] as? String == "swap" }
        #expect(swaps.count == 2, "the frame, then dark at the end")
        let expected = try await Self.rendered(board, in: scratch)
        #expect(swaps.first?["fnv1a"] as? String == Self.fnv1a(expected.rgbBytes()))
        #expect(run.stderr.contains("hub75: 1 frames delivered (\(13 + expected.rgbBytes().count) bytes each)"), "\(run.stderr)")
    }

    @Test func runFeedsTheDriverAndEndsItOnSIGTERM() async throws {
        let scratch = try ScratchDirectory()
        let driver = try HUB75StubDriver.build()
        let copy = try Self.board("Boards/hub75-128x32.yaml", driver: driver, in: scratch)
        let running = try RunSignalTests.RunningBoard(["run", "--board", copy], scratch: scratch)
        #expect(await running.waitUntil { driver.shown() != nil && running.log.contains("board started") }, "\(running.log)")
        #expect(driver.shown()?.width == 128 && driver.shown()?.height == 32)
        running.signal(SIGTERM)
        #expect(await running.exitStatus(within: 10) == 0, "\(running.log)")
        #expect(Array(driver.callNames().suffix(2)) == ["swap", "delete"], "the panel dark and the matrix released")
        #expect(running.log.contains("info: hub75: "), "\(running.log)")
    }

    @Test func aMissingDriverIsNamedWithWhereItWasLookedFor() async throws {
        let scratch = try ScratchDirectory()
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Boards/hub75-64x32.yaml"), encoding: .utf8)
        let path = try scratch.write("board.yaml", text + "  driver_program: /nonexistent/departure-board-hub75\n")
        let run = try await CLI.run(["render", "--board", path, "--now", Self.now, "--panel", "--hold", "0"])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("cannot start /nonexistent/departure-board-hub75: No such file or directory"), "\(run.stderr)")
        let validate = try await CLI.run(["validate", path])
        #expect(validate.status == 78)
        #expect(
            validate.stderr.contains(
                "\(path): output.driver_program: /nonexistent/departure-board-hub75 is not an executable program here"),
            "\(validate.stderr)")
    }

    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
