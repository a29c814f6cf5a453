import DeparturesCore
import Framebuffer

/// The line along the bottom of a row board: the error while stale, the alerts that stop
/// riders, or a source's notice.
extension RowsLayout {
    enum BottomLine: Equatable {
        case status
        case alerts([ServiceAlert])
        /// A source that fails with no rows left to carry its mark.
        case failingSource(SourceStatus)
        case notice(String)
    }

    /// What marks a row an alert concerns, and leads an alert's line and page.
    static let alertMark = "!"

    func bottomLine(_ state: BoardState) -> BottomLine? {
        if state.status == .stale { return .status }
        guard state.status == .ok || state.status == .empty else { return nil }
        let told = state.toldAlerts
        if !told.isEmpty, options.alerts == .line { return .alerts(told) }
        if let failing = state.failingWithoutRows.first { return .failingSource(failing) }
        if !told.isEmpty { return nil }
        return state.shownNotice.map(BottomLine.notice)
    }

    /// `Trains! Timetable expired 2025-12-31`, in the error colour, cut to the line.
    func drawFailingSource(_ source: SourceStatus, on canvas: inout Canvas) {
        let top = size.height - rowHeight + gap
        canvas.fill(Rect(x: 0, y: top - gap, width: size.width, height: 1), .dimText)
        let line = BoardState.failingLine(source)
        let text = font.truncated(line, toWidth: size.width - 2 * gap)
        canvas.draw(text, font: font, x: gap, baseline: top + font.ascent, .error, role: .message, full: line)
    }

    /// Each told alert in a line, one after another: still when they fit, else scrolling.
    func drawAlertLine(_ alerts: [ServiceAlert], elapsed: Duration, on canvas: inout Canvas) {
        let top = size.height - rowHeight + gap
        let baseline = top + font.ascent
        canvas.fill(Rect(x: 0, y: top - gap, width: size.width, height: 1), .dimText)
        canvas.draw(Self.alertMark, font: font, x: gap, baseline: baseline, .delay, role: .alert)
        let left = gap + font.width(of: Self.alertMark) + badgeSpace
        let region = Rect(x: left, y: top, width: max(0, size.width - gap - left), height: rowHeight - gap)
        let text = alerts.map(\.header).joined(separator: "  ·  ")
        canvas.clip = region
        defer { canvas.clip = Rect(x: 0, y: 0, width: size.width, height: size.height) }
        let width = font.width(of: text)
        guard width > region.width else {
            canvas.draw(text, font: font, x: left, baseline: baseline, .delay, role: .alert)
            return
        }
        canvas.isScrolling = true
        let cycle = width + 6 * font.width(of: " ")
        let offset = Scrolling.offset(elapsed: elapsed, speed: options.scrollSpeed, cycle: cycle)
        canvas.draw(text, font: font, x: left - offset, baseline: baseline, .delay, role: .alert, scrolls: true)
        canvas.draw(text, font: font, x: left - offset + cycle, baseline: baseline, .delay, role: .alert, scrolls: true)
    }

    /// A notice in the status line, cut to fit: it changes only with new data, so it does
    /// not scroll (no extra wake-ups on a quiet board).
    func drawNotice(_ notice: String, on canvas: inout Canvas) {
        let top = size.height - rowHeight + gap
        canvas.fill(Rect(x: 0, y: top - gap, width: size.width, height: 1), .dimText)
        let text = font.truncated(notice, toWidth: size.width - 2 * gap)
        canvas.draw(text, font: font, x: gap, baseline: top + font.ascent, .delay, role: .notice, full: notice)
    }

    /// The message on the left, the time of the last update on the right: when space is
    /// short the message is cut, never the time.
    func drawStatus(_ state: BoardState, on canvas: inout Canvas) {
        let top = size.height - rowHeight + gap
        let baseline = top + font.ascent
        canvas.fill(Rect(x: 0, y: top - gap, width: size.width, height: 1), .dimText)
        let fullMessage = state.shownMessage
        var right = size.width - gap
        if let updated = state.updated {
            let clock = TimeText.clock(updated, in: state.zone)
            // "updated 09:27" when it fits beside the whole message, else just "09:27".
            let roomy = gap + font.width(of: fullMessage) + columnSpace + font.width(of: "updated " + clock) <= right
            let label = roomy ? "updated " + clock : clock
            right -= font.width(of: label)
            canvas.draw(label, font: font, x: right, baseline: baseline, .dimText, role: .updated)
            right -= columnSpace
        }
        let message = font.truncated(fullMessage, toWidth: max(0, right - gap))
        canvas.draw(message, font: font, x: gap, baseline: baseline, .error, role: .message, full: fullMessage)
    }
}
