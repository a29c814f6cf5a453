public import BoardConfig
public import PanelCatalog
import YAMLTree

/// Boards on panels that take seconds to refresh (the panel table's `RefreshTimes.isSlow`,
/// e.g. black/white/red e-paper: 16 s, no partial refresh) change only when their rows do.
/// A minute countdown or a header clock would refresh such a panel every minute, all day, so
/// unless the file asks for them these boards show departure times (`09:42`) without a clock;
/// `validate` warns where a board would refresh its panel more often than the panel can.
public enum SlowPanelRules {
    /// The refresh times of the board's panel as wired (`output.colors`); nil without one.
    public static func refreshTimes(of board: BoardFile) -> RefreshTimes? {
        guard let output = board.output else { return nil }
        return PanelFacts.of(output.driver).refreshTimes(red: output.epaperColors == .bwr)
    }

    public static func isSlow(_ board: BoardFile) -> Bool {
        refreshTimes(of: board)?.isSlow ?? false
    }

    /// The row parts shown. On a slow panel the countdown column goes unless the file lists
    /// `display.columns` or sets `display.countdown`: the departure time is what riders read,
    /// and it changes only when a departure is late or leaves.
    public static func columns(for board: BoardFile) -> [DisplaySettings.Column] {
        let display = board.display
        guard isSlow(board), display.locations["columns"] == nil, display.locations["countdown"] == nil else {
            return display.columns
        }
        return display.columns.filter { $0 != .countdown }
    }

    /// The header clock: off on a slow panel unless the file sets `display.clock`.
    public static func clock(for board: BoardFile) -> Bool {
        let display = board.display
        guard isSlow(board), display.locations["clock"] == nil else { return display.clock }
        return false
    }

    /// The draw loop's shortest time between two frames: the panel's `min_refresh_interval`
    /// on panels that take time to refresh, else none.
    public static func minimumFrameInterval(for board: BoardFile) -> Duration {
        guard let output = board.output, refreshTimes(of: board) != nil else { return .zero }
        return output.minRefreshInterval
    }

    /// Keys that would refresh the panel more often than it can: each line names the file,
    /// the key and the figures. `hasHeader`: the layout draws a header (where a clock would go).
    public static func warnings(for board: BoardFile, hasHeader: Bool, scrolls: Bool) -> [String] {
        guard let output = board.output, let times = refreshTimes(of: board) else { return [] }
        let display = board.display
        let refresh = seconds(times.cheapest)
        let panel =
            "\(output.driver.rawValue)"
            + (PanelFacts.of(output.driver).redInk == .whenConfigured ? ", colors: \(output.epaperColors.rawValue)" : "")
        let kind = times.partial == nil ? "a \(refresh) full refresh (\(panel) has no partial refresh)" : "a \(refresh) refresh (\(panel))"
        var lines: [String] = []
        func warn(_ key: String, in section: String, _ text: String) {
            let mark = section == "display" ? display.locations[key] : output.locations[key]
            let place = mark.map { "\(board.path):\($0.line):\($0.column)" } ?? board.path
            lines.append("\(place): \(section).\(key): \(text)")
        }
        let interval = output.minRefreshInterval
        let intervalText = Durations.format(interval) + (output.locations["min_refresh_interval"] == nil ? " (the default)" : "")
        if interval < times.cheapest {
            warn(
                "min_refresh_interval", in: "output",
                "\(intervalText) is shorter than the panel's own refresh, \(refresh): "
                    + "it would spend more time refreshing than showing departures; set \(Durations.format(roundedUp(times.cheapest))) or more"
            )
        }
        let turn = times.cheapest + interval
        if display.pageInterval < turn {
            let pageText = Durations.format(display.pageInterval) + (display.locations["page_interval"] == nil ? " (the default)" : "")
            warn(
                "page_interval", in: "display",
                "\(pageText) is shorter than a page turn can be on this panel: \(kind), "
                    + "then min_refresh_interval \(Durations.format(interval)), \(seconds(turn)) in all; set \(Durations.format(roundedUp(turn))) or more"
            )
        }
        guard times.isSlow else { return lines }
        if columns(for: board).contains(.countdown) {
            warn(
                display.locations["columns"] == nil ? "countdown" : "columns", in: "display",
                "the countdown changes every minute and each change is \(kind): about 60 refreshes an hour; "
                    + "leave countdown out of display.columns to show departure times, which change only when a departure is late or leaves"
            )
        }
        if clock(for: board) && hasHeader {
            warn(
                "clock", in: "display",
                "the header clock changes every minute and each change is \(kind): about 60 refreshes an hour; "
                    + "set clock: false")
        }
        if scrolls {
            let key = display.locations["overflow"] != nil && display.overflow == .scroll ? "overflow" : "layout"
            warn(
                key, in: "display",
                "scrolling text moves every few milliseconds and each step is \(kind); "
                    + "use layout: rows and overflow: ellipsis")
        }
        return lines
    }

    /// `16 s`, `0.5 s`: refresh times as the panel table states them.
    static func seconds(_ duration: Duration) -> String {
        let (whole, atto) = duration.components
        let tenths = atto / 100_000_000_000_000_000
        return tenths == 0 ? "\(whole) s" : "\(whole).\(tenths) s"
    }

    /// Whole seconds, so a suggested value is one an operator would write.
    static func roundedUp(_ duration: Duration) -> Duration {
        let (whole, atto) = duration.components
        return .seconds(atto > 0 ? whole + 1 : whole)
    }
}
