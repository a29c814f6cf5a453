import DeparturesCore

/// Column widths for one page of rows, and the compact forms used when a narrow panel
/// would otherwise leave the headsign too little room (a third of the width, or its whole
/// text when shorter): first a train's carriages give way to figures, then the time column
/// goes (unless the countdown counts to leaving, which is always read beside it, or there is
/// no countdown: then the time is all a row says of when), then the
/// delay reads `+2` instead of `+2 min`, the countdown `5m`, leave-by `go 3m`, the
/// platform `16`; then the leave-by column goes (the countdown stays), counting to leaving
/// the delay box goes, and the source's label keeps its first three characters, then its
/// first, and last it goes too; last of all the crowding figures go.
struct Columns {
    /// Zero when the route column is off.
    var badgeWidth: Int
    var showDelay: Bool
    var showCountdown: Bool
    var showTime: Bool
    var timeWidth: Int
    var countdownWidth: Int
    /// Zero when no row on the page has a platform, so boards without platforms keep their look.
    var platformWidth: Int
    /// Zero when no row on the page has a walk (or a missed departure) to count down to.
    var leaveWidth: Int
    /// Zero when no row on the page comes from a labelled source.
    var sourceWidth: Int
    /// The widest delay box and the space after it; zero when no row on the page is late.
    var delayWidth: Int
    /// Where the source column starts, the same on every row of the page.
    var sourceLeft: Int
    /// Zero when no row on the page knows how full it is.
    var crowdingWidth: Int
    /// Where the crowding pictures end, the same on every row of the page.
    var crowdingRight: Int
    let crowding: CrowdingPictures
    let compact: Compaction
    let countsToLeaving: Bool
    /// The board lists the countdown column; without it (departure times) the column is there
    /// only for cancelled rows, which still say so.
    let countdownAsked: Bool
    /// Sources whose rows are kept past a failure: their label carries a mark.
    let failing: Set<Int>

    /// How far a page is compacted; each step keeps the ones before it.
    struct Compaction {
        var time = true, delay = true, shortDelay = false, shortCountdown = false, shortLeave = false, leave = true
        var shortPlatform = false, carriages = true, crowding = true
        /// The label's first characters, nil for all of them; 0 drops the column.
        var labelCharacters: Int?

        /// Counting to leaving, the time stays and the delay box goes before the label is cut:
        /// the time shown is the expected one, and the label says where to walk.
        static func ladder(countsToLeaving: Bool, keepsTime: Bool) -> [Compaction] {
            var steps = [Compaction()]
            var step = Compaction()
            step.carriages = false
            steps.append(step)
            step.time = countsToLeaving || keepsTime
            steps.append(step)
            var changes: [(inout Compaction) -> Void] = [
                { $0.shortDelay = true }, { $0.shortCountdown = true }, { $0.shortLeave = true },
                { $0.shortPlatform = true }, { $0.leave = false },
            ]
            if countsToLeaving { changes.append { $0.delay = false } }
            changes += [{ $0.labelCharacters = 3 }, { $0.labelCharacters = 1 }, { $0.labelCharacters = 0 }, { $0.crowding = false }]
            for change in changes {
                change(&step)
                steps.append(step)
            }
            return steps
        }
    }

    init(rows: [DepartureRow], layout: RowsLayout, failing: Set<Int> = []) {
        let font = layout.font
        let gap = layout.gap
        let shown = layout.options.columns
        let countsToLeaving = layout.options.countdown == .leave
        self.countsToLeaving = countsToLeaving
        self.failing = failing
        let widestRoute = rows.map { font.width(of: $0.route) }.max() ?? 0
        let badgeWidth = shown.contains(.route) ? max(layout.lineHeight, widestRoute + 2 * gap + 2) : 0
        self.badgeWidth = badgeWidth
        showDelay = shown.contains(.delay)
        let countdownAsked = shown.contains(.countdown)
        self.countdownAsked = countdownAsked
        showCountdown = countdownAsked || rows.contains(where: \.isCancelled)
        let timeWidth = rows.map { font.width(of: Self.time($0, marked: !countdownAsked)) }.reduce(font.width(of: "00:00"), max)
        self.timeWidth = timeWidth
        let widest = { (column: LayoutOptions.Column, text: (DepartureRow) -> String?) in
            shown.contains(column) ? rows.compactMap(text).map { font.width(of: $0) }.max() ?? 0 : 0
        }
        let showDelay = showDelay, showCountdown = showCountdown
        // The box and the space after it: a word's space before a leave-by text, else a badge's.
        let delayToLeave = max(0, layout.columnSpace - 2 * gap)
        let widestDelay = { (step: Compaction, leave: Int) in
            let short = step.shortDelay
            let space = 4 * gap + (leave > 0 ? delayToLeave : 0)
            return showDelay && step.delay ? rows.compactMap { Self.delay($0, short: short) }.map { font.width(of: $0) + space }.max() ?? 0 : 0
        }
        // A cancelled row's countdown sits in a highlight box, 2 gaps wider than its text.
        let widestCountdown = { (short: Bool) in
            showCountdown ? rows.map { row in
                font.width(of: Self.countdown(row, short: short, toLeaving: countsToLeaving, asked: countdownAsked)) + (row.isCancelled ? 2 * gap : 0)
            }.max() ?? 0 : 0
        }
        let widestLeave = { (step: Compaction) in
            countsToLeaving || !step.leave ? 0 : widest(.leave) { Self.leave($0, short: step.shortLeave) }
        }
        let widestPlatform = { (short: Bool) in widest(.platform) { Self.platform($0, short: short) } }
        let crowding = CrowdingPictures(font: font)
        self.crowding = crowding
        let showCrowding = shown.contains(.crowding)
        let widestCrowding = { (step: Compaction) in
            guard showCrowding, step.crowding else { return 0 }
            return rows.map { row in
                if step.carriages, let carriages = Self.carriages(row) { return crowding.carriagesWidth(carriages.count) }
                return Self.crowdingLevel(row) == nil ? 0 : crowding.figuresWidth
            }.max() ?? 0
        }
        let widestSource = { (characters: Int?) in
            widest(.source) { row in Self.label(row, characters: characters).map { failing.contains(row.place.index) ? $0 + Self.failingMark : $0 } }
        }

        let width = layout.size.width
        // The headsign needs a third of the width, or less when every headsign on the page is shorter.
        let headsignRoom = min(width / 3, shown.contains(.headsign) ? rows.map { font.width(of: $0.headsign) }.max() ?? 0 : 0)
        // Each step's widths are measured once: the first step that leaves the headsign its
        // room is kept, else the last.
        let measure = { (step: Compaction) in
            let leave = widestLeave(step)
            return (step: step, countdown: widestCountdown(step.shortCountdown), delay: widestDelay(step, leave),
                    leave: leave, platform: widestPlatform(step.shortPlatform), source: widestSource(step.labelCharacters),
                    crowding: widestCrowding(step))
        }
        let fits = { (measured: (step: Compaction, countdown: Int, delay: Int, leave: Int, platform: Int, source: Int, crowding: Int)) in
            var used = gap + badgeWidth + gap
            if measured.step.time && shown.contains(.time) { used += timeWidth + layout.columnSpace }
            used += measured.countdown + layout.columnSpace + measured.delay
            for optional in [measured.leave, measured.platform, measured.source, measured.crowding] where optional > 0 {
                used += optional + layout.columnSpace
            }
            return width - used >= headsignRoom
        }
        let ladder = Compaction.ladder(countsToLeaving: countsToLeaving, keepsTime: !countdownAsked)
        var kept = measure(ladder[0])
        for step in ladder.dropFirst() where !fits(kept) { kept = measure(step) }
        compact = kept.step
        showTime = kept.step.time && shown.contains(.time)
        countdownWidth = kept.countdown
        delayWidth = kept.delay
        leaveWidth = kept.leave
        platformWidth = kept.platform
        sourceWidth = kept.source
        crowdingWidth = kept.crowding
        // The source column starts left of the widest of each column to its right, on every row.
        var right = width - gap
        if showTime { right -= timeWidth + layout.columnSpace }
        if showCountdown { right -= countdownWidth + layout.columnSpace }
        right -= delayWidth
        if leaveWidth > 0 { right -= leaveWidth + layout.columnSpace }
        if platformWidth > 0 { right -= platformWidth + layout.columnSpace }
        sourceLeft = right - sourceWidth
        crowdingRight = sourceWidth > 0 ? sourceLeft - layout.columnSpace : sourceLeft
    }

    /// The carriages worth a picture (two or more, one known at least), when the page shows them.
    static func carriages(_ row: DepartureRow) -> [Occupancy?]? {
        guard let carriages = row.carriages, carriages.count >= 2, carriages.count <= 16,
              carriages.contains(where: { $0 != nil }) else { return nil }
        return carriages
    }

    /// The row's level, else its fullest carriage's.
    static func crowdingLevel(_ row: DepartureRow) -> Occupancy? {
        row.occupancy ?? row.carriages?.compactMap { $0 }.max { $0.load < $1.load }
    }

    /// Draws the row's crowding picture, right-aligned in its column, standing on the baseline.
    func drawCrowding(_ row: DepartureRow, baseline: Int, on canvas: inout Canvas) {
        guard crowdingWidth > 0 else { return }
        let picture = baseline - crowding.height
        if compact.carriages, let carriages = Self.carriages(row) {
            crowding.drawCarriages(carriages, right: crowdingRight, top: picture, on: &canvas)
        } else if let level = Self.crowdingLevel(row) {
            crowding.drawFigures(level, right: crowdingRight, top: picture, on: &canvas)
        }
    }

    func countdownText(_ row: DepartureRow) -> String {
        Self.countdown(row, short: compact.shortCountdown, toLeaving: countsToLeaving, asked: countdownAsked)
    }
    func timeText(_ row: DepartureRow) -> String { Self.time(row, marked: !countdownAsked) }
    /// Without a countdown to carry it, an inexact time carries the `~` itself (`~09:42`).
    static func time(_ row: DepartureRow, marked: Bool) -> String {
        marked && (row.looksScheduled || row.isEstimated) ? "~" + row.time : row.time
    }
    func delayText(_ row: DepartureRow) -> String? { showDelay && compact.delay ? Self.delay(row, short: compact.shortDelay) : nil }
    func leaveText(_ row: DepartureRow) -> String? { leaveWidth > 0 ? Self.leave(row, short: compact.shortLeave) : nil }
    func platformText(_ row: DepartureRow) -> String? { Self.platform(row, short: compact.shortPlatform) }
    /// What follows a failing source's label, on every layout.
    static let failingMark = "!"

    /// The label, and whether its source is failing (drawn with a `!` in the error colour).
    func sourceText(_ row: DepartureRow) -> (text: String, failing: Bool)? {
        guard sourceWidth > 0, let label = Self.label(row, characters: compact.labelCharacters) else { return nil }
        return failing.contains(row.place.index) ? (label + Self.failingMark, true) : (label, false)
    }

    /// Times that are not exact — scheduled where live data was expected, or estimated between timepoints — carry a
    /// `~` so they differ on every panel, greys or not; arrivals read `Arr`. Counting to leaving, the leave-by text.
    /// Without the countdown column (`asked` false) only a cancellation is told.
    static func countdown(_ row: DepartureRow, short: Bool, toLeaving: Bool = false, asked: Bool = true) -> String {
        if row.isCancelled { return short ? "Canc" : row.countdown }
        guard asked else { return "" }
        let text: String
        if toLeaving {
            text = leave(row, short: short) ?? row.leave
        } else {
            text = short ? (row.minutes == 0 ? "Now" : "\(row.minutes)m") : row.countdown
        }
        let marked = row.looksScheduled || row.isEstimated ? "~" + text : text
        return row.isDropOffOnly ? "Arr " + marked : marked
    }

    /// `leave in 3 min` (`go 3m` when short), `go now`, `too late` (`-`): only for rows
    /// with a walk to make, or missed ones; a cancelled departure has no moment to leave.
    static func leave(_ row: DepartureRow, short: Bool) -> String? {
        guard !row.isCancelled, row.walkSeconds > 0 || !row.isReachable else { return nil }
        guard short else { return row.leave }
        if !row.isReachable { return "-" }
        return row.leaveInMinutes == 0 ? DepartureRow.goNow : "go \(row.leaveInMinutes)m"
    }

    /// `Pl 16`, or `16` on narrow panels: the platform, track or bay where the source knows it.
    static func platform(_ row: DepartureRow, short: Bool = false) -> String? {
        row.platform.map { short ? $0 : "Pl " + $0 }
    }

    /// The source's label ("Bay A"), or its first characters on narrow panels.
    static func label(_ row: DepartureRow, characters: Int?) -> String? {
        guard let label = row.place.label, characters != 0 else { return nil }
        return characters.map { String(label.prefix($0)).trimmingSuffix(" ") } ?? label
    }

    static func delay(_ row: DepartureRow, short: Bool) -> String? {
        guard let delay = row.delay else { return nil }
        guard short, let space = delay.firstIndex(of: " ") else { return delay }
        return String(delay[..<space])
    }
}

extension String {
    fileprivate func trimmingSuffix(_ character: Character) -> String {
        var text = Substring(self)
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
