import BoardRender
import DeparturesCore
import Framebuffer
import Testing

/// What a GTFS board tells riders beyond the time — platform, cancellation, estimated times,
/// arrivals — drawn on a colour, a grey and a mono panel.
struct RiderFactsLayoutTests {
    static var rows: [DepartureRow] {
        var rows = Array(Scene.rows.prefix(5))
        rows[0].platform = "16"
        rows[1].isCancelled = true
        rows[1].platform = "18"
        rows[2].isEstimated = true
        rows[3].platform = "2"
        rows[4].isDropOffOnly = true
        return rows
    }

    @Test func coloursGreysAndMono() throws {
        let state = Scene.state(.ok, rows: Self.rows)
        let colour = BoardRenderer(
            options: Scene.options(
                480, 160, .rgb888, font: Scene.font("board-6x12"),
                routeColors: GoldenImageTests.transport))
        try expectGolden(colour.render(state), "rider-facts-480x160-rgb888")
        let grey = BoardRenderer(options: Scene.options(256, 64, .gray4, font: Scene.font("board-6x12")))
        try expectGolden(grey.render(state), "rider-facts-256x64-gray4")
        let mono = BoardRenderer(options: Scene.options(128, 64, .mono, font: Scene.font("board-5x7")))
        try expectGolden(mono.render(state), "rider-facts-128x64-mono")
    }

    @Test func withoutPlatformsTheColumnTakesNoRoom() {
        let options = Scene.options(256, 64, .gray4, font: Scene.font("board-6x12"))
        var withEmptyPlatforms = Scene.state(.ok)
        withEmptyPlatforms.rows = withEmptyPlatforms.rows.map { row in
            var row = row
            row.platform = nil
            return row
        }
        #expect(BoardRenderer(options: options).render(withEmptyPlatforms) == BoardRenderer(options: options).render(Scene.state(.ok)))
    }

    @Test func theTickerSaysCancelledAndNamesThePlatform() {
        let ticker = BoardRenderer(options: Scene.options(64, 8, .mono, font: Scene.font("board-5x7")))
        let plain = ticker.render(Scene.state(.ok), elapsed: .seconds(2))
        #expect(ticker.render(Scene.state(.ok, rows: Self.rows), elapsed: .seconds(2)) != plain)
    }
}
