import DeparturesCore
import Framebuffer

/// The row layout: header (board name, clock), one departure per row — route badge,
/// headsign, delay box, countdown, departure time — and a status line while stale or while
/// the source has a notice (a service alert).
/// More departures than rows become pages that rotate every `pageInterval`.
struct RowsLayout {
    let options: LayoutOptions
    let size: (width: Int, height: Int)

    init(options: LayoutOptions) {
        self.options = options
        self.size = options.logicalSize
    }

    var font: any Font { options.font }
    var lineHeight: Int { font.lineHeight }
    /// Space between rows and around columns, growing with the font so large boards breathe.
    var gap: Int { max(1, lineHeight / 6) }
    var rowHeight: Int { lineHeight + gap }
    /// Space between the right-hand columns: at least a space character, so "5 min" and
    /// "09:35" never read as one word.
    var columnSpace: Int { max(2 * gap, font.width(of: " ")) }
    /// Between a badge or delay box and the headsign: with small fonts one pixel made the
    /// text touch the box and read as part of it.
    var badgeSpace: Int { max(2, gap) }

    /// The header shows only when at least two departure rows still fit under it.
    var headerHeight: Int {
        let height = lineHeight + gap + 1
        guard options.header, rowsFitting(size.height - height) >= 2 else { return 0 }
        return height
    }

    /// Rows that fit in `height`: the last row needs no gap below it.
    func rowsFitting(_ height: Int) -> Int {
        max(0, (height + gap) / rowHeight)
    }

    func rowsPerPage(statusLine: Bool) -> Int {
        let fit = max(1, rowsFitting(size.height - headerHeight - (statusLine ? rowHeight : 0)))
        return min(options.rows ?? fit, fit)
    }

    /// The bottom line is taken while stale (the error), else by alerts told as a line, else
    /// by a source failing with no rows left, else by a notice from a source that has no alerts.
    func hasStatusLine(_ state: BoardState) -> Bool {
        bottomLine(state) != nil
    }

    /// Pages of rows (one for a board without rows), then a page for each alert told as a page.
    func pageCount(_ state: BoardState) -> Int {
        rowPages(state) + alertPages(state).count
    }

    func rowPages(_ state: BoardState) -> Int {
        guard state.status == .ok || state.status == .stale, !state.rows.isEmpty else { return 1 }
        let perPage = rowsPerPage(statusLine: hasStatusLine(state))
        return (state.rows.count + perPage - 1) / perPage
    }

    func draw(_ state: BoardState, elapsed: Duration, on canvas: inout Canvas) {
        let pages = pageCount(state)
        let page = pages > 1 ? Int(elapsed / options.pageInterval) % pages : 0
        if headerHeight > 0 { drawHeader(state, page: page, pages: pages, on: &canvas) }
        let bottom = bottomLine(state)
        let body = Rect(
            x: 0, y: headerHeight, width: size.width,
            height: size.height - headerHeight - (bottom == nil ? 0 : rowHeight))
        let rowPages = rowPages(state)
        if page >= rowPages {
            drawAlertPage(alertPages(state)[page - rowPages], in: body, on: &canvas)
        } else {
            switch state.status {
            case .loading, .empty: drawCentered([state.placeholder ?? ""], .dimText, in: body, on: &canvas)
            case .error: drawCentered(wrap(state.shownMessage, width: size.width - 2 * gap), .error, in: body, on: &canvas)
            case .ok, .stale:
                let perPage = rowsPerPage(statusLine: bottom != nil)
                let rows = Array(state.rows.dropFirst(page * perPage).prefix(perPage))
                let columns = Columns(rows: rows, layout: self, failing: state.failingSources)
                for (index, row) in rows.enumerated() {
                    drawRow(row, top: headerHeight + index * rowHeight, columns: columns, elapsed: elapsed, on: &canvas)
                }
            }
        }
        switch bottom {
        case .status: drawStatus(state, on: &canvas)
        case .alerts(let alerts): drawAlertLine(alerts, elapsed: elapsed, on: &canvas)
        case .failingSource(let source): drawFailingSource(source, on: &canvas)
        case .notice(let notice): drawNotice(notice, on: &canvas)
        case nil: break
        }
    }

    private func drawHeader(_ state: BoardState, page: Int, pages: Int, on canvas: inout Canvas) {
        let baseline = font.ascent
        var right = size.width - gap
        if options.clock {
            let clock = TimeText.clock(state.now, in: state.zone)
            right -= font.width(of: clock)
            canvas.draw(clock, font: font, x: right, baseline: baseline, .text, role: .clock)
            right -= 2 * gap
        }
        // "2/3" beside the name while both fit; on a narrow panel the station's name wins and
        // the page shows as a thicker stretch of the rule under the header.
        let indicator = "\(page + 1)/\(pages)"
        let nameRoom = right - gap - font.width(of: indicator) - 2 * gap
        let counterFits = pages > 1 && font.width(of: state.boardName) <= nameRoom
        if counterFits {
            right -= font.width(of: indicator)
            canvas.draw(indicator, font: font, x: right, baseline: baseline, .dimText, role: .page)
            right -= 2 * gap
        }
        let name = font.truncated(state.boardName, toWidth: max(0, right - gap))
        canvas.draw(name, font: font, x: gap, baseline: baseline, .header, role: .header, full: state.boardName)
        let rule = lineHeight + gap - 1
        canvas.fill(Rect(x: 0, y: rule, width: size.width, height: 1), .dimText)
        if pages > 1 && !counterFits {
            let from = size.width * page / pages, to = size.width * (page + 1) / pages
            canvas.fill(Rect(x: from, y: rule, width: to - from, height: 2), .text)
        }
    }

    func drawHeadsign(
        _ text: String, in region: Rect, baseline: Int, elapsed: Duration, _ color: LogicalColor,
        on canvas: inout Canvas
    ) {
        guard region.width > 0 else { return }
        canvas.clip = region
        defer { canvas.clip = Rect(x: 0, y: 0, width: size.width, height: size.height) }
        let width = font.width(of: text)
        // A right-to-left headsign starts at the column's right edge and scrolls rightwards.
        let rtl = font.direction(of: text) == .rtl
        guard width > region.width, options.overflow == .scroll else {
            let cut = font.truncated(text, toWidth: rtl ? region.width - font.width(of: " ") / 2 : region.width)
            // Half a space from the next column: fallback glyphs (Unifont's) fill their cells.
            let x = rtl ? region.maxX - font.width(of: cut) - font.width(of: " ") / 2 : region.x
            canvas.draw(cut, font: font, x: x, baseline: baseline, color, role: .headsign, full: text)
            return
        }
        // Scroll, then wrap round with a gap of a few spaces.
        canvas.isScrolling = true
        let cycle = width + 4 * font.width(of: " ")
        let offset = Scrolling.offset(elapsed: elapsed, speed: options.scrollSpeed, cycle: cycle)
        let x = rtl ? region.maxX - width + offset : region.x - offset
        canvas.draw(text, font: font, x: x, baseline: baseline, color, role: .headsign, scrolls: true)
        canvas.draw(text, font: font, x: rtl ? x - cycle : x + cycle, baseline: baseline, color, role: .headsign, scrolls: true)
    }

    func drawCentered(_ lines: [String], _ color: LogicalColor, in area: Rect, on canvas: inout Canvas) {
        let shown = lines.prefix(max(1, area.height / lineHeight))
        var top = area.y + (area.height - shown.count * lineHeight) / 2
        for line in shown {
            let text = font.truncated(line, toWidth: size.width - 2 * gap)
            canvas.draw(
                text, font: font, x: (size.width - font.width(of: text)) / 2, baseline: top + font.ascent, color,
                role: .message, full: line)
            top += lineHeight
        }
    }

    /// Greedy word wrap to `width`.
    func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if font.width(of: candidate) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

/// Scroll positions as a pure function of elapsed time.
enum Scrolling {
    static func offset(elapsed: Duration, speed: Int, cycle: Int) -> Int {
        guard cycle > 0 else { return 0 }
        let (seconds, attoseconds) = elapsed.components
        let pixels = Int(seconds) * speed + Int(attoseconds / 1_000_000_000_000_000) * speed / 1000
        return pixels % cycle
    }
}
