import DeparturesCore
import Framebuffer

/// Alerts that stop riders as pages of their own, on screens tall enough to read a paragraph
/// (and on e-paper, where a scrolling line would refresh the panel all day).
extension RowsLayout {
    /// At most three pages, severest first, so rows still show most of the time; the status
    /// page and the state list them all.
    static let alertPagesAtMost = 3

    func alertPages(_ state: BoardState) -> [ServiceAlert] {
        guard options.alerts == .page, state.status != .loading, state.status != .error else { return [] }
        return Array(state.toldAlerts.prefix(Self.alertPagesAtMost))
    }

    /// `! No service · T1, T4`, then the header, then the description dimmed, cut to the page.
    func drawAlertPage(_ alert: ServiceAlert, in body: Rect, on canvas: inout Canvas) {
        let width = size.width - 2 * gap
        let routes = alert.routes.isEmpty ? "" : " · " + alert.routes.joined(separator: ", ")
        var lines: [(text: String, color: LogicalColor)] = [(Self.alertMark + " " + Self.title(alert.effect) + routes, .delay)]
        lines += paragraphs(alert.header, width: width).map { ($0, .text) }
        if let description = alert.description {
            lines.append(("", .text))
            lines += paragraphs(description, width: width).map { ($0, .dimText) }
        }
        let fit = max(1, (body.height - gap) / lineHeight)
        if lines.count > fit {
            lines = Array(lines.prefix(fit))
            lines[fit - 1].text += "…"
        }
        var top = body.y + gap
        for line in lines {
            canvas.draw(
                font.truncated(line.text, toWidth: width), font: font, x: gap, baseline: top + font.ascent, line.color,
                role: .alert, full: line.text)
            top += lineHeight
        }
    }

    /// The effect in a rider's words.
    static func title(_ effect: ServiceAlert.Effect) -> String {
        switch effect {
        case .noService: return "No service"
        case .reducedService: return "Reduced service"
        case .detour: return "Detour"
        case .stopMoved: return "Stop moved"
        case .significantDelays: return "Delays"
        default: return "Service change"
        }
    }

    /// Each paragraph of `text` wrapped to `width`.
    private func paragraphs(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).flatMap { wrap(String($0), width: width) }
    }
}
