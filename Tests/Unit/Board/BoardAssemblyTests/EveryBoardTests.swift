import BoardAssembly
import SourceAssembly
import BoardConfig
import DeparturesCore
import DisplayBackends
import Foundation
import Testing
import BoardRender
import BoardRuntime

/// Every shipped board is built in process through the library — the same call `run`
/// makes — and its first frame reaches a trace exactly as `render --trace` sends it.
@MainActor
struct EveryBoardTests {
    @Test(arguments: Repository.boards)
    func assemblesAndPushesItsFirstFrame(board: String) async throws {
        let scratch = try Scratch()
        let checked = try CheckedBoard(path: Repository.root + "/" + board)
        let onBus = checked.board.output.map { $0.driver != .fbdev && $0.driver != .image } ?? false
        let output: OutputTarget = onBus ? .trace(scratch.file("run.jsonl")) : .imageFile(scratch.file("frame.ppm"))
        let clock = ManualBoardClock(now: Repository.now)
        let running = try RunningBoard(checked, output: output, clock: clock, logger: Repository.quietLogger)

        // Data first, so the first frame drawn is the board with its departures (or its error).
        await running.viewModel.refresh()
        let state = running.viewModel.state(at: Repository.now)
        running.coordinator.start()
        for _ in 0..<2000 where running.coordinator.framesPresented == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        running.coordinator.stop()
        #expect(running.coordinator.framesPresented >= 1, "\(board): no frame reached the backend")

        let frame = checked.renderer.render(state)
        if onBus {
            // The run path (a panel backend) and the render path (init, then the whole frame) send the same bytes.
            let expected = try PanelAssembly.trace(of: frame, board: checked.board)
            let sent = try String(contentsOfFile: scratch.file("run.jsonl"), encoding: .utf8)
            #expect(!expected.isEmpty)
            #expect(sent.hasPrefix(expected), "\(board): the running board's first frame differs from render --trace")
        } else {
            let written = try #require(FileManager.default.contents(atPath: scratch.file("frame.ppm")))
            #expect(Array(written) == (try ImageEncoder.encode(frame, as: .ppm)), "\(board): the image is the rendered frame")
        }
    }

    @Test func theOneCallAssemblesTheNamedBoard() throws {
        let scratch = try Scratch()
        let running = try RunningBoard(
            path: Repository.root + "/Boards/preview.yaml", output: .imageFile(scratch.file("p.png")),
            clock: ManualBoardClock(now: Repository.now), logger: Repository.quietLogger)
        #expect(running.board.path.hasSuffix("Boards/preview.yaml"))
        #expect(running.viewModel.boardName == running.board.name)
        #expect(running.coordinator.framesPresented == 0, "nothing runs before start()")
    }

    @Test func aBoardThatCannotBeTracedSaysWhy() throws {
        let scratch = try Scratch()
        let checked = try CheckedBoard(path: Repository.root + "/Boards/hdmi-fbdev.yaml")
        #expect(
            throws: AssemblyError(.usage, checked.board.path + ": output.driver: fbdev writes /dev/fb0 directly; it has no bus to trace")
        ) {
            _ = try OutputTarget.trace(scratch.file("never.jsonl")).backend(for: checked.board)
        }
    }
}
