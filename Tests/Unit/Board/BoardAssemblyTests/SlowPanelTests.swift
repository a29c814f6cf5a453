import BoardAssembly
import BoardBench
import BoardConfig
import BoardRender
import DeparturesCore
import PanelCatalog
import Testing
import ZoneInfo

/// Boards on panels whose refresh takes seconds: times instead of countdowns, no clock, and
/// `validate` naming every key that would refresh the panel more often than it can.
struct SlowPanelTests {
    static func board(_ output: String, display: String = "", page: String = "2m", path: String = "slow.yaml") throws -> BoardFile {
        try BoardFileLoader(zoneExists: { _ in true }).parse(
            """
            name: Central Station
            source: {kind: demo}
            display:
              width: 800
              height: 480
              format: bwr
              page_interval: \(page)
            \(display)
            output:
              driver: uc8179
            \(output)
            """, path: path)
    }

    static func warnings(_ board: BoardFile) throws -> [String] {
        LayoutAssembly.warnings(for: board, renderer: BoardRenderer(options: try LayoutAssembly.options(for: board)))
    }

    static func state(cancelled: Bool = false, scheduledFirst: Bool = false) -> BoardState {
        let zone = ShippedBoardContrastTests.sydney
        let now = Repository.now
        let rows = (0..<3).map { index in
            let instant = now.addingTimeInterval(Double(300 + index * 420))
            let departure = Departure(
                tripID: "t\(index)", routeShortName: "T\(index + 1)", headsign: "Emu Plains",
                scheduledTimeSecs: 0, realtimeTimeSecs: 0, delaySeconds: index == 1 ? 120 : 0,
                isRealtime: !(scheduledFirst && index == 0), isCancelled: cancelled && index == 2)
            return DepartureRow(
                ResolvedDeparture(
                    departure: departure, serviceDay: CivilDate(year: 2026, month: 11, day: 23),
                    scheduledInstant: instant, instant: instant), now: now, zone: zone)
        }
        return BoardState(boardName: "Central Station", now: now, status: .ok, message: nil, updated: now, rows: rows, zone: zone)
    }

    static func texts(_ board: BoardFile, _ state: BoardState) throws -> [(role: String, shown: String)] {
        let renderer = BoardRenderer(options: try LayoutAssembly.options(for: board))
        return renderer.layout(state, elapsed: .zero).texts.map { ($0.role.rawValue, $0.shown) }.filter { !$0.shown.isEmpty }
    }

    @Test func thePanelTableKnowsEachPanelsRefreshes() {
        let bwr = PanelFacts.of(.uc8179).refreshTimes(red: true)
        #expect(bwr == RefreshTimes(full: .seconds(16), partial: nil))
        #expect(bwr?.isSlow == true)
        #expect(PanelFacts.of(.uc8179).refreshTimes(red: false) == RefreshTimes(full: .seconds(5), partial: .milliseconds(500)))
        #expect(PanelFacts.of(.uc8179).refreshTimes(red: false)?.isSlow == false, "partial refreshes take half a second")
        #expect(PanelFacts.of(.ssd1680).refreshTimes(red: false)?.isSlow == false)
        #expect(PanelFacts.of(.ssd1306).refreshTimes(red: false) == nil, "an OLED shows a frame at once")
    }

    @Test func aSlowPanelShowsDepartureTimesWithoutAClock() throws {
        let board = try Self.board("  colors: bwr\n  min_refresh_interval: 30s")
        let options = try LayoutAssembly.options(for: board)
        #expect(!options.columns.contains(.countdown))
        #expect(options.columns.contains(.time))
        #expect(!options.clock)
        let texts = try Self.texts(board, Self.state())
        #expect(texts.filter { $0.role == "time" }.map(\.shown) == ["09:35", "09:42", "09:49"])
        #expect(!texts.contains { $0.role == "countdown" || $0.role == "clock" }, "\(texts)")
        #expect(texts.contains { $0.role == "delay" && $0.shown == "+2 min" }, "a delay is still told")
        let warnings = try Self.warnings(board)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func aTimetableOnlyTimeCarriesItsMarkWithoutTheCountdownColumn() throws {
        let board = try Self.board("  colors: bwr\n  min_refresh_interval: 30s")
        let texts = try Self.texts(board, Self.state(scheduledFirst: true))
        #expect(texts.filter { $0.role == "time" }.map(\.shown) == ["~09:35", "09:42", "09:49"])
    }

    @Test func aCancellationIsToldWithoutTheCountdownColumn() throws {
        let board = try Self.board("  colors: bwr\n  min_refresh_interval: 30s")
        let texts = try Self.texts(board, Self.state(cancelled: true))
        #expect(texts.filter { $0.role == "countdown" }.map(\.shown) == ["Cancelled"])
        #expect(texts.filter { $0.role == "time" }.count == 3)
    }

    @Test func theBlackWhitePanelWithPartialRefreshKeepsCountdownsAndClock() throws {
        let board = try Self.board("  colors: bw")
        let options = try LayoutAssembly.options(for: board)
        #expect(options.columns.contains(.countdown))
        #expect(options.clock)
    }

    @Test func countdownsAndAClockAskedForOnASlowPanelAreWarnedAbout() throws {
        let board = try Self.board(
            "  colors: bwr\n  min_refresh_interval: 30s",
            display: "  clock: true\n  columns: [route, headsign, delay, countdown, time]")
        let options = try LayoutAssembly.options(for: board)
        #expect(options.columns.contains(.countdown) && options.clock, "asked for, so shown")
        #expect(
            try Self.warnings(board) == [
                "slow.yaml:9:12: display.columns: the countdown changes every minute and each change is a 16 s full refresh "
                    + "(uc8179, colors: bwr has no partial refresh): about 60 refreshes an hour; leave countdown out of "
                    + "display.columns to show departure times, which change only when a departure is late or leaves",
                "slow.yaml:8:10: display.clock: the header clock changes every minute and each change is a 16 s full refresh "
                    + "(uc8179, colors: bwr has no partial refresh): about 60 refreshes an hour; set clock: false",
            ])
    }

    @Test func intervalsShorterThanTheRefreshAreWarnedAboutWithTheirFigures() throws {
        let board = try Self.board("  colors: bwr", display: "  overflow: scroll")
        let warnings = try Self.warnings(board)
        #expect(
            warnings.contains(
                "slow.yaml: output.min_refresh_interval: 10s (the default) is shorter than the panel's own refresh, "
                    + "16 s: it would spend more time refreshing than showing departures; set 16s or more"), "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("slow.yaml:8:13: display.overflow: scrolling text moves") }, "\(warnings)")
        let paging = try Self.board("  colors: bwr\n  min_refresh_interval: 1m", display: "  rows: 4", page: "1m")
        #expect(
            try Self.warnings(paging) == [
                "slow.yaml:7:18: display.page_interval: 1m is shorter than a page turn can be on this panel: a 16 s full refresh "
                    + "(uc8179, colors: bwr has no partial refresh), then min_refresh_interval 1m, 76 s in all; set 76s or more"
            ])
    }

    @Test(arguments: Repository.boards)
    func noShippedBoardRefreshesItsPanelFasterThanItCan(path: String) throws {
        let board = try BoardFileLoader(zoneExists: { _ in true }).load(path: Repository.root + "/" + path)
        let renderer = BoardRenderer(options: try LayoutAssembly.options(for: board))
        #expect(SlowPanelRules.warnings(for: board, hasHeader: renderer.options.header, scrolls: false).isEmpty)
    }

    /// The hour `bench` reports: on the demo's busy stop (a departure leaves every minute or
    /// two) the black/white/red board refreshes when its rows change and its interval allows,
    /// where countdowns and a clock refreshed it at every interval.
    @MainActor
    @Test func anHourOfTheBlackWhiteRedBoardRefreshesOnlyWhenItsRowsChange() async throws {
        let shipped = try await RefreshBench.hour(of: Repository.root + "/Boards/epaper-7in5-bwr.yaml")
        #expect(shipped.partial == 0, "the black/white/red panel has no partial refresh")
        #expect(shipped.full >= 1 && shipped.full <= 31, "departures leave, at most one refresh every 2 minutes: \(shipped.full)")
        let scratch = try Scratch()
        func board(_ name: String, display: String) throws -> String {
            try scratch.write(
                name,
                """
                name: Central Station
                source: {kind: demo, refresh_interval: 60s}
                departures: {limit: 11}
                display:
                  width: 800
                  height: 480
                  format: bwr
                  font: \(Repository.root)/Fonts/board-8x16.bdf
                  font_scale: 2
                  page_interval: 5m
                \(display)
                output: {driver: uc8179, colors: bwr, min_refresh_interval: 30s}
                """)
        }
        let counting = try await RefreshBench.hour(
            of: try board(
                "counting.yaml",
                display: "  clock: true\n  columns: [route, headsign, delay, countdown, time]"))
        let times = try await RefreshBench.hour(of: try board("times.yaml", display: ""))
        #expect(counting.full >= 100, "countdowns and a clock change within every 30 s: \(counting.full)")
        #expect(counting.full <= 121, "never more often than min_refresh_interval allows: \(counting.full)")
        // Here a departure leaves about every minute; times refresh for those alone.
        #expect(times.full * 3 < counting.full * 2, "times \(times.full), countdowns \(counting.full)")
    }
}
