import BoardRender
import DeparturesCore
import Framebuffer
import Testing
import ZoneInfo

/// A GTFS feed's route colours on badges, and the board's own colours winning over them.
struct RouteColourTests {
    static func row(route: String, color: String?, text: String?) -> DepartureRow {
        var row = Scene.row("a", route, "Emu Plains", minutes: 4)
        row.routeColor = color
        row.routeTextColor = text
        return row
    }

    /// The badge's top-left inner pixel and every colour drawn inside the badge.
    static func badge(_ frame: Framebuffer, options: LayoutOptions) -> (fill: UInt32, inside: Set<UInt32>) {
        // The first row's badge starts at (gap, header height); sample its middle column band.
        var inside: Set<UInt32> = []
        let top = options.font.lineHeight + max(1, options.font.lineHeight / 6) + 1
        for y in top..<(top + options.font.lineHeight) {
            for x in 3..<20 { inside.insert(frame[x, y].raw) }
        }
        return (frame[4, top + 2].raw, inside)
    }

    @Test func aFeedsColoursPaintTheBadgeUnlessTheBoardNamesOne() {
        let state = Scene.state(.ok, rows: [Self.row(route: "T1", color: "F99D1C", text: "112233")])
        let plain = Scene.options(240, 64, .rgb888, font: Scene.font("board-6x12"))
        let fromFeed = Self.badge(BoardRenderer(options: plain).render(state), options: plain)
        #expect(fromFeed.fill == PixelFormat.rgb888.value(for: RGB(0xF9, 0x9D, 0x1C)).raw)
        #expect(fromFeed.inside.contains(PixelFormat.rgb888.value(for: RGB(0x11, 0x22, 0x33)).raw), "the feed's text colour")

        let board = Scene.options(240, 64, .rgb888, font: Scene.font("board-6x12"), routeColors: ["T1": RGB(0, 90, 163)])
        let fromBoard = Self.badge(BoardRenderer(options: board).render(state), options: board)
        #expect(fromBoard.fill == PixelFormat.rgb888.value(for: RGB(0, 90, 163)).raw)
        #expect(
            !fromBoard.inside.contains(PixelFormat.rgb888.value(for: RGB(0x11, 0x22, 0x33)).raw),
            "the feed's text colour belongs to the feed's badge colour only")

        let none = Scene.state(.ok, rows: [Self.row(route: "T1", color: nil, text: nil)])
        let defaultBadge = Self.badge(BoardRenderer(options: plain).render(none), options: plain)
        #expect(defaultBadge.fill == PixelFormat.rgb888.value(for: RGB(10, 100, 200)).raw)
    }

    /// The `~` and dimming mean "live data missing": rows of a source without live data at
    /// all are plain, rows of one with it keep the mark when not live.
    @Test func timetableOnlyRowsAreNotMarkedAsMissingLiveData() {
        let departure = Departure(
            tripID: "a", routeShortName: "T1", headsign: "Emu Plains", scheduledTimeSecs: 0,
            realtimeTimeSecs: 0, delaySeconds: 0, isRealtime: false)
        let instant = Scene.now.addingTimeInterval(320)
        let resolved = ResolvedDeparture(
            departure: departure, serviceDay: .init(year: 2026, month: 11, day: 23),
            scheduledInstant: instant, instant: instant)
        let expected = DepartureRow(resolved, now: Scene.now, zone: Scene.sydney, liveDataExpected: true)
        let timetable = DepartureRow(resolved, now: Scene.now, zone: Scene.sydney, liveDataExpected: false)
        #expect(expected.looksScheduled && !timetable.looksScheduled)
        let options = Scene.options(240, 64, .rgb888, font: Scene.font("board-6x12"))
        let renderer = BoardRenderer(options: options)
        #expect(renderer.render(Scene.state(.ok, rows: [expected])) != renderer.render(Scene.state(.ok, rows: [timetable])))
        var live = timetable
        live.isRealtime = true
        #expect(
            renderer.render(Scene.state(.ok, rows: [live])) == renderer.render(Scene.state(.ok, rows: [timetable])),
            "a timetable-only row looks like a live one")
    }
}
