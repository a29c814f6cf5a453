@testable import BoardRender
import DeparturesCore
import Framebuffer
import Testing

/// The layout JSON says what each text of a frame is, where, in which colours, and how
/// much of it a rider sees.
struct LayoutReportTests {
    static let preview = Scene.options(
        480, 320, .rgb888, font: ScaledFont(Scene.font("board-6x12"), scale: 2),
        routeColors: ["T1": RGB(0xf9, 0x9d, 0x1c)])

    @Test func everyTextOfARowWithItsBoxAndColours() throws {
        // Two rows that fit whole: the delay keeps its box (a long headsign would fold it).
        let report = BoardRenderer(options: Self.preview).layout(Scene.state(.ok, rows: Array(Scene.rows.prefix(2))))
        #expect(report.width == 480 && report.height == 320 && report.format == .rgb888)
        let header = try #require(report.texts.first { $0.role == .header })
        #expect(header.text == "Central Station" && header.shown == "Central Station" && header.y == 0)
        let clock = try #require(report.texts.first { $0.role == .clock })
        #expect(clock.shown == "09:30" && clock.x + clock.width <= 480)
        // The first row: T1 on its orange badge, then its headsign, delay, countdown and time.
        let firstRow = report.texts.filter { $0.y == report.texts.first { $0.role == .route }!.y }
        #expect(firstRow.map(\.role) == [.route, .time, .countdown, .delay, .headsign])
        let badge = firstRow[0]
        #expect(badge.text == "T1" && badge.bg == RGB(0xf9, 0x9d, 0x1c) && badge.fg != badge.bg)
        // The delay stands on its box in the delay colour.
        #expect(firstRow[3].bg == PixelFormat.rgb888.color(of: Self.preview.palette.value(.delay)) && firstRow[3].bg != .black)
        #expect(firstRow.map(\.shown) == ["T1", "09:32", "2 min", "+2 min", "Emu Plains"])
        #expect(report.texts.allSatisfy { $0.px == 24 && $0.direction == "ltr" && $0.missingGlyphs == 0 && !$0.scrolls })
    }

    @Test func aHeadsignCutToFitShowsWhatIsLeft() throws {
        let narrow = Scene.options(128, 64, .mono, font: Scene.font("board-5x7"))
        let report = BoardRenderer(options: narrow).layout(
            Scene.state(.ok, rows: [Scene.row("c", "T8", "Macarthur, Airport and Sydenham", minutes: 9)]))
        let cut = try #require(report.texts.first { $0.role == .headsign && $0.text == "Macarthur, Airport and Sydenham" })
        #expect(cut.shown.hasSuffix("…") && cut.shown.count < cut.text.count, "\(cut.shown)")
        #expect(cut.fg == .white && cut.bg == .black)
    }

    @Test func aScrollingHeadsignIsOneTextWithBothVisiblePieces() throws {
        let scrolling = Scene.options(128, 64, .mono, font: Scene.font("board-5x7"), overflow: .scroll, scrollSpeed: 24)
        let state = Scene.state(.ok, rows: [Scene.row("c", "T8", "Macarthur, Airport and Sydenham", minutes: 9)])
        let report = BoardRenderer(options: scrolling).layout(state, elapsed: .seconds(7))
        let moving = report.texts.filter { $0.role == .headsign && $0.text == "Macarthur, Airport and Sydenham" }
        #expect(moving.count == 1)
        let text = try #require(moving.first)
        #expect(text.scrolls && !text.shown.isEmpty && text.shown != text.text, "\(text.shown)")
    }

    @Test func aCharacterNoFontHasIsCounted() throws {
        var state = Scene.state(.ok, rows: [Scene.row("a", "T1", "東京 Tokyo", minutes: 3)])
        state.boardName = "Shinjuku"
        let report = BoardRenderer(options: Self.preview).layout(state)
        let headsign = try #require(report.texts.first { $0.role == .headsign })
        #expect(headsign.missingGlyphs == 2)
    }

    @Test func recordingChangesNoPixel() {
        let renderer = BoardRenderer(options: Self.preview)
        var canvas = Canvas(frame: Framebuffer(width: 480, height: 320, format: .rgb888), palette: Self.preview.palette)
        canvas.texts = []
        canvas.clear()
        RowsLayout(options: Self.preview).draw(Scene.state(.ok), elapsed: .zero, on: &canvas)
        #expect(canvas.frame == renderer.render(Scene.state(.ok)))
    }

    @Test func theJSONHasTheDocumentedKeysInOrder() {
        let report = BoardRenderer(options: Self.preview).layout(Scene.state(.loading))
        #expect(report.json.hasPrefix(#"{"width":480,"height":320,"format":"rgb888","texts":["#))
        #expect(
            report.json.contains(#"{"role":"message","text":"Loading departures…","shown":"Loading departures…","x":"#), "\(report.json)")
        #expect(report.json.contains(#","fg":"#), "\(report.json)")
        #expect(report.json.hasSuffix("\n]}\n"))
    }
}
