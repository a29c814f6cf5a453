import DeparturesCore
import Framebuffer

/// One line that scrolls right to left, for LED matrices only a character tall:
/// `T1 Emu Plains +2 5 min · T4 Cronulla 9 min · …`.
struct TickerLayout {
    let options: LayoutOptions

    func text(for state: BoardState) -> String {
        if let placeholder = state.placeholder, state.status != .empty || state.toldAlerts.isEmpty { return placeholder }
        let shown = options.columns
        let toLeaving = options.countdown == .leave
        let failing = state.failingSources
        var items = state.placeholder.map { [$0] } ?? []
        items += state.rows.map { row -> String in
            var parts: [String] = []
            if shown.contains(.source), let label = row.place.label {
                parts.append(label + (failing.contains(row.place.index) ? Columns.failingMark : "") + ":")
            }
            if !row.alertIDs.isEmpty { parts.append(RowsLayout.alertMark) }
            if shown.contains(.route) { parts.append(row.route) }
            if shown.contains(.headsign) { parts.append(row.headsign) }
            // Text has no pictures: the word, where it changes what a rider does.
            if shown.contains(.crowding), let level = Columns.crowdingLevel(row), level.load >= 3 { parts.append(level.words) }
            if shown.contains(.platform), let platform = Columns.platform(row) { parts.append(platform) }
            // The same texts the row layout uses: short delay (`+2`), `~` for timetable-only.
            if shown.contains(.delay), let delay = Columns.delay(row, short: true) { parts.append(delay) }
            if shown.contains(.countdown) { parts.append(Columns.countdown(row, short: false, toLeaving: toLeaving)) }
            // Leave-by is always read beside the departure's own time.
            if shown.contains(.time) && (!shown.contains(.countdown) || toLeaving) { parts.append(row.time) }
            if shown.contains(.leave), !toLeaving, let leave = Columns.leave(row, short: false) { parts.append("(" + leave + ")") }
            return parts.joined(separator: " ")
        }
        if state.status == .stale, let message = state.message { items.append(message) }
        items += state.failingWithoutRows.map(BoardState.failingLine)
        // As the row layout's bottom line: alerts that stop riders, else a source's notice.
        let told = state.toldAlerts
        if state.status == .ok || state.status == .empty, !told.isEmpty, options.alerts != .off {
            items += told.map { RowsLayout.alertMark + " " + $0.header }
        } else if let notice = state.shownNotice {
            items.append(notice)
        }
        return items.joined(separator: " · ")
    }

    func draw(_ state: BoardState, elapsed: Duration, on canvas: inout Canvas) {
        let width = options.font.width(of: text(for: state))
        // Starts readable at the left edge, scrolls out to the left and comes back in from
        // the right after a panel's width of blank, so a still frame is never empty.
        let cycle = width + options.logicalSize.width
        draw(state, offset: Scrolling.offset(elapsed: elapsed, speed: options.scrollSpeed, cycle: cycle), on: &canvas)
    }

    /// The frame `offset` pixels into the scroll.
    func draw(_ state: BoardState, offset: Int, on canvas: inout Canvas) {
        let font = options.font
        let size = options.logicalSize
        let text = text(for: state)
        let baseline = max(font.ascent, (size.height - font.lineHeight) / 2 + font.ascent)
        let color: LogicalColor = state.status == .error ? .error : .text
        let width = font.width(of: text)
        guard width > size.width else {
            canvas.draw(text, font: font, x: 0, baseline: baseline, color, role: .ticker)
            return
        }
        let cycle = width + size.width
        canvas.isScrolling = true
        canvas.draw(text, font: font, x: -offset, baseline: baseline, color, role: .ticker, scrolls: true)
        canvas.draw(text, font: font, x: cycle - offset, baseline: baseline, color, role: .ticker, scrolls: true)
    }

    /// How many panel-wide frames the whole message takes.
    func frameCount(_ state: BoardState) -> Int {
        let width = options.font.width(of: text(for: state)), panel = options.logicalSize.width
        return max(1, (width + panel - 1) / panel)
    }
}
