import DeparturesCore

/// Column widths for one page of rows, and the compact forms used when a narrow panel
/// would otherwise leave the headsign no room: first the time column goes, then the delay
/// reads `+2` instead of `+2 min`, then the countdown reads `5m`.
struct Columns {
    /// Zero when the route column is off.
    var badgeWidth: Int
    var showDelay: Bool
    var showCountdown: Bool
    var showTime: Bool
    var timeWidth: Int
    var shortDelay: Bool
    var shortCountdown: Bool
    var countdownWidth: Int
    /// Zero when no row on the page has a platform, so boards without platforms keep their look.
    var platformWidth: Int
    var shortPlatform: Bool

    init(rows: [DepartureRow], layout: RowsLayout) {
        let font = layout.font
        let gap = layout.gap
        let shown = layout.options.columns
        let widestRoute = rows.map { font.width(of: $0.route) }.max() ?? 0
        badgeWidth = shown.contains(.route) ? max(layout.lineHeight, widestRoute + 2 * gap + 2) : 0
        showDelay = shown.contains(.delay)
        showCountdown = shown.contains(.countdown)
        timeWidth = font.width(of: "00:00")
        let widestPlatform = { (short: Bool) in
            shown.contains(.platform) ? rows.compactMap { Self.platform($0, short: short) }.map { font.width(of: $0) }.max() ?? 0 : 0
        }

        let width = layout.size.width
        let showDelay = showDelay, showCountdown = showCountdown
        let widestDelay = { (short: Bool) in
            showDelay ? rows.compactMap { Self.delay($0, short: short) }.map { font.width(of: $0) + 4 * gap }.max() ?? 0 : 0
        }
        // A cancelled row's countdown sits in a highlight box, 2 gaps wider than its text.
        let widestCountdown = { (short: Bool) in
            showCountdown ? rows.map { font.width(of: Self.countdown($0, short: short)) + ($0.isCancelled ? 2 * gap : 0) }.max() ?? 0 : 0
        }
        let attempts: [(time: Bool, shortDelay: Bool, shortCountdown: Bool, shortPlatform: Bool)] = [
            (shown.contains(.time), false, false, false), (false, false, false, false), (false, true, false, false),
            (false, true, true, false), (false, true, true, true),
        ]
        var chosen = attempts[attempts.count - 1]
        for attempt in attempts {
            var used = gap + badgeWidth + gap
            if attempt.time { used += timeWidth + layout.columnSpace }
            used += widestCountdown(attempt.shortCountdown) + layout.columnSpace + widestDelay(attempt.shortDelay)
            let platform = widestPlatform(attempt.shortPlatform)
            if platform > 0 { used += platform + layout.columnSpace }
            if width - used >= width / 3 {
                chosen = attempt
                break
            }
        }
        showTime = chosen.time
        shortDelay = chosen.shortDelay
        shortCountdown = chosen.shortCountdown
        countdownWidth = widestCountdown(chosen.shortCountdown)
        shortPlatform = chosen.shortPlatform
        platformWidth = widestPlatform(chosen.shortPlatform)
    }

    func countdownText(_ row: DepartureRow) -> String { Self.countdown(row, short: shortCountdown) }
    func delayText(_ row: DepartureRow) -> String? { showDelay ? Self.delay(row, short: shortDelay) : nil }

    /// Times that are not exact — scheduled where live data was expected, or estimated between timepoints — carry a
    /// `~` so they differ on every panel, greys or not; arrivals read `Arr`.
    static func countdown(_ row: DepartureRow, short: Bool) -> String {
        if row.isCancelled { return short ? "Canc" : row.countdown }
        let text = short ? (row.minutes == 0 ? "Now" : "\(row.minutes)m") : row.countdown
        let marked = row.looksScheduled || row.isEstimated ? "~" + text : text
        return row.isDropOffOnly ? "Arr " + marked : marked
    }

    func platformText(_ row: DepartureRow) -> String? { Self.platform(row, short: shortPlatform) }

    /// `Pl 16`, or `16` on narrow panels: the platform, track or bay where the source knows it.
    static func platform(_ row: DepartureRow, short: Bool = false) -> String? {
        row.platform.map { short ? $0 : "Pl " + $0 }
    }

    static func delay(_ row: DepartureRow, short: Bool) -> String? {
        guard let delay = row.delay else { return nil }
        guard short, let space = delay.firstIndex(of: " ") else { return delay }
        return String(delay[..<space])
    }
}
