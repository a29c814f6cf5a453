import DeparturesCore
import Framebuffer

/// One departure row: badge, the right-hand columns, the alert mark and the headsign.
extension RowsLayout {
    func drawRow(_ row: DepartureRow, top: Int, columns: Columns, elapsed: Duration, on canvas: inout Canvas) {
        let baseline = top + font.ascent
        let badgeColors = options.palette.badge(route: row.route, sourceColor: row.routeColor, sourceTextColor: row.routeTextColor)

        // Route badge.
        let badge = Rect(x: gap, y: top, width: columns.badgeWidth, height: lineHeight)
        if badge.width > 0 {
            let round = options.badgeShape == .circle && badge.width == lineHeight ? lineHeight / 2 : max(1, lineHeight / 4)
            canvas.fillRounded(badge, radius: round, badgeColors.fill)
            // The last column of a cell is blank: a tight badge holds the route with a pixel either side of its ink.
            let routeText = font.truncated(row.route, toWidth: badge.width - 1)
            let routeX = badge.x + (badge.width - font.width(of: routeText) + 1) / 2
            canvas.clip = badge
            canvas.draw(routeText, font: font, x: routeX, baseline: baseline, badgeColors.text, role: .route, full: row.route)
            canvas.clip = Rect(x: 0, y: 0, width: size.width, height: size.height)
        }

        // A late row folds its delay into the countdown only when its headsign would not fit whole
        // beside the delay: the others keep it (the columns placed by page stay put either way).
        var left = badge.width > 0 ? badge.maxX + badgeSpace : gap
        var folded = columns.delayFolded && row.delay != nil
        if folded, columns.sourceWidth == 0, columns.crowdingWidth == 0 {
            var dryRun = canvas
            let room = drawRightColumns(row, top: top, columns: columns, folded: false, drawing: false, on: &dryRun) - left
            folded = font.width(of: row.headsign) > room
        }
        let right = drawRightColumns(row, top: top, columns: columns, folded: folded, drawing: true, on: &canvas)

        // Headsign in what is left, after a mark in the delay colour on a row an alert concerns.
        if !row.alertIDs.isEmpty {
            drawAlertMark(row, badge: badge, fill: badgeColors.fill, left: &left, right: right, columns: columns, on: &canvas)
        }
        guard options.columns.contains(.headsign) else { return }
        let region = Rect(x: left, y: top, width: max(0, right - left), height: rowHeight)
        let headsign = columns.headsign(row, fitting: region.width, font: font)
        drawHeadsign(headsign, in: region, baseline: baseline, elapsed: elapsed, row.isReachable ? .text : .dimText, on: &canvas)
    }

    /// `!` beside the badge while the headsign keeps its room (or its whole text); on a
    /// narrower row the badge's top right corner in the delay colour instead, or cut out where
    /// that colour would not show on the badge (an orange route, mono). Never over the columns.
    private func drawAlertMark(
        _ row: DepartureRow, badge: Rect, fill: LogicalColor, left: inout Int, right: Int, columns: Columns,
        on canvas: inout Canvas
    ) {
        let markWidth = font.width(of: Self.alertMark) + badgeSpace
        let headsign = columns.headsign(row, fitting: right - left - markWidth, font: font)
        let room = min(columns.headsignRoom, font.width(of: headsign))
        if right - left - markWidth >= room || (badge.width == 0 && left + markWidth <= right) {
            canvas.draw(Self.alertMark, font: font, x: left, baseline: badge.y + font.ascent, .delay, role: .alert)
            left += markWidth
        } else if badge.width > 0 {
            let palette = options.palette, format = options.palette.format
            let shows = format.color(of: palette.value(.delay)).contrastRatio(with: format.color(of: palette.value(fill))) >= 1.5
            let corner = max(2, lineHeight / 4)
            for step in 0..<corner {
                canvas.fill(
                    Rect(x: badge.maxX - (corner - step), y: badge.y + step, width: corner - step, height: 1), shows ? .delay : .background)
            }
        }
    }

    /// Right-hand columns — time, countdown, the delay, leave-by, platform, the source's label,
    /// crowding — drawn (or only measured) from the right; returns where the headsign must end.
    private func drawRightColumns(
        _ row: DepartureRow, top: Int, columns: Columns, folded: Bool, drawing: Bool,
        on canvas: inout Canvas
    ) -> Int {
        let baseline = top + font.ascent
        // A departure the walk cannot reach any more is dimmed throughout.
        let textColor: LogicalColor = row.looksScheduled || !row.isReachable ? .dimText : .text
        let columnSpace = columns.columnSpace
        var right = size.width - gap
        if columns.showTime {
            let time = columns.timeText(row)
            if drawing { canvas.draw(time, font: font, x: right - font.width(of: time), baseline: baseline, textColor, role: .time) }
            right -= columns.timeWidth + columnSpace
        }
        if columns.showCountdown {
            if drawing {
                drawCountdown(
                    row, right: right, top: top, look: columns.countdownLook(row, folded: folded), textColor, columns: columns, on: &canvas)
            }
            right -= columns.countdownWidth + columnSpace
        }
        let delay = folded ? nil : columns.delayText(row)
        if let delay, columns.ledMatrix {
            // Lit text in the delay colour: dark text in a lit box would be unlit LEDs.
            right -= font.width(of: delay)
            if drawing { canvas.draw(delay, font: font, x: right, baseline: baseline, .delay, role: .delay) }
            right -= columnSpace
        } else if let delay {
            let box = Rect(x: right - font.width(of: delay) - 2 * gap, y: top, width: font.width(of: delay) + 2 * gap, height: lineHeight)
            if drawing {
                canvas.fillRounded(box, radius: max(1, lineHeight / 6), .delay)
                canvas.draw(delay, font: font, x: box.x + gap, baseline: baseline, .delayText, role: .delay)
            }
            right = box.x - badgeSpace
        }
        if columns.leaveWidth > 0 {
            // A word's space from the delay box: "leave in 3 min +2 min", never "min+2 min".
            let end = delay == nil || columns.ledMatrix ? right : right + badgeSpace - columnSpace
            if drawing, let leave = columns.leaveText(row) {
                canvas.draw(leave, font: font, x: end - font.width(of: leave), baseline: baseline, textColor, role: .leave)
            }
            right = end - columns.leaveWidth - columnSpace
        }
        if columns.platformWidth > 0 {
            if drawing, let platform = columns.platformText(row) {
                canvas.draw(platform, font: font, x: right - font.width(of: platform), baseline: baseline, textColor, role: .platform)
            }
            right -= columns.platformWidth + columnSpace
        }
        if columns.sourceWidth > 0 {
            // At one place on every row of the page, so the labels read as a column of places.
            let left = columns.sourceLeft
            if drawing, let (label, failing) = columns.sourceText(row) {
                canvas.draw(label, font: font, x: left, baseline: baseline, failing ? .error : .dimText, role: .source)
            }
            right = left - columnSpace
        }

        if columns.crowdingWidth > 0 {
            if drawing { columns.drawCrowding(row, baseline: baseline, on: &canvas) }
            right = min(right, columns.crowdingRight - columns.crowdingWidth - columnSpace)
        }
        return right
    }

    /// The countdown, right-aligned at `right`: plain, in the delay colour, or cut out of the delay's box.
    private func drawCountdown(
        _ row: DepartureRow, right: Int, top: Int, look: Columns.CountdownLook, _ textColor: LogicalColor,
        columns: Columns, on canvas: inout Canvas
    ) {
        let baseline = top + font.ascent
        let countdown = columns.countdownText(row)
        switch look {
        case .delayBox:
            // A highlight: a delay-coloured box, text cut out (cancelled, or late on a panel without colours).
            let width = font.width(of: countdown) + 2 * gap
            let box = Rect(x: right - width, y: top, width: width, height: lineHeight)
            canvas.fillRounded(box, radius: max(1, lineHeight / 6), .delay)
            canvas.draw(countdown, font: font, x: box.x + gap, baseline: baseline, .delayText, role: .countdown)
        case .delayColour:
            canvas.draw(countdown, font: font, x: right - font.width(of: countdown), baseline: baseline, .delay, role: .countdown)
        case .plain:
            // Without a countdown column (departure times) only a cancelled row says anything here.
            guard !countdown.isEmpty else { return }
            canvas.draw(
                countdown, font: font, x: right - font.width(of: countdown), baseline: baseline,
                row.isDropOffOnly ? .dimText : textColor, role: .countdown)
        }
    }
}
