import DisplayBackends
import Foundation
import Framebuffer
import Testing

/// The committed preview beside every board is exactly what `render` draws, and the image
/// formats of one render agree.
@Suite(.serialized)
struct PreviewImageTests {
    static let now = "2026-11-23T09:30:00+11:00"

    static var boards: [String] {
        let folder = CLI.packageRoot.appendingPathComponent("Boards").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "Boards/" + $0 }
    }

    @Test func everyBoardHasAnUpToDatePreview() async throws {
        #expect(Self.boards.count >= 6)
        let scratch = try ScratchDirectory()
        for board in Self.boards {
            let name = String(board.dropFirst("Boards/".count).dropLast(".yaml".count))
            // As Boards/render-previews.sh draws them: a ticker as the strip of its frames.
            let text = try String(contentsOfFile: CLI.packageRoot.appendingPathComponent(board).path, encoding: .utf8)
            let strip = text.contains("\n  layout: ticker") ? ["--strip"] : []
            // LED boards as their LEDs: round dots with dark gaps.
            let dots = ["hub75", "max7219", "ht16k33"].contains { text.contains("\n  driver: \($0)") } ? ["--led-dots"] : []
            let run = try await CLI.run(
                ["render", "--board", board, "--now", Self.now] + strip + dots + ["--output", scratch.path(name + ".png")])
            #expect(run.status == 0, "\(board): \(run.stderr)")
            let rendered = FileManager.default.contents(atPath: scratch.path(name + ".png"))
            let committed = CLI.packageRoot.appendingPathComponent("Boards/\(name).png")
            if rendered == nil || rendered != FileManager.default.contents(atPath: committed.path) {
                let actual = CLI.packageRoot.appendingPathComponent("Boards/\(name).actual.png")
                try rendered?.write(to: actual)
                Issue.record(
                    "Boards/\(name).png is not what render draws now; wrote \(actual.path) (Boards/render-previews.sh regenerates them)")
            }
        }
    }

    @Test func pngAndPPMOfOneRenderHoldTheSamePixels() async throws {
        let scratch = try ScratchDirectory()
        for ext in ["png", "ppm", "pgm"] {
            let run = try await CLI.run(["render", "--now", Self.now, "--output", scratch.path("preview.\(ext)")])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let ppm = try #require(FileManager.default.contents(atPath: scratch.path("preview.ppm"))).map { $0 }
        let header = Array("P6\n480 320\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        var frame = Framebuffer(width: 480, height: 320, format: .rgb888)
        var index = header.count
        for y in 0..<320 {
            for x in 0..<480 {
                frame[x, y] = PixelValue(UInt32(ppm[index]) << 16 | UInt32(ppm[index + 1]) << 8 | UInt32(ppm[index + 2]))
                index += 3
            }
        }
        let png = try #require(FileManager.default.contents(atPath: scratch.path("preview.png"))).map { $0 }
        #expect(try ImageEncoder.encode(frame, as: .png) == png, "the PNG encodes exactly the PPM's pixels")
        let pgm = try #require(FileManager.default.contents(atPath: scratch.path("preview.pgm"))).map { $0 }
        #expect(pgm.starts(with: Array("P5\n480 320\n255\n".utf8)))
        #expect(pgm.count == "P5\n480 320\n255\n".utf8.count + 480 * 320)
    }

    @Test func imagesAreTheSameBytesWhateverTheProcessTimeZone() async throws {
        let scratch = try ScratchDirectory()
        var images: [Data] = []
        for tz in ["UTC", "America/New_York", "Asia/Kolkata"] {
            let run = try await CLI.run(
                [
                    "render", "--board", "Boards/ssd1322-spi.yaml", "--now", "2026-10-04T01:59:00",
                    "--output", scratch.path("\(tz.count).png"),
                ], environment: ["TZ": tz])
            #expect(run.status == 0, "\(run.stderr)")
            images.append(try #require(FileManager.default.contents(atPath: scratch.path("\(tz.count).png"))))
        }
        #expect(Set(images).count == 1)
    }

    @Test func theTerminalGetsHalfBlockColour() async throws {
        let run = try await CLI.run(["render", "--board", "Boards/ssd1306-i2c.yaml", "--now", Self.now, "--output", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("\u{1B}[H"))
        #expect(run.stdout.contains("▀"))
        #expect(run.stdout.components(separatedBy: "\n").count == 16, "32 pixel rows in 16 lines of half blocks")
    }
}

/// `render --strip`: the preview of a ticker board, refused where it means nothing.
struct TickerStripTests {
    @Test func aStripIsForTickerBoardsAndPictures() async throws {
        let scratch = try ScratchDirectory()
        let rows = try await CLI.run(["render", "--board", "Boards/sh1106-i2c.yaml", "--strip", "--output", scratch.path("x.png")])
        #expect(rows.status == 64 && rows.stderr.contains("a strip is for ticker boards"), "\(rows.stderr)")
        #expect(!scratch.exists("x.png"))
        let json = try await CLI.run(["render", "--board", "Boards/max7219-led.yaml", "--strip", "--output", scratch.path("x.json")])
        #expect(json.status == 64 && json.stderr.contains("--strip draws pictures"), "\(json.stderr)")
        let strip = try await CLI.run([
            "render", "--board", "Boards/max7219-led.yaml", "--strip", "--now", "2026-11-23T09:30:00+11:00",
            "--output", scratch.path("strip.ppm"),
        ])
        #expect(strip.status == 0, "\(strip.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: scratch.path("strip.ppm")))
        #expect(bytes.starts(with: Array("P6\n131 53\n255\n".utf8)), "four 32-pixel frames a row, six rows")
    }
}
