@testable import BoardRender
import DeparturesCore
import Framebuffer
import Testing

/// A morning at Central: T1 suspended past Blacktown (no service, told in words), a lift out
/// (only marked), and how full each train is — an 8-car T1 with room at the back, a T4 with
/// few seats, a full T9 — on the panels of the shipped boards.
struct AlertsLayoutTests {
    static let suspension = ServiceAlert(
        id: "t1-blacktown", header: "No T1 trains between Blacktown and Emu Plains",
        description: "Buses replace trains between Blacktown and Emu Plains.\nAllow an extra 30 minutes.",
        cause: .maintenance, effect: .noService, severity: .severe, scopes: [AlertScope(route: "T1")])
    static let lift = ServiceAlert(
        id: "lift-18", header: "Lift to platform 18 out of service", effect: .accessibilityIssue,
        severity: .info, scopes: [AlertScope(stop: "2000")])
    static let detour = ServiceAlert(
        id: "333-detour", header: "333 detours via Oxford St", effect: .detour, severity: .warning,
        scopes: [AlertScope(route: "333")])

    static let rows: [DepartureRow] = {
        var t1 = Scene.row("a", "T1", "Blacktown", minutes: 2)
        t1.alertIDs = ["t1-blacktown", "lift-18"]
        t1.carriages = [.standing, .full, .crushed, .standing, .fewSeats, .fewSeats, .manySeats, .manySeats]
        t1.occupancy = .standing
        var t4 = Scene.row("b", "T4", "Cronulla", minutes: 5)
        t4.occupancy = .fewSeats
        t4.alertIDs = ["lift-18"]
        var t9 = Scene.row("c", "T9", "Hornsby", minutes: 9, minutesLate: 2)
        t9.occupancy = .full
        let bus = Scene.row("d", "333", "Bondi Beach", minutes: 12)
        var m1 = Scene.row("e", "M1", "Tallawong", minutes: 14)
        m1.occupancy = .manySeats
        return [t1, t4, t9, bus, m1]
    }()

    static func state(alerts: [ServiceAlert] = [suspension, lift]) -> BoardState {
        var state = Scene.state(.ok, rows: rows)
        state.alerts = alerts
        return state
    }

    static let colors: [String: RGB] = [
        "T1": RGB(0xf9, 0x9d, 0x1c), "T4": RGB(0x00, 0x5a, 0xa3), "T9": RGB(0xd1, 0x1f, 0x2f),
        "M1": RGB(0x16, 0x83, 0x88),
    ]

    @Test func onTheShippedPanels() throws {
        let small = Scene.font("board-5x7"), medium = Scene.font("board-6x12")
        let large = ScaledFont(Scene.font("board-8x16"), scale: 2), preview = ScaledFont(Scene.font("board-6x12"), scale: 2)
        let scenes: [(String, LayoutOptions, [Duration])] = [
            ("ssd1322-256x64-gray4", Scene.options(256, 64, .gray4, font: medium), [.zero, .seconds(5)]),
            ("hub75-64x32-rgb888", Scene.options(64, 32, .rgb888, font: small, routeColors: Self.colors), [.zero]),
            ("epaper-800x480-bwr", Scene.options(800, 480, .bwr, font: large), [.zero, .seconds(8)]),
            ("preview-480x320-rgb888", Scene.options(480, 320, .rgb888, font: preview, routeColors: Self.colors), [.zero, .seconds(8)]),
        ]
        for (name, options, moments) in scenes {
            for moment in moments {
                let frame = BoardRenderer(options: options).render(Self.state(), elapsed: moment)
                try expectGolden(frame, "alerts-\(name)-\(moment.components.seconds)s")
            }
        }
    }

    @Test func shortPanelsTellAlertsOnTheBottomLineAndLargeOnesAsPages() {
        let oled = RowsLayout(options: Scene.options(256, 64, .gray4, font: Scene.font("board-6x12")))
        #expect(oled.bottomLine(Self.state()) == .alerts([Self.suspension]))
        #expect(oled.pageCount(Self.state()) == 3)  // rows only: 2 to a page beside the line
        let screen = RowsLayout(options: Scene.options(480, 320, .rgb888, font: ScaledFont(Scene.font("board-6x12"), scale: 2)))
        #expect(screen.bottomLine(Self.state()) == nil)
        #expect(screen.alertPages(Self.state()) == [Self.suspension])
        #expect(screen.pageCount(Self.state()) == 2)
        // Only alerts that stop riders are told; a lift out marks its rows and nothing more.
        #expect(oled.bottomLine(Self.state(alerts: [Self.lift])) == nil)
        #expect(screen.pageCount(Self.state(alerts: [Self.lift])) == 1)
    }

    @Test func aLongLineScrollsAndAShortOneStaysStill() {
        let options = Scene.options(256, 64, .gray4, font: Scene.font("board-6x12"))
        let renderer = BoardRenderer(options: options)
        #expect(renderer.draw(Self.state(), elapsed: .zero).isScrolling)
        let short = ServiceAlert(id: "s", header: "No T1 trains", effect: .noService, scopes: [AlertScope(route: "T1")])
        var quiet = Self.state(alerts: [short])
        quiet.rows = quiet.rows.map { row in
            var row = row; row.carriages = nil; return row
        }
        #expect(!renderer.draw(quiet, elapsed: .zero).isScrolling)
        #expect(renderer.render(quiet, elapsed: .zero) == renderer.render(quiet, elapsed: .seconds(3)))
    }

    @Test func aSourcesNoticeStandsInOnlyWhereThereAreNoAlerts() {
        let layout = RowsLayout(options: Scene.options(256, 64, .gray4, font: Scene.font("board-6x12")))
        var state = Self.state(alerts: [])
        state.notice = "Lift to platform 18 out of service"
        #expect(layout.bottomLine(state) == .notice("Lift to platform 18 out of service"))
        state.alerts = [Self.lift]
        #expect(layout.bottomLine(state) == nil)
        state.alerts = [Self.suspension, Self.detour]
        #expect(layout.bottomLine(state) == .alerts([Self.suspension, Self.detour]))
    }

    @Test func noDeparturesWithAnAlertSaysWhy() throws {
        var state = Scene.state(.empty, rows: [])
        state.alerts = [Self.suspension]
        let options = Scene.options(256, 64, .gray4, font: Scene.font("board-6x12"))
        #expect(RowsLayout(options: options).bottomLine(state) == .alerts([Self.suspension]))
        let ticker = TickerLayout(options: Scene.options(32, 8, .mono, font: Scene.font("board-5x7")))
        #expect(ticker.text(for: state) == "No departures · ! No T1 trains between Blacktown and Emu Plains")
    }

    @Test func theTickerMarksRowsAndSaysWhenATrainIsFull() {
        let ticker = TickerLayout(options: Scene.options(32, 8, .mono, font: Scene.font("board-5x7")))
        let text = ticker.text(for: Self.state())
        #expect(text.hasPrefix("! T1 Blacktown Standing 2 min · ! T4 Cronulla 5 min · T9 Hornsby Full +2 9 min · "), "\(text)")
        #expect(text.hasSuffix(" · ! No T1 trains between Blacktown and Emu Plains"), "\(text)")
    }

    @Test func carriagesGiveWayToFiguresOnANarrowPanel() {
        let narrow = Columns(rows: Self.rows, layout: RowsLayout(options: Scene.options(128, 64, .mono, font: Scene.font("board-5x7"))))
        #expect(!narrow.compact.carriages && narrow.crowdingWidth == narrow.crowding.figuresWidth)
        let wide = Columns(
            rows: Self.rows,
            layout: RowsLayout(options: Scene.options(800, 480, .bwr, font: ScaledFont(Scene.font("board-8x16"), scale: 2))))
        #expect(wide.compact.carriages && wide.crowdingWidth == wide.crowding.carriagesWidth(8))
    }
}
