@testable import BoardRender
import DeparturesCore
import Framebuffer
import Testing

/// A board of two labelled places — a bus stop 3 minutes' walk away and a station 9 minutes
/// away whose feed fails — on every panel format: the source column, the failing mark, a
/// missed departure dimmed, and leave-by as a column or as the countdown.
struct SeveralSourcesLayoutTests {
    static let bus = SourcePlace(index: 0, label: "Bus", walk: .seconds(180), feed: "bus")
    static let train = SourcePlace(index: 1, label: "Train", walk: .seconds(540), feed: "train")

    static func row(
        _ trip: String, _ route: String, _ headsign: String, minutes: Int, at place: SourcePlace,
        minutesLate: Int? = nil
    ) -> DepartureRow {
        var row = Scene.row(trip, route, headsign, minutes: minutes, minutesLate: minutesLate)
        row.place = place
        let leaveSeconds = minutes * 60 + 20 - Int(place.walk.components.seconds)
        row.isReachable = leaveSeconds >= 0
        row.leaveInMinutes = max(0, leaveSeconds / 60)
        return row
    }

    /// In leaving order, as `DepartureRules.merged` sorts them.
    static let rows: [DepartureRow] = [
        row("a", "42", "Downtown", minutes: 2, at: bus),
        row("b", "42", "Downtown", minutes: 3, at: bus),
        row("c", "T1", "Emu Plains", minutes: 12, at: train, minutesLate: 2),
        row("d", "T4", "Cronulla", minutes: 20, at: train),
        row("e", "7", "Airport", minutes: 15, at: bus),
    ]

    static func state(trainFailing: Bool = true) -> BoardState {
        var state = Scene.state(.ok, rows: rows)
        state.boardName = "Home"
        state.sources = [
            SourceStatus(place: bus, status: .ok, message: nil, lastSuccess: Scene.now),
            SourceStatus(
                place: train, status: trainFailing ? .stale : .ok, message: trainFailing ? "Train: timed out" : nil,
                lastSuccess: Scene.now.addingTimeInterval(-120)),
        ]
        return state
    }

    static func options(
        _ width: Int, _ height: Int, _ format: PixelFormat, font: any Font, rotation: Int = 0,
        countdown: LayoutOptions.Countdown = .departure
    ) -> LayoutOptions {
        var options = Scene.options(
            width, height, format, font: font, rotation: rotation,
            routeColors: ["42": RGB(0x00, 0x5a, 0xa3), "T1": RGB(0xf9, 0x9d, 0x1c)])
        options.countdown = countdown
        return options
    }

    @Test func everyPanelFormatWithLabels() throws {
        let small = Scene.font("board-5x7"), medium = Scene.font("board-6x12")
        let scenes: [(String, LayoutOptions)] = [
            ("ssd1306-128x64-mono", Self.options(128, 64, .mono, font: small)),
            ("ssd1322-256x64-gray4", Self.options(256, 64, .gray4, font: medium)),
            ("hub75-64x32-rgb888", Self.options(64, 32, .rgb888, font: small)),
            ("hub75-128x64-rgb888", Self.options(128, 64, .rgb888, font: small)),
            ("epaper-250x122-bwr-rot90", Self.options(250, 122, .bwr, font: medium, rotation: 90)),
            ("epaper-800x480-bwr", Self.options(800, 480, .bwr, font: ScaledFont(Scene.font("board-8x16"), scale: 2))),
            ("preview-480x320-rgb888", Self.options(480, 320, .rgb888, font: ScaledFont(Scene.font("board-8x16"), scale: 2))),
            ("fbdev-640x480-rgb565", Self.options(640, 480, .rgb565, font: ScaledFont(Scene.font("board-8x16"), scale: 2))),
        ]
        for (name, options) in scenes {
            try expectGolden(BoardRenderer(options: options).render(Self.state()), "sources-" + name)
        }
    }

    /// A source that fails with no rows left (a timetable that expired) has no row to carry
    /// its mark: the bottom line says it, as the ticker does, and a source that still has
    /// rows keeps its marked label only (issue 48).
    @Test func aSourceFailingWithNoRowsLeftIsSaidOnTheBottomLine() throws {
        var state = Self.state(trainFailing: false)
        state.rows = state.rows.filter { $0.place == Self.bus }
        state.sources[1] = SourceStatus(place: Self.train, status: .error, message: "Timetable expired 2025-12-31", lastSuccess: nil)
        #expect(state.failingWithoutRows.map(\.place) == [Self.train])
        let options = Self.options(256, 64, .gray4, font: Scene.font("board-6x12"))
        try expectGolden(BoardRenderer(options: options).render(state), "sources-failing-without-rows-256x64-gray4")
        let said = BoardRenderer(options: options).layout(state).texts.filter { $0.role == .message }.map(\.text)
        #expect(said == ["Train! Timetable expired 2025-12-31"])
        #expect(TickerLayout(options: options).text(for: state).contains("Train! Timetable expired 2025-12-31"))
        // With rows of its own on the board, the marked label says it; no line is taken.
        #expect(Self.state().failingWithoutRows.isEmpty)
    }

    @Test func leaveByAsTheCountdownKeepsTheDepartureTime() throws {
        let preview = Self.options(480, 320, .rgb888, font: ScaledFont(Scene.font("board-8x16"), scale: 2), countdown: .leave)
        try expectGolden(BoardRenderer(options: preview).render(Self.state(trainFailing: false)), "sources-leave-480x320-rgb888")
        // On a 128-pixel OLED the departure time stays, where the countdown would have dropped it.
        let oled = Self.options(128, 64, .mono, font: Scene.font("board-5x7"), countdown: .leave)
        try expectGolden(BoardRenderer(options: oled).render(Self.state(trainFailing: false)), "sources-leave-128x64-mono")
    }

    @Test func theTickerReadsEachPlaceAndItsLeaveBy() throws {
        let options = Self.options(32, 8, .mono, font: Scene.font("board-5x7"))
        let renderer = BoardRenderer(options: options)
        let strip = try #require(renderer.tickerStrip(Self.state()))
        try expectGolden(strip, "sources-max7219-32x8-ticker-strip")
    }

    @Test func theSourceAndLeaveColumnsTakeNoRoomWithoutLabelsOrWalks() {
        // The one-source scene, its rows placed at an unlabelled source with no walk: the same pixels.
        let options = Scene.options(256, 64, .gray4, font: Scene.font("board-6x12"))
        let plain = Scene.state(.ok)
        var placed = plain
        placed.rows = plain.rows.map {
            var row = $0; row.place = SourcePlace(index: 0, feed: "x"); return row
        }
        placed.sources = [SourceStatus(place: SourcePlace(index: 0, feed: "x"), status: .stale, message: "down", lastSuccess: nil)]
        #expect(BoardRenderer(options: options).render(placed) == BoardRenderer(options: options).render(plain))
    }

    @Test func leaveTexts() {
        let rows = Self.rows
        #expect(rows.map(\.leave) == ["too late", "go now", "leave in 3 min", "leave in 11 min", "leave in 12 min"])
        #expect(rows.map { Columns.leave($0, short: true) } == ["-", "go now", "go 3m", "go 11m", "go 12m"])
        #expect(Columns.countdown(rows[2], short: false, toLeaving: true) == "leave in 3 min")
        var cancelled = rows[2]
        cancelled.isCancelled = true
        #expect(Columns.leave(cancelled, short: false) == nil, "a cancelled departure has no moment to leave")
    }
}
