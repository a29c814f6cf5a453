import DeparturesCore

/// Column widths for one page of rows, and the compact forms a narrow panel takes, in the
/// order `Columns+Ladder.swift` documents.
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
    /// The widest delay (box or text) and the space after it; zero when no row on the page is late.
    var delayWidth: Int
    /// Where the source column starts, the same on every row of the page.
    var sourceLeft: Int
    /// Zero when no row on the page knows how full it is.
    var crowdingWidth: Int
    /// Where the crowding pictures end, the same on every row of the page.
    var crowdingRight: Int
    /// Between the right-hand columns: the layout's, or a gap less once the spacing tightened.
    var columnSpace: Int
    /// The headsign's room the ladder aimed for: what a row keeps before its alert mark.
    var headsignRoom: Int
    let crowding: CrowdingPictures
    let compact: Compaction
    let countsToLeaving: Bool
    /// The board lists the countdown column; without it (departure times) the column is there
    /// only for cancelled rows, which still say so.
    let countdownAsked: Bool
    /// Sources whose rows are kept past a failure: their label carries a mark.
    let failing: Set<Int>
    /// LED panels draw the delay as lit text, never as dark text in a lit box.
    let ledMatrix: Bool
    /// A late row's countdown can say so by its colour alone.
    let delayByColour: Bool
    /// Inexact times are dimmed on this panel, so a tight row may drop their `~`.
    let dimShows: Bool
    let abbreviations: [String: String]

    init(rows: [DepartureRow], layout: RowsLayout, failing: Set<Int> = []) {
        let font = layout.font
        let gap = layout.gap
        let shown = layout.options.columns
        let palette = layout.options.palette
        let countsToLeaving = layout.options.countdown == .leave
        self.countsToLeaving = countsToLeaving
        self.failing = failing
        let ledMatrix = palette.ledMatrix, delayByColour = palette.showsDelayByColour
        let dimShows = palette.value(.dimText) != palette.value(.text)
        self.dimShows = dimShows
        self.ledMatrix = ledMatrix
        self.delayByColour = delayByColour
        let abbreviations = layout.options.abbreviations
        self.abbreviations = abbreviations
        let widestRoute = rows.map { font.width(of: $0.route) }.max() ?? 0
        let badgeFor = { (step: Compaction) in
            shown.contains(.route) ? max(layout.lineHeight, widestRoute + (step.tight ? 1 : 2 * gap + 2)) : 0
        }
        // Tight, the columns lose a gap of their space: still a visible word break.
        let spaceFor = { (step: Compaction) in step.tight ? max(2 * gap, layout.columnSpace - gap) : layout.columnSpace }
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
        // On an LED panel that cannot colour the countdown, folding would hide the delay: it stays.
        let folds = { (step: Compaction) in showDelay && step.delayFolded && (delayByColour || !ledMatrix) }
        // A box and the space after it (a word's space before a leave-by text), or on LEDs the text and a column's space.
        let delayToLeave = max(0, layout.columnSpace - 2 * gap)
        // One row's delay and the space after it; a row that may fold takes none.
        let rowDelay = { (row: DepartureRow, step: Compaction, leave: Int) -> Int in
            let space = ledMatrix ? spaceFor(step) : 4 * gap + (leave > 0 ? delayToLeave : 0)
            guard showDelay, step.delay, !folds(step), let delay = Self.delay(row, short: step.shortDelay) else { return 0 }
            return font.width(of: delay) + space
        }
        let widestDelay = { (step: Compaction, leave: Int) in rows.map { rowDelay($0, step, leave) }.max() ?? 0 }
        // A boxed countdown is 2 gaps wider than its text.
        let widestCountdown = { (step: Compaction) in
            showCountdown
                ? rows.map { row in
                    let boxed = Self.look(row, folded: folds(step), ledMatrix: ledMatrix, delayByColour: delayByColour) == .delayBox
                    let text = Self.countdown(
                        row, short: step.shortCountdown, toLeaving: countsToLeaving, tilde: !(step.tight && dimShows),
                        asked: countdownAsked)
                    return font.width(of: text) + (boxed ? 2 * gap : 0)
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
            widest(.source) { row in
                Self.label(row, characters: characters).map { failing.contains(row.place.index) ? $0 + Self.failingMark : $0 }
            }
        }

        let width = layout.size.width
        // Every headsign whole (shortened as far as the step allows), or from the time column's
        // step on 8 characters or a third of the width, or less when every headsign is shorter.
        let wanted = max(width / 3, font.width(of: "00000000"))
        let roomFor = { (step: Compaction) in
            let widest =
                shown.contains(.headsign)
                ? rows.map { font.width(of: step.headsign.apply($0.headsign, abbreviations: abbreviations)) }.max() ?? 0 : 0
            return step.wholeHeadsigns ? widest : min(wanted, widest)
        }
        typealias Measured = (
            step: Compaction, badge: Int, space: Int, countdown: Int, delay: Int, leave: Int, platform: Int,
            source: Int, crowding: Int, room: Int
        )
        // Each step's widths are measured once: the first step that leaves the headsign its
        // room is kept, else the last.
        let measure = { (step: Compaction) -> Measured in
            let leave = widestLeave(step)
            return (
                step: step, badge: badgeFor(step), space: spaceFor(step), countdown: widestCountdown(step),
                delay: widestDelay(step, leave), leave: leave, platform: widestPlatform(step.shortPlatform),
                source: widestSource(step.labelCharacters), crowding: widestCrowding(step), room: roomFor(step)
            )
        }
        // What the row takes besides the headsign, as `RowsLayout.drawRow` lays it out.
        // Row by row: a delay stands beside its own row's headsign only, unless a source or
        // crowding column (placed once for the page) stands between them.
        let fits = { (measured: Measured) in
            let step = measured.step
            var used = 2 * gap + (measured.badge > 0 ? measured.badge + layout.badgeSpace : 0)
            if step.time && shown.contains(.time) { used += timeWidth + measured.space }
            if showCountdown { used += measured.countdown + measured.space }
            for optional in [measured.leave, measured.platform, measured.source, measured.crowding] where optional > 0 {
                used += optional + measured.space
            }
            let placedByPage = measured.source > 0 || measured.crowding > 0
            return rows.allSatisfy { row in
                let headsign =
                    shown.contains(.headsign)
                    ? font.width(of: step.headsign.apply(row.headsign, abbreviations: abbreviations)) : 0
                let needed = step.wholeHeadsigns ? headsign : min(wanted, headsign)
                return width - used - (placedByPage ? measured.delay : rowDelay(row, step, measured.leave)) >= needed
            }
        }
        let ladder = Compaction.ladder(countsToLeaving: countsToLeaving, keepsTime: !countdownAsked)
        var kept = measure(ladder[0])
        for step in ladder.dropFirst() where !fits(kept) { kept = measure(step) }
        compact = kept.step
        badgeWidth = kept.badge
        columnSpace = kept.space
        headsignRoom = kept.room
        showTime = kept.step.time && shown.contains(.time)
        countdownWidth = kept.countdown
        delayWidth = kept.delay
        leaveWidth = kept.leave
        platformWidth = kept.platform
        sourceWidth = kept.source
        crowdingWidth = kept.crowding
        // The source column starts left of the widest of each column to its right, on every row.
        var right = width - gap
        if showTime { right -= timeWidth + columnSpace }
        if showCountdown { right -= countdownWidth + columnSpace }
        right -= delayWidth
        if leaveWidth > 0 { right -= leaveWidth + columnSpace }
        if platformWidth > 0 { right -= platformWidth + columnSpace }
        sourceLeft = right - sourceWidth
        crowdingRight = sourceWidth > 0 ? sourceLeft - columnSpace : sourceLeft
    }

    /// Whether a late row on this page may fold its delay into the countdown's colour (it does
    /// where its headsign would not fit whole beside the delay).
    var delayFolded: Bool { showDelay && compact.delayFolded && (delayByColour || !ledMatrix) }

    static func look(_ row: DepartureRow, folded: Bool, ledMatrix: Bool, delayByColour: Bool) -> CountdownLook {
        let highlighted = row.isCancelled || (folded && row.delay != nil)
        guard highlighted else { return .plain }
        if ledMatrix { return .delayColour }
        return row.isCancelled || !delayByColour ? .delayBox : .delayColour
    }

    func countdownLook(_ row: DepartureRow, folded: Bool) -> CountdownLook {
        guard showCountdown else { return .plain }
        return Self.look(row, folded: folded, ledMatrix: ledMatrix, delayByColour: delayByColour)
    }

    /// The row's headsign, shortened only as far as it must to fit `width` and the page's step allows.
    func headsign(_ row: DepartureRow, fitting width: Int, font: any Font) -> String {
        var text = row.headsign
        for level in [HeadsignShortening.withoutVia, .abbreviated] where level <= compact.headsign && font.width(of: text) > width {
            text = level.apply(row.headsign, abbreviations: abbreviations)
        }
        return text
    }

    /// The carriages worth a picture (two or more, one known at least), when the page shows them.
    static func carriages(_ row: DepartureRow) -> [Occupancy?]? {
        guard let carriages = row.carriages, carriages.count >= 2, carriages.count <= 16,
            carriages.contains(where: { $0 != nil })
        else { return nil }
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
        Self.countdown(
            row, short: compact.shortCountdown, toLeaving: countsToLeaving, tilde: !(compact.tight && dimShows),
            asked: countdownAsked)
    }
    func timeText(_ row: DepartureRow) -> String { Self.time(row, marked: !countdownAsked) }
    /// Without a countdown to carry it, an inexact time carries the `~` itself (`~09:42`).
    static func time(_ row: DepartureRow, marked: Bool) -> String {
        marked && (row.looksScheduled || row.isEstimated) ? "~" + row.time : row.time
    }
    /// The delay as the page shows it; a row that folds it draws none (`RowsLayout.drawRow` decides).
    func delayText(_ row: DepartureRow) -> String? {
        showDelay && compact.delay ? Self.delay(row, short: compact.shortDelay) : nil
    }
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
    /// Tight, the `~` goes where the panel dims such a time anyway. Without the countdown
    /// column (`asked` false) only a cancellation is told.
    static func countdown(_ row: DepartureRow, short: Bool, toLeaving: Bool = false, tilde: Bool = true, asked: Bool = true) -> String {
        let words = row.words
        if row.isCancelled { return words.countdown(short: short) }
        guard asked else { return "" }
        let text: String
        if toLeaving {
            // A row without a walk keeps the long leave-by even when short, as it always has.
            text = leave(row, short: short) ?? words.leave()
        } else {
            text = words.countdown(short: short)
        }
        let marked = tilde && (row.looksScheduled || row.isEstimated) ? "~" + text : text
        return row.isDropOffOnly ? "Arr " + marked : marked
    }

    /// `leave in 3 min` (`go 3m` when short), `go now`, `too late` (`-`): only for rows
    /// with a walk to make, or missed ones; a cancelled departure has no moment to leave.
    static func leave(_ row: DepartureRow, short: Bool) -> String? {
        guard !row.isCancelled, row.walkSeconds > 0 || !row.isReachable else { return nil }
        return row.words.leave(short: short)
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

    static func delay(_ row: DepartureRow, short: Bool) -> String? { row.words.delay(short: short) }
}

extension String {
    fileprivate func trimmingSuffix(_ character: Character) -> String {
        var text = Substring(self)
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
