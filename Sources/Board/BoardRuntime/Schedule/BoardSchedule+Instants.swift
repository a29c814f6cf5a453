import ZoneInfo

// Turning local boundaries into instants. The answers at an instant are those
// of the latest boundary that has happened, rather than of the wall clock, so
// that a repeated hour (fall back) does not undo a boundary already passed and
// `nextChange` agrees exactly with the three queries.
extension BoardSchedule {
    /// Local times at which the answers differ from those of the minute before, sorted.
    /// Edges that change nothing (adjacent windows, repeated contrast values) are left out
    /// so that a schedule which never changes yields no wake-ups at all.
    var changeTimes: [LocalTime] {
        var candidates = Set<LocalTime>()
        for window in operatingHours + screenOff where !window.isAllDay {
            candidates.insert(window.start)
            candidates.insert(window.end)
        }
        for step in contrast?.entries ?? [] { candidates.insert(step.time) }
        return
            candidates
            .filter { state(at: $0) != state(at: LocalTime(wrappingMinuteOfDay: $0.minuteOfDay - 1)) }
            .sorted()
    }

    /// The local time whose answers hold at `t`: the latest boundary at or before `t`.
    /// Outside DST changes this gives the same answers as the wall clock itself.
    func effectiveTime(atUnixSeconds t: Int64, zone: TimeZoneRules) -> LocalTime {
        let local = zone.localDateTime(atUnixSeconds: t)
        let wall = local.timeOfDay
        let times = changeTimes
        guard !times.isEmpty else { return wall }
        var latest: (at: Int64, time: LocalTime)?
        // Visited in local order, so among boundaries that share an instant
        // (several inside one gap) the later local time wins.
        for dayOffset in -2...0 {
            let date = local.date.adding(days: dayOffset)
            for time in times {
                let at = instant(of: time, on: date, zone: zone)
                if at <= t, at >= (latest?.at ?? .min) { latest = (at, time) }
            }
        }
        return latest?.time ?? wall
    }

    /// When `time` on `date` happens in `zone`: its first occurrence in a repeated
    /// hour, or the end of the gap when that wall time is skipped.
    func instant(of time: LocalTime, on date: CivilDate, zone: TimeZoneRules) -> Int64 {
        let target = LocalDateTime(date: date, hour: time.hour, minute: time.minute, second: 0)
        let guess = zone.unixSeconds(for: target)  // already the earlier one in an overlap
        guard zone.localDateTime(atUnixSeconds: guess) != target else { return guess }
        // In a gap ZoneInfo answers with the pre-gap offset, which lands after the
        // transition; search back for the transition itself, the first instant whose
        // wall clock reads past `target`. A day earlier the clock is surely before it.
        var low = guess - 86_400
        var high = guess
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if zone.localDateTime(atUnixSeconds: mid) > target { high = mid } else { low = mid }
        }
        return high
    }
}
