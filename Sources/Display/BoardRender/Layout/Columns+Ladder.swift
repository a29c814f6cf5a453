/// The fit ladder: the one place that says in which order a narrow row gives way.
///
/// Each step keeps the ones before it. A row is narrow when a headsign on the page does not fit
/// whole: up to the time column's step the page takes the first step where every headsign
/// fits whole; from that step on, the first that leaves the headsign its room (8 characters
/// or a third of the width, or its whole text when shorter):
/// 1. a train's carriages give way to crowding figures;
/// 2. the delay reads `+2`, then folds into the countdown: the countdown takes the delay
///    colour (boxed where the panel has no such colour) and the `+2` goes;
/// 3. " via …" is dropped from headsigns that do not fit whole;
/// 4. the board's `abbreviations:` apply (`Station` → `Stn`);
/// 5. the departure time column goes;
/// 6. the countdown reads `5m`, leave-by `go 3m`, the platform `16`; the leave-by column goes;
/// 7. the source's label keeps three characters, then one, then goes; the crowding figures go;
/// 8. last, the spacing tightens: the badge hugs its route, the columns lose a gap of space,
///    and a dimmed (timetable-only or estimated) countdown loses its `~`.
///
/// A page's step allows; a row takes only what it needs: a late row folds its delay only when
/// its headsign would not fit whole beside it, and a headsign drops via or abbreviates only
/// when it does not fit whole.
///
/// Only then does a headsign that still does not fit scroll (`overflow: scroll`) or end in
/// "…". Counting to leaving, the time always stays (leave-by is read beside it), every step
/// aims for the headsign's room only, and the delay is dropped, not folded, after the
/// leave-by column: the time shown is the expected one.
extension Columns {
    /// How far a page is compacted.
    struct Compaction {
        /// Whether this step is taken only when every headsign then fits whole.
        var wholeHeadsigns = true
        var time = true, delay = true, shortDelay = false, delayFolded = false
        var headsign = HeadsignShortening.whole
        var shortCountdown = false, shortLeave = false, leave = true
        var shortPlatform = false, carriages = true, crowding = true
        /// The label's first characters, nil for all of them; 0 drops the column.
        var labelCharacters: Int?
        var tight = false

        /// `keepsTime`: the board shows no countdown (departure times), so the time is all a row
        /// says of when: it never goes, and the delay has no countdown to fold into.
        static func ladder(countsToLeaving: Bool, keepsTime: Bool = false) -> [Compaction] {
            var changes: [(inout Compaction) -> Void] = [{ $0.carriages = false }, { $0.shortDelay = true }]
            if !countsToLeaving && !keepsTime { changes.append { $0.delayFolded = true } }
            changes += [{ $0.headsign = .withoutVia }, { $0.headsign = .abbreviated }]
            if !countsToLeaving {
                changes.append {
                    $0.time = keepsTime; $0.wholeHeadsigns = false
                }
            }
            changes += [{ $0.shortCountdown = true }, { $0.shortLeave = true }, { $0.shortPlatform = true }, { $0.leave = false }]
            if countsToLeaving { changes.append { $0.delay = false } }
            changes += [
                { $0.labelCharacters = 3 }, { $0.labelCharacters = 1 }, { $0.labelCharacters = 0 },
                { $0.crowding = false }, { $0.tight = true },
            ]
            var step = Compaction()
            step.wholeHeadsigns = !countsToLeaving
            var steps = [step]
            for change in changes {
                change(&step)
                steps.append(step)
            }
            return steps
        }
    }

    /// How a row's countdown is drawn.
    enum CountdownLook: Equatable {
        case plain
        /// In the delay colour, as text: a late row once the delay folded, or a cancelled one on LEDs.
        case delayColour
        /// Cut out of a delay-coloured box: a cancelled row, or a late one on a panel whose
        /// delay colour is its text colour. Never on LEDs, where dark text is unlit LEDs.
        case delayBox
    }
}
