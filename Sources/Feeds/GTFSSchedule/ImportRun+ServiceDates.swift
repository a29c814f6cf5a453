import ZoneInfo

/// The span of days the kept services run, so a board can tell an expired timetable from a
/// quiet hour.
extension ImportRun {
    /// The first and last day in `start...end` (date keys) whose weekday flag is set; nil
    /// when the service never runs in its range.
    static func runningDays(from start: Int, to end: Int, weekdays: [Bool]) -> (Int, Int)? {
        let first = civilDate(start), last = civilDate(end)
        guard first <= last, weekdays.contains(true) else { return nil }
        // A set weekday falls within any seven days, so both searches end within a week.
        var from = first, to = last
        while !weekdays[from.weekday] { from = from.adding(days: 1) }
        while !weekdays[to.weekday] { to = to.adding(days: -1) }
        guard from <= to else { return nil }
        return (GTFSValues.dateKey(from), GTFSValues.dateKey(to))
    }

    /// Widens the span with days a service runs; removals (exception_type 2) never narrow it.
    func noteServiceDays(_ first: Int, _ last: Int) {
        serviceStart = min(serviceStart ?? first, first)
        serviceEnd = max(serviceEnd ?? last, last)
    }

    static func civilDate(_ key: Int) -> CivilDate {
        CivilDate(year: key / 10_000, month: key / 100 % 100, day: key % 100)
    }
}
