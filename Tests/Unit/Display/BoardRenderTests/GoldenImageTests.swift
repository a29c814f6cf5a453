import BoardRender
import DeparturesCore
import Framebuffer
import Testing

/// Golden images at a fixed clock, for the displays the project targets, in their own
/// pixel formats; every state screen; pages, scrolling and rotation.
struct GoldenImageTests {
    static let transport: [String: RGB] = [
        "T1": RGB(0xf9, 0x9d, 0x1c), "T4": RGB(0x00, 0x5a, 0xa3), "T8": RGB(0xf2, 0x8b, 0xb2),
        "M1": RGB(0x16, 0x83, 0x88), "L2": RGB(0xe4, 0x02, 0x2d), "T9": RGB(0xd1, 0x1f, 0x2f),
    ]

    @Test func ssd1322Gray4() throws {
        let renderer = BoardRenderer(options: Scene.options(256, 64, .gray4, font: Scene.font("board-6x12")))
        try expectGolden(renderer.render(Scene.state(.ok)), "ssd1322-256x64-gray4-ok")
        try expectGolden(renderer.render(Scene.state(.stale, message: "No internet connection")), "ssd1322-256x64-gray4-stale")
    }

    @Test func ssd1306Mono() throws {
        let renderer = BoardRenderer(options: Scene.options(128, 32, .mono, font: Scene.font("board-5x7")))
        try expectGolden(renderer.render(Scene.state(.ok)), "ssd1306-128x32-mono-ok")
        try expectGolden(renderer.render(Scene.state(.ok), elapsed: .seconds(8)), "ssd1306-128x32-mono-page2")
    }

    @Test func ledMatrixTicker() throws {
        let renderer = BoardRenderer(options: Scene.options(32, 8, .mono, font: Scene.font("board-5x7")))
        try expectGolden(renderer.render(Scene.state(.ok)), "max7219-32x8-mono-ticker-0s")
        try expectGolden(renderer.render(Scene.state(.ok), elapsed: .seconds(3)), "max7219-32x8-mono-ticker-3s")
        let wide = BoardRenderer(options: Scene.options(64, 16, .mono, font: Scene.font("board-5x7")))
        try expectGolden(wide.render(Scene.state(.ok), elapsed: .seconds(1)), "led-64x16-mono-ticker-1s")
    }

    @Test func epaperBlackWhiteRed() throws {
        let font = ScaledFont(Scene.font("board-8x16"), scale: 2)
        let renderer = BoardRenderer(options: Scene.options(800, 480, .bwr, font: font))
        try expectGolden(renderer.render(Scene.state(.ok)), "epaper-800x480-bwr-ok")
        let small = BoardRenderer(options: Scene.options(250, 122, .bwr, font: Scene.font("board-6x12"), rotation: 90))
        try expectGolden(small.render(Scene.state(.ok)), "epaper-250x122-bwr-rot90")
    }

    @Test func previewColour() throws {
        let renderer = BoardRenderer(
            options: Scene.options(
                480, 320, .rgb888, font: ScaledFont(Scene.font("board-8x16"), scale: 2),
                routeColors: Self.transport))
        try expectGolden(renderer.render(Scene.state(.ok)), "preview-480x320-rgb888-ok")
        try expectGolden(renderer.render(Scene.state(.stale, message: "Failed to load departures")), "preview-480x320-rgb888-stale")
        try expectGolden(renderer.render(Scene.state(.loading, rows: [])), "preview-480x320-rgb888-loading")
        try expectGolden(renderer.render(Scene.state(.empty, rows: [])), "preview-480x320-rgb888-empty")
        try expectGolden(renderer.render(Scene.state(.error, rows: [], message: "No internet connection")), "preview-480x320-rgb888-error")
    }

    @Test(.enabled(if: Scene.hasDejaVu, "needs fonts-dejavu-core for the TrueType board"))
    func hdmiTrueTypeRGB565() throws {
        let font = try FreeTypeFont(path: Scene.dejaVuPath, pixelSize: 56)
        let renderer = BoardRenderer(options: Scene.options(1920, 1080, .rgb565, font: font, routeColors: Self.transport))
        try expectGolden(renderer.render(Scene.state(.ok)), "hdmi-1920x1080-rgb565-truetype")
    }
}
