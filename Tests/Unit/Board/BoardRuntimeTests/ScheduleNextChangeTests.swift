import Testing
import ZoneInfo
@testable import BoardRuntime

/// An instant written as UTC wall time, so expectations are independent of any zone logic.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Int64 {
    CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
}

@Suite struct ScheduleNextChangeTests {
    let sydney: TimeZoneRules
    let london: TimeZoneRules

    init() throws {
        sydney = try TimeZoneRules.load("Australia/Sydney")
        london = try TimeZoneRules.load("Europe/London")
    }

    /// Screen off 02:30–05:00: its start falls in both of Sydney's DST changes.
    var nightly: BoardSchedule { BoardSchedule(screenOff: [window("02:30-05:00")]) }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var windows: [String]
        var after: Int64
        var expected: Int64?
        var testDescription: String { name }
    }

    // Sydney is UTC+10 in June (AEST), UTC+11 in January (AEDT).
    static let sydneyCases: [Case] = [
        Case(
            name: "ordinary day, next edge later today", windows: ["06:00-23:00"],
            after: utc(2026, 6, 15, 2, 0), expected: utc(2026, 6, 15, 13, 0)),
        Case(
            name: "exactly on an edge moves to the following one", windows: ["06:00-23:00"],
            after: utc(2026, 6, 15, 13, 0), expected: utc(2026, 6, 15, 20, 0)),
        Case(
            name: "across midnight", windows: ["23:30-05:00"],
            after: utc(2026, 6, 15, 13, 45), expected: utc(2026, 6, 15, 19, 0)),
        Case(
            name: "only edge tomorrow", windows: ["00:30-00:45"],
            after: utc(2026, 1, 15, 2, 0), expected: utc(2026, 1, 15, 13, 30)),
        Case(
            name: "DST start: 02:30 does not exist, takes effect at 03:00 AEDT", windows: ["02:30-05:00"],
            after: utc(2026, 10, 3, 15, 0), expected: utc(2026, 10, 3, 16, 0)),
        Case(
            name: "DST start: next is 05:00 AEDT", windows: ["02:30-05:00"],
            after: utc(2026, 10, 3, 16, 0), expected: utc(2026, 10, 3, 18, 0)),
        Case(
            name: "DST end: 02:30 first occurrence (AEDT)", windows: ["02:30-05:00"],
            after: utc(2026, 4, 4, 14, 0), expected: utc(2026, 4, 4, 15, 30)),
        Case(
            name: "DST end: second 02:30 (AEST) is skipped", windows: ["02:30-05:00"],
            after: utc(2026, 4, 4, 15, 30), expected: utc(2026, 4, 4, 19, 0)),
        Case(
            name: "DST end: from inside the repeated hour", windows: ["02:30-05:00"],
            after: utc(2026, 4, 4, 16, 15), expected: utc(2026, 4, 4, 19, 0)),
        Case(name: "all-day windows never change", windows: ["04:00-04:00"], after: utc(2026, 1, 1, 0, 0), expected: nil),
        Case(
            name: "adjacent windows covering the day never change", windows: ["00:00-12:00", "12:00-00:00"],
            after: utc(2026, 1, 1, 0, 0), expected: nil),
    ]

    @Test(arguments: sydneyCases)
    func sydney(_ c: Case) {
        let schedule = BoardSchedule(operatingHours: c.windows.map(window))
        #expect(schedule.nextChange(afterUnixSeconds: c.after, zone: sydney) == c.expected)
    }

    // London 2026: BST from 01:00 GMT on 29 March, back at 01:00 GMT on 25 October.
    static let londonCases: [Case] = [
        Case(
            name: "01:30 in the spring gap becomes 02:00 BST", windows: ["01:30-06:00"],
            after: utc(2026, 3, 29, 0, 0), expected: utc(2026, 3, 29, 1, 0)),
        Case(
            name: "01:30 in the autumn overlap: first, BST", windows: ["01:30-06:00"],
            after: utc(2026, 10, 25, 0, 0), expected: utc(2026, 10, 25, 0, 30)),
        Case(
            name: "01:30 in the autumn overlap: not again in GMT", windows: ["01:30-06:00"],
            after: utc(2026, 10, 25, 0, 30), expected: utc(2026, 10, 25, 6, 0)),
        Case(name: "winter is UTC", windows: ["08:00-20:00"], after: utc(2026, 12, 1, 9, 0), expected: utc(2026, 12, 1, 20, 0)),
        Case(name: "summer is UTC+1", windows: ["08:00-20:00"], after: utc(2026, 7, 1, 9, 0), expected: utc(2026, 7, 1, 19, 0)),
    ]

    @Test(arguments: londonCases)
    func london(_ c: Case) {
        let schedule = BoardSchedule(operatingHours: c.windows.map(window))
        #expect(schedule.nextChange(afterUnixSeconds: c.after, zone: london) == c.expected)
    }

    @Test func answersAroundSydneyDSTStart() {
        #expect(!nightly.isScreenOff(atUnixSeconds: utc(2026, 10, 3, 15, 59, 59), zone: sydney))
        #expect(nightly.isScreenOff(atUnixSeconds: utc(2026, 10, 3, 16, 0), zone: sydney))
    }

    @Test func repeatedHourDoesNotUndoABoundary() {
        // 16:15Z is 02:15 AEST, the second pass through 02:xx: 02:30 AEDT has already happened.
        #expect(!nightly.isScreenOff(atUnixSeconds: utc(2026, 4, 4, 15, 29, 59), zone: sydney))
        #expect(nightly.isScreenOff(atUnixSeconds: utc(2026, 4, 4, 15, 30), zone: sydney))
        #expect(nightly.isScreenOff(atUnixSeconds: utc(2026, 4, 4, 16, 15), zone: sydney))
        #expect(!nightly.isScreenOff(atUnixSeconds: utc(2026, 4, 4, 19, 0), zone: sydney))
    }

    @Test func contrastAndEmptySchedules() {
        let contrast = BoardSchedule(contrast: ContrastSchedule(steps: [(at("07:00"), 200), (at("21:00"), 30)]))
        #expect(contrast.contrast(atUnixSeconds: utc(2026, 6, 15, 20, 59), zone: sydney) == 30)  // 06:59 AEST
        #expect(contrast.contrast(atUnixSeconds: utc(2026, 6, 15, 21, 0), zone: sydney) == 200)
        #expect(contrast.nextChange(afterUnixSeconds: utc(2026, 6, 15, 21, 0), zone: sydney) == utc(2026, 6, 16, 11, 0))
        #expect(BoardSchedule().nextChange(afterUnixSeconds: 0, zone: sydney) == nil)
        #expect(BoardSchedule(contrast: ContrastSchedule(steps: [(at("07:00"), 9)])).nextChange(afterUnixSeconds: 0, zone: sydney) == nil)
        #expect(BoardSchedule().contrast(atUnixSeconds: 0, zone: sydney) == nil)
    }

    /// Walks both Sydney DST days minute by minute: the answers only ever change at the
    /// instants `nextChange` reports, each of them does change something, and none is ≤ t.
    @Test(arguments: [utc(2026, 10, 3, 0, 0), utc(2026, 4, 4, 0, 0)])
    func answersChangeExactlyAtReportedInstants(start: Int64) {
        let schedule = BoardSchedule(
            operatingHours: [window("05:00-01:00")], screenOff: [window("02:30-05:00")],
            contrast: ContrastSchedule(steps: [(at("02:45"), 10), (at("07:00"), 200)]))
        func answers(_ t: Int64) -> BoardSchedule.State {
            .init(
                operating: schedule.isOperating(atUnixSeconds: t, zone: sydney),
                screenOff: schedule.isScreenOff(atUnixSeconds: t, zone: sydney),
                contrast: schedule.contrast(atUnixSeconds: t, zone: sydney))
        }
        var changes: [Int64] = []
        var t = start
        while let next = schedule.nextChange(afterUnixSeconds: t, zone: sydney), next < start + 2 * 86_400 {
            #expect(next > t)
            #expect(answers(next) != answers(next - 1), "nothing changed at \(next)")
            changes.append(next)
            t = next
        }
        #expect(changes.count >= 8)
        var reference = answers(start)
        for s in stride(from: start, to: start + 2 * 86_400, by: 30) {
            let current = answers(s)
            if current != reference {
                #expect(changes.contains { $0 > s - 30 && $0 <= s }, "unreported change before \(s)")
                reference = current
            }
        }
    }
}
