import BoardAssembly
import BoardConfig
import BoardRender
import DeparturesCore
import Foundation
import Framebuffer
import Testing
import ZoneInfo

/// Every text of every shipped board, read from its layout JSON, reaches WCAG 2's contrast:
/// 4.5:1 below 18 px, 3:1 at or above. The rows are a hard case for colours: every route the
/// board colours plus light and dark feed colours, a delay, a cancellation, a timetable-only
/// row, a platform, and alerts told on a line or a page.
struct ShippedBoardContrastTests {
    static let sydney = try! TimeZoneRules.load("Australia/Sydney")

    static func state(routes: [String]) -> BoardState {
        let now = Repository.now
        func row(_ index: Int, _ route: String, color: String? = nil, textColor: String? = nil) -> DepartureRow {
            let instant = now.addingTimeInterval(Double(index * 180 + 20))
            var departure = Departure(
                tripID: "t\(index)", routeShortName: route, headsign: "Emu Plains via Strathfield",
                scheduledTimeSecs: 0, realtimeTimeSecs: 0, delaySeconds: index % 3 == 0 ? 120 : 0,
                isRealtime: index % 4 != 1, platform: index % 2 == 0 ? "16" : nil, isCancelled: index == 2,
                routeColor: color, routeTextColor: textColor)
            departure.alertIDs = index == 0 ? ["works"] : []
            return DepartureRow(
                ResolvedDeparture(
                    departure: departure, serviceDay: CivilDate(year: 2026, month: 11, day: 23),
                    scheduledInstant: instant, instant: instant), now: now, zone: sydney)
        }
        var rows = routes.enumerated().map { row($0.offset, $0.element) }
        // Feeds' own colours: a pale yellow with white text, a navy with navy text.
        rows.append(row(rows.count, "Y", color: "FFF200", textColor: "FFFFFF"))
        rows.append(row(rows.count, "N", color: "002060", textColor: "001040"))
        let works = ServiceAlert(
            id: "works", header: "No T1 trains between Blacktown and Emu Plains",
            description: "Buses replace trains.", effect: .noService, severity: .severe,
            scopes: [AlertScope(route: "T1")])
        return BoardState(
            boardName: "Central Station", now: now, status: .ok, message: nil, updated: now, rows: rows,
            alerts: [works], zone: sydney)
    }

    @Test(arguments: Repository.boards)
    func everyTextReadsOnWhatItStandsOn(path: String) throws {
        let board = try BoardFileLoader(zoneExists: { _ in true }).load(path: Repository.root + "/" + path)
        let options = try LayoutAssembly.options(for: board)
        let renderer = BoardRenderer(options: options)
        let state = Self.state(routes: ["T1", "333", "M1", "L2", "T9"] + board.display.routeColors.keys.sorted())
        var problems: [String] = []
        for page in 0..<renderer.pageCount(for: state) {
            let report = renderer.layout(state, elapsed: options.pageInterval * page)
            for text in report.texts where !text.shown.isEmpty {
                let ratio = text.fg.contrastRatio(with: text.bg)
                let needed = text.px < 18 ? 4.5 : 3.0
                if ratio < needed {
                    problems.append("\(text.role.rawValue) '\(text.shown)' \(text.fg.hex) on \(text.bg.hex): \(ratio) < \(needed)")
                }
            }
        }
        #expect(problems.isEmpty, "\(path): \(problems.joined(separator: "; "))")
    }
}

struct ContrastWarningTests {
    @Test func validateNamesEachPairBelowThreeToOne() throws {
        let board = try BoardFileLoader(zoneExists: { _ in true }).parse(
            """
            name: Low contrast
            source: {kind: demo}
            display:
              colors:
                delay_text: "#ff9900"
                dim_text: "#333333"
                badge_text: "#ffffff"
              route_colors:
                "333": "#00b5ef"
                T4: "#005aa3"
            """, path: "low.yaml")
        let warnings = LayoutAssembly.warnings(for: board, renderer: BoardRenderer(options: try LayoutAssembly.options(for: board)))
        #expect(
            warnings == [
                "low.yaml:5:5: display.colors.dim_text: #333333 on background #000000 has a contrast ratio of 1.6:1, below the 3:1 riders need (WCAG 2)",
                "low.yaml:5:5: display.colors.delay_text: #ff9900 on delay #ff8c00 has a contrast ratio of 1.0:1, below the 3:1 riders need (WCAG 2)",
                "low.yaml:5:5: display.colors.badge_text: #ffffff on route_colors.333 #00b5ef has a contrast ratio of 2.3:1, below the 3:1 riders need (WCAG 2)",
            ])
    }

    @Test(arguments: Repository.boards)
    func noShippedBoardIsWarnedAbout(path: String) throws {
        let board = try BoardFileLoader(zoneExists: { _ in true }).load(path: Repository.root + "/" + path)
        let renderer = BoardRenderer(options: try LayoutAssembly.options(for: board))
        #expect(LayoutAssembly.contrastWarnings(for: board, palette: renderer.options.palette).isEmpty)
    }
}
