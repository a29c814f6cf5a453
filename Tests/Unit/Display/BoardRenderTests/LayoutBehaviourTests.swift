import BoardRender
import DeparturesCore
import Framebuffer
import Testing

struct LayoutBehaviourTests {
    let small = Scene.font("board-5x7")
    let medium = Scene.font("board-6x12")

    @Test func morePagesThanRowsRotateWithTime() {
        let renderer = BoardRenderer(options: Scene.options(128, 32, .mono, font: small))
        let state = Scene.state(.ok)
        #expect(renderer.pageCount(for: state) == 3, "8 rows, 3 per page")
        let frames = [0, 8, 16, 24].map { renderer.render(state, elapsed: .seconds($0)) }
        #expect(frames[0] != frames[1])
        #expect(frames[1] != frames[2])
        #expect(frames[3] == frames[0], "after the last page the first comes back")
        #expect(renderer.render(state, elapsed: .seconds(7)) == frames[0], "a page stays for the whole interval")
    }

    @Test func aLongHeadsignNeverSpillsIntoTheOtherColumns() throws {
        let renderer = BoardRenderer(options: Scene.options(256, 64, .gray4, font: medium))
        // Two headsigns too long for any step of the ladder: the same columns, different text.
        let long = Scene.state(
            .ok, rows: [Scene.row("x", "T8", String(repeating: "Macarthur Airport ", count: 5), minutes: 7, minutesLate: 3)])
        let other = Scene.state(.ok, rows: [Scene.row("x", "T8", String(repeating: "Wolli Creek ", count: 8), minutes: 7, minutesLate: 3)])
        let a = renderer.render(long), b = renderer.render(other)
        // The countdown (in the delay's box: the delay folded) is the leftmost column; the headsign ends before it.
        let report = renderer.layout(long)
        let right = try #require(report.texts.filter { [.countdown, .delay, .time].contains($0.role) }.map(\.x).min())
        let headsign = try #require(report.texts.first { $0.role == .headsign })
        #expect(headsign.x + headsign.width <= right)
        for y in 0..<64 {
            for x in right..<256 where a[x, y] != b[x, y] {
                Issue.record("pixel \(x),\(y) differs: the headsign reached the delay, countdown or time")
                return
            }
        }
        #expect(a != b, "the headsign itself is drawn")
    }

    @Test func overflowScrollMovesAndEllipsisStaysStill() {
        let rows = [Scene.row("x", "T8", "Macarthur, Airport, Wolli Creek and Sydenham", minutes: 7)]
        let scrolling = BoardRenderer(options: Scene.options(128, 32, .mono, font: small, overflow: .scroll))
        let still = BoardRenderer(options: Scene.options(128, 32, .mono, font: small, overflow: .ellipsis))
        let state = Scene.state(.ok, rows: rows)
        #expect(scrolling.render(state, elapsed: .zero) != scrolling.render(state, elapsed: .seconds(1)))
        #expect(still.render(state, elapsed: .zero) == still.render(state, elapsed: .seconds(1)))
    }

    @Test func tickerScrollsAndWrapsRound() {
        // 1000 px/s: one pixel per millisecond, so the cycle in pixels is the cycle in ms.
        let renderer = BoardRenderer(options: Scene.options(32, 8, .mono, font: small, scrollSpeed: 1000))
        let state = Scene.state(.ok, rows: Array(Scene.rows.prefix(2)))
        let start = renderer.render(state, elapsed: .zero)
        #expect(start != renderer.render(state, elapsed: .milliseconds(10)))
        // The text starts at the left edge, leaves left and comes back from the right: a cycle
        // is its width plus the panel's.
        let cycle = small.width(of: "T1 Emu Plains +2 2 min · T4 Cronulla 5 min") + 32
        #expect(renderer.render(state, elapsed: .milliseconds(cycle)) == start)
        #expect(renderer.render(state, elapsed: .milliseconds(cycle + 10)) == renderer.render(state, elapsed: .milliseconds(10)))
    }

    @Test(arguments: [90, 180, 270])
    func rotationTurnsTheUprightFrame(degrees: Int) {
        let upright = BoardRenderer(options: Scene.options(128, 64, .mono, font: small)).render(Scene.state(.ok))
        let turnedOptions = Scene.options(degrees == 180 ? 128 : 64, degrees == 180 ? 64 : 128, .mono, font: small, rotation: degrees)
        let turned = BoardRenderer(options: turnedOptions).render(Scene.state(.ok))
        #expect(turned.width == (degrees == 180 ? 128 : 64))
        var mismatches = 0
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                let (tx, ty): (Int, Int)
                switch degrees {
                case 90: (tx, ty) = (upright.height - 1 - y, x)
                case 180: (tx, ty) = (upright.width - 1 - x, upright.height - 1 - y)
                default: (tx, ty) = (y, upright.width - 1 - x)
                }
                if turned[tx, ty] != upright[x, y] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func everyStateScreenDiffers() {
        let renderer = BoardRenderer(options: Scene.options(256, 64, .gray4, font: medium))
        let frames = [
            renderer.render(Scene.state(.loading, rows: [])), renderer.render(Scene.state(.empty, rows: [])),
            renderer.render(Scene.state(.error, rows: [], message: "No internet connection")),
            renderer.render(Scene.state(.ok)), renderer.render(Scene.state(.stale, message: "No internet connection")),
        ]
        #expect(Set(frames.map(\.bytes)).count == frames.count)
    }

    @Test func damageCoversOnlyWhatChanged() {
        var sequence = FrameSequence(renderer: BoardRenderer(options: Scene.options(256, 64, .gray4, font: medium)))
        let first = sequence.next(Scene.state(.ok), elapsed: .zero)
        #expect(first.damage == [Rect(x: 0, y: 0, width: 256, height: 64)])
        #expect(sequence.next(Scene.state(.ok), elapsed: .zero).damage.isEmpty)
        var changed = Scene.rows
        changed[0].minutes = 1
        let second = sequence.next(Scene.state(.ok, rows: changed), elapsed: .zero)
        #expect(!second.damage.isEmpty)
        #expect(Damage.area(second.damage) < 256 * 64 / 8, "one countdown, not the board")
    }

    @Test func palettesKeepEveryElementVisible() {
        let mono = Palette(format: .mono)
        #expect(mono.value(.delay) == PixelValue(1) && mono.value(.delayText) == PixelValue(0), "inverted box on mono")
        #expect(mono.value(.badge(RGB(0, 0, 80))) == PixelValue(1) && mono.value(.badgeText(RGB(0, 0, 80))) == PixelValue(0))
        let gray = Palette(format: .gray4)
        #expect(gray.value(.delay) == PixelValue(15) && gray.value(.delayText) == PixelValue(0), "bright box on gray4")
        #expect(gray.value(.badge(RGB(0, 0, 40))).raw >= 6, "a dark route colour still shows as a box")
        let colour = Palette(format: .rgb888)
        #expect(colour.value(.delay) == PixelFormat.rgb888.value(for: RGB(255, 140, 0)), "the seeds' orange")
        #expect(colour.value(.badge(colour.routeColor("X"))) == PixelFormat.rgb888.value(for: RGB(10, 100, 200)), "blue by default")
        #expect(colour.value(.badgeText(RGB(0xf9, 0x9d, 0x1c))) == PixelFormat.rgb888.value(for: RGB(0, 0, 0)), "dark text on orange")
        let paper = Palette(format: .bwr)
        #expect(paper.value(.delay) == PixelValue(2) && paper.value(.background) == PixelValue(0), "red delay on white paper")
        let blackWhitePaper = Palette(format: .bwr, redInk: false)
        #expect(
            blackWhitePaper.value(.delay) == PixelValue(1) && blackWhitePaper.value(.delayText) == PixelValue(0),
            "a black/white panel gets a black delay box with white text")
    }

    @Test func narrowPanelsDropTheTimeColumnBeforeTheHeadsign() {
        // On 128 px the time column would leave the headsign under a third of the width.
        let narrow = BoardRenderer(options: Scene.options(128, 32, .mono, font: small)).render(Scene.state(.ok, rows: [Scene.rows[1]]))
        let wide = BoardRenderer(options: Scene.options(256, 32, .mono, font: small)).render(Scene.state(.ok, rows: [Scene.rows[1]]))
        // "09:35" in the wide render ends at the right margin; the narrow one ends with "5 min".
        let lit = { (frame: Framebuffer) in (0..<frame.height).contains { y in frame[frame.width - 3, y] == PixelValue(1) } }
        #expect(lit(narrow) && lit(wide))
        #expect(narrow != wide)
    }
}

struct DefaultFontTests {
    @Test(
        arguments: [
            (32, 8, "board-5x7", 1), (128, 32, "board-5x7", 1), (256, 64, "board-6x12", 1), (250, 122, "board-6x12", 1),
            (480, 320, "board-6x12", 2), (800, 480, "board-6x12", 3), (1920, 1080, "board-8x16", 6),
        ] as [(Int, Int, String, Int)])
    func fitsTheDisplay(width: Int, height: Int, name: String, scale: Int) {
        let chosen = LayoutOptions.defaultFont(logicalWidth: width, logicalHeight: height)
        #expect(chosen.name == name)
        #expect(chosen.scale == scale)
    }
}

struct ColumnChoiceTests {
    @Test func leftOutColumnsAreNotDrawn() {
        let font = Scene.font("board-6x12")
        let badge = RGB(0x12, 0x34, 0x56)
        func render(_ columns: Set<LayoutOptions.Column>) -> Framebuffer {
            let options = LayoutOptions(
                width: 256, height: 64, format: .rgb888, font: font, columns: columns, pageInterval: .seconds(8),
                palette: Palette(format: .rgb888, routeColors: ["T1": badge, "T4": badge, "T8": badge]))
            return BoardRenderer(options: options).render(Scene.state(.ok))
        }
        func count(_ frame: Framebuffer, _ color: RGB) -> Int {
            var total = 0
            for y in 0..<frame.height { for x in 0..<frame.width where frame.rgb(x: x, y: y) == color { total += 1 } }
            return total
        }
        let orange = RGB(255, 140, 0)
        let all = render(Set(LayoutOptions.Column.allCases))
        #expect(count(all, badge) > 0 && count(all, orange) > 0)
        let noRouteNoDelay = render([.headsign, .countdown, .time])
        #expect(count(noRouteNoDelay, badge) == 0, "no badges")
        #expect(count(noRouteNoDelay, orange) == 0, "no delay boxes")
        #expect(render([.route, .headsign]) != render([.route, .headsign, .countdown]))
    }
}

/// A source's notice (a service alert) takes the bottom line beside fresh rows.
struct NoticeLayoutTests {
    let small = Scene.font("board-5x7")

    @Test func aNoticeTakesTheBottomLineAndLeavesTheRowsAbove() {
        let renderer = BoardRenderer(options: Scene.options(128, 64, .mono, font: small))
        let plain = Scene.state(.ok)
        var noticed = plain
        noticed.notice = "T1: trackwork between Hornsby and Berowra, buses replace trains"
        #expect(renderer.pageCount(for: noticed) > renderer.pageCount(for: plain), "one row fewer per page")
        let a = renderer.render(plain), b = renderer.render(noticed)
        // The status line takes the place of the last row: the bottom 9 px (one 5x7 row
        // and its gap). Rows above may change width with the page's content; the board's
        // name in the header does not.
        var differsBelow = false, differsInName = false
        for y in 0..<64 {
            for x in 0..<128 where a[x, y] != b[x, y] {
                if y >= 55 { differsBelow = true }
                if y < 8 && x < 64 { differsInName = true }
            }
        }
        #expect(differsBelow, "the notice is drawn in the bottom line")
        #expect(!differsInName, "the header's name is untouched")
        #expect(
            renderer.render(noticed, elapsed: .zero) == renderer.render(noticed, elapsed: .seconds(1)),
            "a notice is cut to fit, never scrolled")
    }

    @Test func aNoticeJoinsTheTickerAndOnlyFreshBoardsShowIt() {
        let renderer = BoardRenderer(options: Scene.options(32, 8, .mono, font: small))
        var state = Scene.state(.ok, rows: Array(Scene.rows.prefix(1)))
        let moments = stride(from: 0, to: 30_000, by: 250).map { Duration.milliseconds($0) }
        let plain = moments.map { renderer.render(state, elapsed: $0) }
        state.notice = "Lifts out of order at Central"
        #expect(moments.map { renderer.render(state, elapsed: $0) } != plain, "the notice scrolls by in the ticker")
        var stale = Scene.state(.stale, message: "No internet connection")
        let staleFrame = renderer.render(stale)
        stale.notice = "ignored while stale"
        #expect(renderer.render(stale) == staleFrame)
    }
}
