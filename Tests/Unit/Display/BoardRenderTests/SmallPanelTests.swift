import BoardRender
import DeparturesCore
import Framebuffer
import Testing

/// Small panels (128×64 OLEDs, LED tickers) keep what a rider reads: the station's name
/// whole, route badges apart from the text beside them, a ticker's message as frames.
struct SmallPanelTests {
    let small = Scene.font("board-5x7")

    /// The header's geometry as RowsLayout draws it.
    var lineHeight: Int { small.lineHeight }
    var rule: Int { lineHeight + max(1, lineHeight / 6) - 1 }

    func lit(_ frame: Framebuffer, _ x: Int, _ y: Int) -> Bool { frame[x, y] != PixelValue(0) }

    @Test func aNarrowHeaderKeepsTheWholeNameAndShowsThePageOnTheRule() {
        let renderer = BoardRenderer(options: Scene.options(128, 64, .mono, font: small))
        let paged = Scene.state(.ok)
        let onePage = Scene.state(.ok, rows: Array(Scene.rows.prefix(2)))
        let pages = renderer.pageCount(for: paged)
        #expect(pages > 1)
        let first = renderer.render(paged), second = renderer.render(paged, elapsed: .seconds(8)), alone = renderer.render(onePage)
        // The name is drawn as on a board with one page: "1/3" did not cut it to "Central Sta…".
        for y in 0..<lineHeight {
            for x in 0..<64 where lit(first, x, y) != lit(alone, x, y) {
                Issue.record("header pixel \(x),\(y) differs from the one-page board's: the name was cut")
                return
            }
        }
        // The page shows as a thicker stretch of the rule: the first fifth or so, then the next.
        let stretch = 128 / pages
        #expect(lit(first, 1, rule + 1) && !lit(first, stretch + 1, rule + 1))
        #expect(!lit(second, 1, rule + 1) && lit(second, stretch + 1, rule + 1))
        #expect(!lit(alone, 1, rule + 1), "one page: a plain rule")
    }

    @Test func theHeadsignKeepsTwoDarkColumnsFromItsBadge() {
        let renderer = BoardRenderer(options: Scene.options(128, 64, .mono, font: small))
        let frame = renderer.render(Scene.state(.ok))
        let rowHeight = lineHeight + max(1, lineHeight / 6)
        var checked = 0
        var top = rule + 2
        while top + lineHeight <= 64 {
            // The badge's bottom row, under its text, is lit from edge to edge.
            let solid = top + lineHeight - 2
            var edge = 1
            while edge < 63, lit(frame, edge + 1, solid) { edge += 1 }
            #expect(lit(frame, 1, solid) && edge > 8, "row at \(top): no badge found")
            for column in (edge + 1)...(edge + 2) {
                #expect(
                    (top..<(top + lineHeight)).allSatisfy { !lit(frame, column, $0) },
                    "row at \(top): column \(column), beside the badge, is lit")
            }
            checked += 1
            top += rowHeight
        }
        #expect(checked >= 4)
    }

    @Test func aTickerStripIsItsFramesInOrder() throws {
        let renderer = BoardRenderer(options: Scene.options(32, 8, .mono, font: small, style: .ticker))
        let state = Scene.state(.ok, rows: Array(Scene.rows.prefix(3)))
        let strip = try #require(renderer.tickerStrip(state))
        #expect(strip.width == 4 * 33 - 1, "four 32-pixel frames a row, one dark pixel apart")
        let text = "T1 Emu Plains +2 2 min · T4 Cronulla 5 min · T8 Macarthur via Airport and Sydenham +1 9 min"
        let frames = (small.width(of: text) + 31) / 32
        #expect(strip.height == ((frames + 3) / 4) * 9 - 1)
        // The first frame is the one `render` draws at the start; the next is what the panel shows
        // once the text has moved on a panel's width (at 32 px/s: one second later).
        let moving = BoardRenderer(options: Scene.options(32, 8, .mono, font: small, style: .ticker, scrollSpeed: 32))
        for (index, frame) in [moving.render(state), moving.render(state, elapsed: .seconds(1))].enumerated() {
            for y in 0..<8 {
                for x in 0..<32 where strip[index * 33 + x, y] != frame[x, y] {
                    Issue.record("strip frame \(index) differs at \(x),\(y)")
                    return
                }
            }
        }
        #expect(BoardRenderer(options: Scene.options(128, 64, .mono, font: small)).tickerStrip(state) == nil)
    }
}
