/// Proleptic Gregorian calendar date.
///
/// A bare date with no zone attached, so callers can talk about "the service
/// day" without a calendar object. All arithmetic goes through a day count
/// since 1970-01-01, which keeps it exact and allocation-free. Out-of-range
/// fields are not rejected (check `isValid`); conversions use wrapping
/// arithmetic so absurd values give absurd results rather than a trap.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `daysSinceEpoch` days after 1970-01-01 (negative = before).
    public init(daysSinceEpoch: Int64) {
        // Count from 0000-03-01 so February, with its leap day, ends each
        // computed year; then split into 400-year eras of 146_097 days.
        let shifted = daysSinceEpoch &+ 719_468
        let era = floorDiv(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097  // 0...146_096
        // Strip the leap days (every 4th year, not every 100th, but the 400th)
        // so that dividing by 365 yields the year within the era.
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365
        // From March, month lengths repeat as 31,30,31,30,31 = 153 days per 5 months.
        let monthFromMarch = (5 * dayOfYear + 2) / 153  // 0 = March ... 11 = February
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.day = Int(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1)
        self.month = Int(month)
        self.year = Int(era * 400 + yearOfEra + (month <= 2 ? 1 : 0))
    }

    /// Days since 1970-01-01. Months outside 1...12 roll into adjacent years
    /// and excess days roll forward, like `mktime`, instead of trapping.
    public var daysSinceEpoch: Int64 {
        let monthIndex = Int64(month) &- 1
        let yearCarry = floorDiv(monthIndex, 12)
        let month = monthIndex - yearCarry * 12 + 1  // 1...12
        // Year starting March 1 (see init(daysSinceEpoch:)).
        let marchYear = Int64(year) &+ yearCarry &- (month <= 2 ? 1 : 0)
        let era = floorDiv(marchYear, 400)
        let yearOfEra = marchYear - era * 400  // 0...399
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = ((153 * monthFromMarch + 2) / 5) &+ Int64(day) &- 1
        let dayOfEra = (yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100) &+ dayOfYear
        return era &* 146_097 &+ dayOfEra &- 719_468
    }

    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch &+ Int64(days))
    }

    /// 0 = Sunday ... 6 = Saturday. 1970-01-01 was a Thursday.
    public var weekday: Int {
        Int(floorMod(daysSinceEpoch &+ 4, 7))
    }

    /// True when month is 1...12 and day exists in that month.
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= CivilDate.daysInMonth(year: year, month: month)
    }

    /// "2026-10-04"; years beyond four digits or negative are printed as-is.
    public var description: String {
        let y = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return "\(y)-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Wall-clock time in some zone.
///
/// Deliberately zone-less: it is what a departure board shows, and only a
/// `TimeZoneRules` can turn it into an instant.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: CivilDate, hour: Int, minute: Int, second: Int) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Splits a count of wall-clock seconds since 1970-01-01T00:00.
    init(wallSeconds: Int64) {
        let days = floorDiv(wallSeconds, 86_400)
        let secondOfDay = Int(floorMod(wallSeconds, 86_400))
        self.init(
            date: CivilDate(daysSinceEpoch: days),
            hour: secondOfDay / 3_600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }

    /// The wall clock's hour and minute: what daily windows and schedules compare.
    public var timeOfDay: LocalTime {
        LocalTime(wrappingMinuteOfDay: hour * 60 + minute)
    }

    /// This wall time read as if it were UTC; the zone offset is applied by the caller.
    var wallSeconds: Int64 {
        let time = Int64(hour) &* 3_600 &+ Int64(minute) &* 60 &+ Int64(second)
        return date.daysSinceEpoch &* 86_400 &+ time
    }

    /// "2026-10-04T03:00:00"
    public var description: String {
        "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        return (lhs.hour, lhs.minute, lhs.second) < (rhs.hour, rhs.minute, rhs.second)
    }
}

/// Division rounding toward negative infinity (divisor must be positive).
@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b < 0) ? q - 1 : q
}

/// Remainder in 0..<b (divisor must be positive).
@inline(__always)
func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
    let r = a % b
    return r < 0 ? r + b : r
}

private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
