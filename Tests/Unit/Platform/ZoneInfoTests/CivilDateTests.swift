import Testing
@testable import ZoneInfo

@Suite struct CivilDateTests {
    @Test func epochIsDayZero() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CivilDate(daysSinceEpoch: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(daysSinceEpoch: -1) == CivilDate(year: 1969, month: 12, day: 31))
    }

    /// Walks every day 1900...2200 by incrementing fields by hand, so the
    /// closed-form conversion is checked against an independent oracle.
    @Test func everyDayFrom1900To2200RoundTrips() {
        var expected = CivilDate(year: 1900, month: 1, day: 1)
        var days = CivilDate(year: 1900, month: 1, day: 1).daysSinceEpoch
        #expect(days == -25_567)  // 70 years * 365 + 17 leap days (1904...1968) before 1970
        var checked = 0
        while expected.year <= 2200 {
            let date = CivilDate(daysSinceEpoch: days)
            if date != expected || date.daysSinceEpoch != days || !date.isValid {
                Issue.record("mismatch at \(days): \(date) vs \(expected)")
                return
            }
            expected.day += 1
            if expected.day > CivilDate.daysInMonth(year: expected.year, month: expected.month) {
                expected.day = 1
                expected.month += 1
                if expected.month > 12 { expected.month = 1; expected.year += 1 }
            }
            days += 1
            checked += 1
        }
        #expect(checked == 109_938)  // 301 * 365 + 73 leap days (76 multiples of 4, minus 1900, 2100, 2200)
    }

    @Test(arguments: [
        (CivilDate(year: 1970, month: 1, day: 1), 4),  // Thursday
        (CivilDate(year: 1900, month: 1, day: 1), 1),  // Monday
        (CivilDate(year: 2000, month: 1, day: 1), 6),  // Saturday
        (CivilDate(year: 2024, month: 2, day: 29), 4),  // Thursday
        (CivilDate(year: 2026, month: 10, day: 4), 0),  // Sunday (Sydney DST start)
        (CivilDate(year: 1969, month: 12, day: 31), 3),  // Wednesday
        (CivilDate(year: 1600, month: 3, day: 1), 3),  // Wednesday
    ])
    func weekday(date: CivilDate, expected: Int) {
        #expect(date.weekday == expected)
    }

    @Test(arguments: [(2000, true), (1900, false), (2024, true), (2023, false), (2100, false), (2400, true)])
    func leapYears(year: Int, leap: Bool) {
        #expect(CivilDate.isLeapYear(year) == leap)
        #expect(CivilDate(year: year, month: 2, day: 29).isValid == leap)
        // Feb 28 + 1 day is Feb 29 only in leap years.
        #expect(
            CivilDate(year: year, month: 2, day: 28).adding(days: 1)
                == (leap ? CivilDate(year: year, month: 2, day: 29) : CivilDate(year: year, month: 3, day: 1)))
    }

    @Test(arguments: [
        (CivilDate(year: 2026, month: 4, day: 30), true),
        (CivilDate(year: 2026, month: 4, day: 31), false),
        (CivilDate(year: 2026, month: 0, day: 1), false),
        (CivilDate(year: 2026, month: 13, day: 1), false),
        (CivilDate(year: 2026, month: 1, day: 0), false),
        (CivilDate(year: 2026, month: 12, day: 31), true),
    ])
    func validity(date: CivilDate, valid: Bool) {
        #expect(date.isValid == valid)
    }

    @Test func outOfRangeFieldsNormalizeLikeMktime() {
        #expect(
            CivilDate(daysSinceEpoch: CivilDate(year: 2026, month: 13, day: 1).daysSinceEpoch) == CivilDate(year: 2027, month: 1, day: 1))
        #expect(
            CivilDate(daysSinceEpoch: CivilDate(year: 2026, month: 0, day: 1).daysSinceEpoch) == CivilDate(year: 2025, month: 12, day: 1))
        #expect(
            CivilDate(daysSinceEpoch: CivilDate(year: 2026, month: 2, day: 31).daysSinceEpoch) == CivilDate(year: 2026, month: 3, day: 3))
    }

    @Test func addingDaysAndOrdering() {
        let d = CivilDate(year: 2026, month: 12, day: 31)
        #expect(d.adding(days: 1) == CivilDate(year: 2027, month: 1, day: 1))
        #expect(d.adding(days: -365) == CivilDate(year: 2025, month: 12, day: 31))
        #expect(CivilDate(year: 2026, month: 1, day: 31) < CivilDate(year: 2026, month: 2, day: 1))
        #expect(CivilDate(year: 2025, month: 12, day: 31) < CivilDate(year: 2026, month: 1, day: 1))
    }

    @Test func descriptions() {
        #expect(CivilDate(year: 2026, month: 10, day: 4).description == "2026-10-04")
        #expect(CivilDate(year: 33, month: 1, day: 2).description == "0033-01-02")
        let local = LocalDateTime(date: CivilDate(year: 2026, month: 10, day: 4), hour: 3, minute: 5, second: 9)
        #expect(local.description == "2026-10-04T03:05:09")
    }

    @Test func extremeDayCountsDoNotTrap() {
        for days: Int64 in [.max, .min, .max / 86_400, .min / 86_400] {
            let date = CivilDate(daysSinceEpoch: days)
            _ = date.daysSinceEpoch
            _ = date.weekday
        }
        _ = CivilDate(year: .max, month: .max, day: .max).daysSinceEpoch
        _ = CivilDate(year: .min, month: .min, day: .min).daysSinceEpoch
    }
}
