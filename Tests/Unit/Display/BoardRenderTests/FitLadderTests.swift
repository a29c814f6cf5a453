@testable import BoardRender
import DeparturesCore
import Framebuffer
import Testing

/// The fit ladder, step by step, read from the layout JSON: what a narrow row gives up first.
struct FitLadderTests {
    let small = Scene.font("board-5x7")

    func report(
        _ width: Int, _ rows: [DepartureRow], format: PixelFormat = .rgb888, ledMatrix: Bool = false,
        overflow: LayoutOptions.Overflow = .ellipsis, abbreviations: [String: String] = [:],
        font: (any Font)? = nil
    ) -> LayoutReport {
        let options = LayoutOptions(
            width: width, height: 32, format: format, font: font ?? small, header: false,
            overflow: overflow, pageInterval: .seconds(8),
            palette: Palette(format: format, ledMatrix: ledMatrix), abbreviations: abbreviations)
        return BoardRenderer(options: options).layout(Scene.state(.ok, rows: rows), elapsed: .zero)
    }

    func texts(_ report: LayoutReport, _ role: TextRole) -> [LayoutText] { report.texts.filter { $0.role == role } }

    @Test func viaIsDroppedWhileTheTimeStays() {
        // 135 px: "Hornsby via Strathfield" cut leaves under 8 characters; "Hornsby" fits whole beside the time.
        let report = report(135, [Scene.row("g", "T9", "Hornsby via Strathfield", minutes: 9)])
        #expect(texts(report, .headsign).map(\.text) == ["Hornsby"])
        #expect(texts(report, .headsign).map(\.shown) == ["Hornsby"])
        #expect(texts(report, .time).count == 1, "the time goes only after via")
        // Where it fits whole the headsign keeps its via.
        let wide = self.report(260, [Scene.row("g", "T9", "Hornsby via Strathfield", minutes: 9)])
        #expect(texts(wide, .headsign).map(\.text) == ["Hornsby via Strathfield"])
    }

    @Test func abbreviationsApplyBeforeTheTimeGoes() {
        let rows = [Scene.row("s", "T9", "Oak Street", minutes: 9)]
        let shortened = report(135, rows, abbreviations: ["Street": "St"])
        #expect(texts(shortened, .headsign).map(\.shown) == ["Oak St"])
        #expect(texts(shortened, .time).count == 1)
        // Without the board's abbreviation the same row gives up its time column instead.
        let plain = report(135, rows)
        #expect(texts(plain, .time).isEmpty)
        #expect(texts(plain, .headsign).map(\.shown) == ["Oak Street"])
    }

    @Test func abbreviationsAreWholeWordsInAnyCase() {
        let table = ["Station": "Stn", "Street": "St"]
        #expect(HeadsignShortening.abbreviating("Stationery Street Station", table) == "Stationery St Stn")
        #expect(HeadsignShortening.abbreviating("CENTRAL STATION", table) == "CENTRAL Stn")
        #expect(HeadsignShortening.abbreviating("Station-Street", table) == "Stn-St")
        #expect(HeadsignShortening.abbreviating("Streets", table) == "Streets")
        #expect(HeadsignShortening.abbreviating("Main Street", ["Main Street": "Main", "Street": "St"]) == "Main")
    }

    @Test func viaGoesInAnyCaseButNotAtTheStart() {
        #expect(HeadsignShortening.droppingVia("Hornsby VIA Strathfield") == "Hornsby")
        #expect(HeadsignShortening.droppingVia("Via Roma") == "Via Roma")
        #expect(HeadsignShortening.droppingVia("Viaduct Road") == "Viaduct Road")
        #expect(HeadsignShortening.droppingVia("Olivia Park") == "Olivia Park")
    }

    @Test func theTimeGoesBeforeAHeadsignScrolls() {
        let rows = [Scene.row("b", "T4", "Cronulla Beach", minutes: 5)]
        // 150 px: beside the time the headsign would scroll; without it, it fits whole.
        let report = report(150, rows, overflow: .scroll)
        #expect(texts(report, .time).isEmpty)
        #expect(texts(report, .headsign).map { "\($0.shown) \($0.scrolls)" } == ["Cronulla Beach false"])
        // 130 px: even without the time it does not fit, and scrolls with 12 characters in view.
        let narrow = self.report(130, rows, overflow: .scroll)
        #expect(texts(narrow, .time).isEmpty)
        #expect(texts(narrow, .headsign).allSatisfy { $0.scrolls && $0.shown.count >= 8 })
        // 200 px: it fits whole beside the time.
        let roomy = self.report(200, rows, overflow: .scroll)
        #expect(texts(roomy, .time).count == 1)
        #expect(texts(roomy, .headsign).map { "\($0.shown) \($0.scrolls)" } == ["Cronulla Beach false"])
    }

    @Test func onLEDsTheDelayIsLitTextAndNeverCutOutOfABox() {
        var cancelled = Scene.row("x", "T1", "Emu Plains", minutes: 4)
        cancelled.isCancelled = true
        let rows = [Scene.row("a", "T1", "Emu Plains", minutes: 2, minutesLate: 2), cancelled]
        let report = report(256, rows, ledMatrix: true)
        let orange = RGB(255, 140, 0), black = RGB(0, 0, 0)
        #expect(texts(report, .delay).map(\.shown) == ["+2 min"])
        #expect(texts(report, .delay).allSatisfy { $0.fg == orange && $0.bg == black })
        #expect(texts(report, .countdown).last.map { $0.fg == orange && $0.bg == black } == true, "cancelled, lit")
        for text in report.texts where !text.shown.isEmpty {
            #expect(text.fg.relativeLuminance > text.bg.relativeLuminance, "\(text.role) '\(text.shown)' is darker than what it stands on")
        }
        // Other panels keep the delay's box.
        let box = texts(self.report(256, rows), .delay)
        #expect(box.map { $0.bg } == [orange])
    }

    @Test func aNarrowRowFoldsTheDelayIntoTheCountdownsColour() {
        let rows = [Scene.row("a", "T1", "Emu Plains", minutes: 2, minutesLate: 2), Scene.row("b", "T4", "Cronulla", minutes: 5)]
        // 152 px: beside `+2` "Emu Plains" is cut; folded, it fits whole beside the time.
        let report = report(152, rows)
        #expect(texts(report, .delay).isEmpty, "the +2 goes")
        let countdowns = texts(report, .countdown)
        #expect(countdowns.map(\.fg) == [RGB(255, 140, 0), RGB(255, 255, 255)], "late in the delay colour, on time in white")
        #expect(texts(report, .time).count == 2, "folding comes before the time goes")
        // Mono has no delay colour: the late countdown sits in the delay's box (2 px wider: 154 px).
        let mono = self.report(154, rows, format: .mono)
        #expect(texts(mono, .countdown).map { $0.bg } == [RGB(255, 255, 255), RGB(0, 0, 0)])
        #expect(texts(mono, .delay).isEmpty && texts(mono, .time).count == 2)
        // A row whose headsign fits whole beside its delay keeps it: only the row that needs it folds.
        let mixed = self.report(
            152,
            [
                Scene.row("a", "T1", "Emu Plains", minutes: 2, minutesLate: 2),
                Scene.row("b", "T4", "Bondi", minutes: 5, minutesLate: 1),
            ])
        #expect(texts(mixed, .delay).map(\.shown) == ["+1"])
        #expect(texts(mixed, .countdown).map(\.fg) == [RGB(255, 140, 0), RGB(255, 255, 255)])
    }

    @Test func anAlertMarkMovesIntoTheBadgeWhenTheHeadsignNeedsTheRoom() {
        var row = Scene.row("a", "333", "Bondi Beach", minutes: 14)
        row.alertIDs = ["works"]
        let tiny = Scene.font("board-4x6")
        let narrow = report(64, [row], ledMatrix: true, overflow: .scroll, font: tiny)
        #expect(texts(narrow, .alert).isEmpty)
        #expect(texts(narrow, .headsign).allSatisfy { $0.shown.count >= 8 })
        #expect(texts(narrow, .route).map(\.shown) == ["333"])
        #expect(texts(narrow, .countdown).map(\.shown) == ["14m"])
        let wide = report(256, [row], ledMatrix: true, font: tiny)
        #expect(texts(wide, .alert).map(\.shown) == ["!"])
    }
}
