import DisplayBackends
import Foundation
import Framebuffer
import PanelTestSupport
import Testing

/// `render --trace` pushes the board's frame through its own driver; replaying that trace
/// into the controller's emulator must show, pixel for pixel, what `render` draws.
@Suite(.serialized)
struct TraceReplayTests {
    static let now = "2026-11-23T09:30:00+11:00"

    static func emulator(for board: String) -> (any PanelEmulator)? {
        switch board {
        case "ssd1322-spi": return SSD1322Emulator(width: 256, height: 64)
        case "ssd1306-i2c": return SSD1306Emulator(width: 128, height: 32, address: 0x3C)
        case "sh1106-i2c": return SH1106Emulator(address: 0x3C)
        case "max7219-led": return MAX7219ChainEmulator(modules: 4, rows: 1, firstModule: .right)
        case "ht16k33-led": return HT16K33Emulator(address: 0x70)
        case "epaper-7in5": return EPaperEmulators.make(board)
        case "epaper-2in13": return EPaperEmulators.make(board)
        default: return nil
        }
    }

    static let traced = ["ssd1322-spi", "ssd1306-i2c", "sh1106-i2c", "max7219-led", "ht16k33-led", "epaper-7in5", "epaper-2in13"]

    @Test(arguments: traced)
    func theTraceShowsTheRenderedPixels(board: String) async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run([
            "render", "--board", "Boards/\(board).yaml", "--now", Self.now,
            "--output", scratch.path("frame.ppm"), "--trace", scratch.path("trace.jsonl"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let ops = try TraceOp.parse(try scratch.read("trace.jsonl"))
        var emulator = try #require(Self.emulator(for: board))
        try emulator.replay(ops)
        let ppm = try #require(FileManager.default.contents(atPath: scratch.path("frame.ppm")))
        let image = emulator.image()
        let header = "P6\n\(image.width) \(image.height)\n255\n"
        #expect(Array(ppm.prefix(header.utf8.count)) == Array(header.utf8), "same size")
        #expect(Array(ppm.dropFirst(header.utf8.count)) == image.rgbBytes(), "\(board): the panel shows what render drew")
    }

    @Test func boardsWithoutABusSayWhy() async throws {
        let run = try await CLI.run(["render", "--board", "Boards/hdmi-fbdev.yaml", "--trace", "/tmp/never.jsonl"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("fbdev"), "\(run.stderr)")
        let preview = try await CLI.run(["render", "--trace", "/tmp/never.jsonl"])
        #expect(preview.status == 78)
        #expect(preview.stderr.contains("Boards/preview.yaml: output"), "\(preview.stderr)")
    }
}

/// `render --panel` opens the board's real bus; on a machine without the device the error
/// names the device node (exit 74), never a crash.
struct PanelWiringCheckTests {
    @Test(arguments: [("ssd1322-spi", "/dev/spidev0.0"), ("ssd1306-i2c", "/dev/i2c-1"), ("hdmi-fbdev", "/dev/fb0")])
    func aMissingDeviceIsNamed(board: String, device: String) async throws {
        guard !FileManager.default.fileExists(atPath: device) else { return }  // a machine with the bus: nothing to prove here
        let run = try await CLI.run(["render", "--board", "Boards/\(board).yaml", "--now", "2026-11-23T09:30:00+11:00", "--panel"])
        #expect(run.status == 74)
        #expect(run.stderr.contains("Boards/\(board).yaml: \(device): no such device"), "\(run.stderr)")
    }
}
