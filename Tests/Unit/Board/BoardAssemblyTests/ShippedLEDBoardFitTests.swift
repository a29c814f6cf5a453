import BoardAssembly
import BoardConfig
import BoardRender
import DeparturesCore
import Foundation
import Framebuffer
import PanelCatalog
import Testing
import ZoneInfo

/// Every shipped LED board, read from its layout JSON at the shared fixed clock, shows on every
/// row the whole route, the whole countdown and at least 8 characters of the headsign (or all
/// of it, or a scrolling one with 8 in view at once); a 32-px-tall panel shows at least 3 rows;
/// and no text is dark on a lit box. Tickers show 8 characters at once where the panel can.
struct ShippedLEDBoardFitTests {
    static let sydney = try! TimeZoneRules.load("Australia/Sydney")

    /// LED boards: HUB75 and the LED matrix drivers.
    static let boards: [String] = Repository.boards.filter { path in
        guard let board = try? BoardFileLoader(zoneExists: { _ in true }).load(path: Repository.root + "/" + path),
            let output = board.output
        else { return false }
        return [.ledMatrix, .rgbMatrix].contains(PanelFacts.of(output.driver).family)
    }

    /// Sixteen pixels hold four characters of the smallest font: the board says so in its comments.
    static let tooNarrowForEight: Set<String> = ["Boards/ht16k33-led.yaml"]

    /// A hard case: three-character routes, two-digit minutes, "Now", delays, a cancellation,
    /// a long headsign with "via", and an alert told on the bottom line.
    static func state() -> BoardState {
        let now = Repository.now
        // (route, headsign, minutes, delay seconds, cancelled); T9 has no live data: `~Now`.
        let trips: [(String, String, Int, Int, Bool)] = [
            ("T1", "Emu Plains", 0, 120, false), ("T9", "Hornsby via Strathfield", 0, 0, false), ("333", "Bondi Beach", 5, 0, false),
            ("T8", "Macarthur via Airport and Sydenham", 9, 60, false), ("M1", "Tallawong", 12, 0, true),
            ("L2", "Randwick", 17, 240, false),
            ("370", "Coogee Beach", 26, 0, false), ("T4", "Cronulla", 33, 0, false),
        ]
        let rows = trips.enumerated().map { index, trip in
            let instant = now.addingTimeInterval(Double(trip.2 * 60 + 20))
            var departure = Departure(
                tripID: "t\(index)", routeShortName: trip.0, headsign: trip.1, scheduledTimeSecs: 0,
                realtimeTimeSecs: 0, delaySeconds: trip.3, isRealtime: trip.0 != "T9", isCancelled: trip.4)
            departure.alertIDs = trip.0 == "T1" ? ["works"] : []
            return DepartureRow(
                ResolvedDeparture(
                    departure: departure, serviceDay: CivilDate(year: 2026, month: 11, day: 23),
                    scheduledInstant: instant, instant: instant), now: now, zone: sydney)
        }
        let works = ServiceAlert(
            id: "works", header: "No T1 trains between Blacktown and Emu Plains",
            description: "Buses replace trains.", effect: .noService, severity: .severe,
            scopes: [AlertScope(route: "T1")])
        return BoardState(
            boardName: "Central Station", now: now, status: .ok, message: nil, updated: now, rows: rows,
            alerts: [works], zone: sydney)
    }

    static func renderer(_ path: String) throws -> BoardRenderer {
        let board = try BoardFileLoader(zoneExists: { _ in true }).load(path: Repository.root + "/" + path)
        return BoardRenderer(options: try LayoutAssembly.options(for: board))
    }

    /// Characters a headsign shows at once, the ellipsis not counted; a scrolling one's only
    /// while one copy is in view (two copies are noted as one record).
    static func visible(_ text: LayoutText) -> Int {
        guard !text.scrolls || text.text.contains(text.shown) else { return 0 }
        return text.shown.filter { $0 != "\u{2026}" }.count
    }

    @Test func theShippedLEDBoardsAreTheFiveExpected() {
        #expect(
            Self.boards == [
                "Boards/ht16k33-led.yaml", "Boards/hub75-128x32.yaml", "Boards/hub75-128x64.yaml",
                "Boards/hub75-64x32.yaml", "Boards/max7219-led.yaml",
            ])
    }

    @Test(arguments: boards)
    func everyRowShowsRouteCountdownAndEightHeadsignCharacters(path: String) throws {
        let renderer = try Self.renderer(path)
        let options = renderer.options
        guard options.style == .rows else { return }
        let state = Self.state()
        var problems: [String] = []
        var rowsPerPage: [Int] = []
        for page in 0..<renderer.pageCount(for: state) {
            let start = options.pageInterval * page
            let report = renderer.layout(state, elapsed: start)
            let routes = report.texts.filter { $0.role == .route }
            guard !routes.isEmpty else { continue }  // an alert page
            rowsPerPage.append(routes.count)
            for text in report.texts where [.route, .countdown].contains(text.role) && text.shown != text.text {
                problems.append("page \(page): \(text.role) '\(text.text)' shows '\(text.shown)'")
            }
            for text in report.texts where text.role == .headsign && text.shown != text.text {
                // A scrolling headsign at its best moment of the page: sample a few frames.
                var best = Self.visible(text)
                if text.scrolls {
                    for tick in 1...16 {
                        let later = renderer.layout(state, elapsed: start + .milliseconds(125 * tick))
                        best = later.texts.filter { $0.role == .headsign && $0.y == text.y }.map(Self.visible).reduce(best, max)
                    }
                }
                if best < 8 { problems.append("page \(page): headsign '\(text.text)' shows \(best) characters ('\(text.shown)')") }
            }
            for text in report.texts where !text.shown.isEmpty && text.fg.relativeLuminance <= text.bg.relativeLuminance {
                problems.append("page \(page): \(text.role) '\(text.shown)' is dark (\(text.fg.hex)) on lit \(text.bg.hex)")
            }
        }
        #expect(problems.isEmpty, "\(path): \(problems.joined(separator: "; "))")
        #expect(rowsPerPage.reduce(0, +) == state.rows.count, "\(path): every row is on a page")
        if options.logicalSize.height >= 32 {
            #expect(rowsPerPage.dropLast().allSatisfy { $0 >= 3 }, "\(path): rows a page \(rowsPerPage)")
        }
    }

    @Test(arguments: boards)
    func aTickerShowsEightCharactersAtOnceWherePixelsAllow(path: String) throws {
        let renderer = try Self.renderer(path)
        guard renderer.options.style == .ticker else { return }
        let shown = renderer.layout(Self.state(), elapsed: .zero).texts.filter { $0.role == .ticker }.map(\.shown.count).max() ?? 0
        if Self.tooNarrowForEight.contains(path) {
            #expect(shown < 8, "\(path) holds \(shown) characters: take it off the list of panels too narrow")
        } else {
            #expect(shown >= 8, "\(path): the ticker shows \(shown) characters at once")
        }
    }
}
