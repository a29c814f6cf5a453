import DeparturesCore
import Foundation
import Testing

struct DepartureRulesTests {
    let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney), departedGrace: .seconds(60), limit: 3)
    let now = Fixtures.instant("2026-11-23T09:30:00+11:00")

    @Test func dropsDeparturesPastTheGraceAndKeepsTheRest() {
        let departures = [
            Fixtures.departure("gone", at: Fixtures.secs(9, 28, 59)),  // 61 s ago
            Fixtures.departure("edge", at: Fixtures.secs(9, 29)),  // exactly 60 s ago
            Fixtures.departure("soon", at: Fixtures.secs(9, 31)),
        ]
        let visible = rules.visible(rules.resolve(departures, now: now), now: now)
        #expect(visible.map(\.departure.tripID) == ["edge", "soon"])
    }

    @Test func sortsByRealtimeInstantNotBySchedule() {
        let departures = [
            Fixtures.departure("late", at: Fixtures.secs(9, 32), delay: 300),  // 09:37
            Fixtures.departure("on-time", at: Fixtures.secs(9, 35)),
            Fixtures.departure("early", at: Fixtures.secs(9, 36), delay: -120),  // 09:34
        ]
        let visible = rules.visible(rules.resolve(departures, now: now), now: now)
        #expect(visible.map(\.departure.tripID) == ["early", "on-time", "late"])
    }

    @Test func tiesAreBrokenStablyWhateverTheInputOrder() {
        let a = Fixtures.departure("a", route: "T4", at: Fixtures.secs(9, 40))
        let b = Fixtures.departure("b", route: "T1", at: Fixtures.secs(9, 40))
        let c = Fixtures.departure("c", route: "T1", at: Fixtures.secs(9, 38), delay: 120)
        let forward = rules.visible(rules.resolve([a, b, c], now: now), now: now).map(\.departure.tripID)
        let backward = rules.visible(rules.resolve([c, b, a], now: now), now: now).map(\.departure.tripID)
        #expect(forward == ["c", "b", "a"])
        #expect(backward == forward)
    }

    @Test func keepsOnlyTheLimit() {
        let departures = (0..<10).map { Fixtures.departure("t\($0)", at: Fixtures.secs(9, 40 + $0)) }
        let visible = rules.visible(rules.resolve(departures, now: now), now: now)
        #expect(visible.map(\.departure.tripID) == ["t0", "t1", "t2"])
    }

    @Test(
        arguments: [
            (0, nil), (-30, nil), (1, "+1 min"), (40, "+1 min"), (59, "+1 min"), (60, "+1 min"),
            (119, "+1 min"), (120, "+2 min"), (3_599, "+59 min"), (3_600, "+60 min"),
        ] as [(Int, String?)])
    func delayText(seconds: Int, expected: String?) {
        #expect(RowWords(minutesToGo: 5, delaySeconds: seconds, minutesToLeave: 5).delay() == expected)
    }

    @Test func rowWordsLongAndShort() {
        let late = RowWords(minutesToGo: 5, delaySeconds: 150, minutesToLeave: 3)
        #expect([late.countdown(), late.countdown(short: true)] == ["5 min", "5m"])
        #expect([late.delay(), late.delay(short: true)] == ["+2 min", "+2"])
        #expect([late.leave(), late.leave(short: true)] == ["leave in 3 min", "go 3m"])
        #expect(late.minutesLate == 2 && late.minutesEarly == nil)
        let now = RowWords(minutesToGo: 0, delaySeconds: -59, minutesToLeave: 0)
        #expect([now.countdown(), now.countdown(short: true), now.leave(), now.leave(short: true)] == ["Now", "Now", "go now", "go now"])
        #expect(now.minutesLate == nil && now.minutesEarly == nil, "under a minute early is on time")
        #expect(RowWords(minutesToGo: 9, delaySeconds: -120, minutesToLeave: 9).minutesEarly == 2)
        let cancelled = RowWords(minutesToGo: 4, delaySeconds: 300, minutesToLeave: 4, isCancelled: true)
        #expect([cancelled.countdown(), cancelled.countdown(short: true)] == ["Cancelled", "Canc"])
        #expect(cancelled.delay() == nil)
        let missed = RowWords(minutesToGo: 1, delaySeconds: 0, minutesToLeave: 0, isReachable: false)
        #expect([missed.leave(), missed.leave(short: true)] == ["too late", "-"])
    }

    @Test func countdownIsWholeMinutesNeverNegative() {
        let base = Fixtures.instant("2026-11-23T09:30:00+11:00")
        #expect(DepartureRow.minutes(until: base.addingTimeInterval(59.999), from: base) == 0)
        #expect(DepartureRow.minutes(until: base.addingTimeInterval(60), from: base) == 1)
        #expect(DepartureRow.minutes(until: base.addingTimeInterval(299), from: base) == 4)
        #expect(DepartureRow.minutes(until: base.addingTimeInterval(-30), from: base) == 0)
    }

    @Test func rowTexts() {
        let resolved = rules.resolve(
            [Fixtures.departure("x", route: "T8", headsign: "Airport", at: Fixtures.secs(9, 33), delay: 150, realtime: true)], now: now)
        let row = DepartureRow(resolved[0], now: now, zone: Fixtures.sydney)
        #expect(row.route == "T8")
        #expect(row.minutes == 5)
        #expect(row.countdown == "5 min")
        #expect(row.delay == "+2 min")
        #expect(row.time == "09:35")
        #expect(row.isRealtime)
        let departing = rules.resolve([Fixtures.departure("y", at: Fixtures.secs(9, 30, 30))], now: now)
        #expect(DepartureRow(departing[0], now: now, zone: Fixtures.sydney).countdown == "Now")
    }
}
