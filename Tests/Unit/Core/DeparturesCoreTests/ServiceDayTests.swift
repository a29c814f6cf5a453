import DeparturesCore
import Foundation
import Testing
import ZoneInfo

/// The time contract: service days start at local noon − 12 h, the nearest of D−1/D/D+1
/// wins, labels are `HH:mm` of the instant in the board's zone.
struct ServiceDayTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let zone: String
        let now: String
        let secs: Int
        /// Expected instant, with the zone's offset.
        let instant: String
        let label: String
        let minutes: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "ordinary morning", zone: "Australia/Sydney", now: "2026-11-23T09:30:00+11:00",
            secs: Fixtures.secs(9, 35), instant: "2026-11-23T09:35:00+11:00", label: "09:35", minutes: 5),
        Case(
            name: "after midnight, yesterday's trip past 24:00", zone: "Australia/Sydney",
            now: "2026-11-23T00:10:00+11:00", secs: Fixtures.secs(24, 15),
            instant: "2026-11-23T00:15:00+11:00", label: "00:15", minutes: 5),
        Case(
            name: "after midnight, yesterday's 23:58 stays yesterday", zone: "Australia/Sydney",
            now: "2026-11-23T00:05:00+11:00", secs: Fixtures.secs(23, 58),
            instant: "2026-11-22T23:58:00+11:00", label: "23:58", minutes: 0),
        Case(
            name: "before midnight, tomorrow's 00:10", zone: "Australia/Sydney",
            now: "2026-11-22T23:50:00+11:00", secs: Fixtures.secs(0, 10),
            instant: "2026-11-23T00:10:00+11:00", label: "00:10", minutes: 20),
        Case(
            name: "before midnight, today's trip at 24:20", zone: "Australia/Sydney",
            now: "2026-11-22T23:50:00+11:00", secs: Fixtures.secs(24, 20),
            instant: "2026-11-23T00:20:00+11:00", label: "00:20", minutes: 30),
        // Sydney DST starts 2026-10-04 02:00 AEST → 03:00 AEDT: the service day starts at
        // 23:00 the evening before (noon AEDT − 12 h), so 08:00 is 08:00 AEDT…
        Case(
            name: "Sydney DST start, morning", zone: "Australia/Sydney", now: "2026-10-04T07:50:00+11:00",
            secs: Fixtures.secs(8, 0), instant: "2026-10-04T08:00:00+11:00", label: "08:00", minutes: 10),
        // …and 01:00 of that service day is local midnight (GTFS's noon − 12 h rule).
        Case(
            name: "Sydney DST start, 01:00 is midnight", zone: "Australia/Sydney",
            now: "2026-10-03T23:55:00+10:00", secs: Fixtures.secs(1, 0),
            instant: "2026-10-04T00:00:00+10:00", label: "00:00", minutes: 5),
        // Sydney DST ends 2026-04-05 03:00 AEDT → 02:00 AEST: the day starts at 01:00 AEDT.
        Case(
            name: "Sydney DST end, morning", zone: "Australia/Sydney", now: "2026-04-05T07:45:00+10:00",
            secs: Fixtures.secs(8, 0), instant: "2026-04-05T08:00:00+10:00", label: "08:00", minutes: 15),
        Case(
            name: "Sydney DST end, 00:30 is 01:30 AEDT", zone: "Australia/Sydney",
            now: "2026-04-05T01:20:00+11:00", secs: Fixtures.secs(0, 30),
            instant: "2026-04-05T01:30:00+11:00", label: "01:30", minutes: 10),
        // Northern hemisphere: New York 2026-03-08 (spring) and 2026-11-01 (fall).
        Case(
            name: "New York DST start", zone: "America/New_York", now: "2026-03-08T07:58:00-04:00",
            secs: Fixtures.secs(8, 0), instant: "2026-03-08T08:00:00-04:00", label: "08:00", minutes: 2),
        Case(
            name: "New York DST end", zone: "America/New_York", now: "2026-11-01T07:00:00-05:00",
            secs: Fixtures.secs(8, 0), instant: "2026-11-01T08:00:00-05:00", label: "08:00", minutes: 60),
        Case(
            name: "New York DST end, late trip past midnight", zone: "America/New_York",
            now: "2026-11-01T00:20:00-04:00", secs: Fixtures.secs(24, 30),
            instant: "2026-11-01T00:30:00-04:00", label: "00:30", minutes: 10),
        Case(
            name: "London BST start", zone: "Europe/London", now: "2026-03-29T07:30:00+01:00",
            secs: Fixtures.secs(8, 0), instant: "2026-03-29T08:00:00+01:00", label: "08:00", minutes: 30),
        Case(
            name: "London BST end", zone: "Europe/London", now: "2026-10-25T07:30:00+00:00",
            secs: Fixtures.secs(8, 0), instant: "2026-10-25T08:00:00+00:00", label: "08:00", minutes: 30),
        Case(
            name: "fractional now rounds the countdown down", zone: "Australia/Sydney",
            now: "2026-11-23T09:30:00.5+11:00", secs: Fixtures.secs(9, 35),
            instant: "2026-11-23T09:35:00+11:00", label: "09:35", minutes: 4),
    ]

    @Test(arguments: cases)
    func resolvesInstantLabelAndCountdown(_ testCase: Case) {
        let zone = Fixtures.zone(testCase.zone)
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: zone))
        let now = Fixtures.instant(testCase.now)
        let departure = Fixtures.departure("trip", at: testCase.secs)
        let resolved = rules.resolve([departure], now: now)
        #expect(resolved.count == 1)
        guard let first = resolved.first else { return }
        #expect(TimeText.iso8601(first.instant, in: zone) == testCase.instant)
        let row = DepartureRow(first, now: now, zone: zone)
        #expect(row.time == testCase.label)
        #expect(row.minutes == testCase.minutes)
    }

    @Test func serviceDayStartIsNoonMinusTwelveHours() {
        let calendar = ServiceDayCalendar(zone: Fixtures.sydney)
        let ordinary = calendar.serviceDayStart(CivilDate(year: 2026, month: 11, day: 23))
        #expect(ordinary == Int64(Fixtures.instant("2026-11-23T00:00:00+11:00").timeIntervalSince1970))
        let springForward = calendar.serviceDayStart(CivilDate(year: 2026, month: 10, day: 4))
        #expect(springForward == Int64(Fixtures.instant("2026-10-03T23:00:00+10:00").timeIntervalSince1970))
        let fallBack = calendar.serviceDayStart(CivilDate(year: 2026, month: 4, day: 5))
        #expect(fallBack == Int64(Fixtures.instant("2026-04-05T01:00:00+11:00").timeIntervalSince1970))
    }

    @Test func aDelayNeverMovesATripToAnotherDay() {
        // Scheduled 23:50 yesterday, 20 min late: the realtime instant is 00:10 today, not tomorrow.
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))
        let now = Fixtures.instant("2026-11-23T00:05:00+11:00")
        let late = Fixtures.departure("late", at: Fixtures.secs(23, 50), delay: 20 * 60)
        let resolved = rules.resolve([late], now: now)
        #expect(TimeText.iso8601(resolved[0].instant, in: Fixtures.sydney) == "2026-11-23T00:10:00+11:00")
        #expect(resolved[0].serviceDay == CivilDate(year: 2026, month: 11, day: 22))
    }
    // The process TZ is proven irrelevant end to end by the CLI tests, which run the real
    // binary under several TZ values (changing TZ here would race ZoneInfo's glibc checks).
}
