import BoardRuntime
import DeparturesCore
import Foundation
import Testing
import ZoneInfo

@Suite struct AnnounceTriggersTests {
    static let zone: TimeZoneRules = { try! TimeZoneRules.load("Australia/Sydney") }()
    /// 2026-11-23T09:30:00+11:00, on a quarter hour.
    static let quarter = Date(timeIntervalSince1970: 1_795_386_600)

    static func row(_ trip: String, _ route: String, minutes: Int, cancelled: Bool = false, at now: Date = quarter) -> DepartureRow {
        let instant = now.addingTimeInterval(Double(minutes * 60 + 20))
        var departure = Departure(
            tripID: trip, routeShortName: route, headsign: "Emu Plains", scheduledTimeSecs: 0,
            realtimeTimeSecs: 0, delaySeconds: 0, isRealtime: true)
        departure.isCancelled = cancelled
        return DepartureRow(
            ResolvedDeparture(
                departure: departure, serviceDay: CivilDate(year: 2026, month: 11, day: 23),
                scheduledInstant: instant, instant: instant), now: now, zone: zone)
    }

    @Test func theClockSpeaksOncePerSlotAndNotAtStart() {
        var triggers = AnnounceTriggers(rules: AnnounceRules(every: .seconds(900)))
        // Started 20 s into the 09:30 slot: that slot is not spoken for.
        #expect(triggers.check(at: Self.quarter.addingTimeInterval(20), rows: []) == nil)
        #expect(triggers.check(at: Self.quarter.addingTimeInterval(899), rows: []) == nil)
        #expect(triggers.check(at: Self.quarter.addingTimeInterval(900), rows: []) == .scheduled)
        #expect(triggers.check(at: Self.quarter.addingTimeInterval(930), rows: []) == nil)
        #expect(triggers.nextScheduled(after: Self.quarter.addingTimeInterval(930)) == Self.quarter.addingTimeInterval(1800))
    }

    @Test func aWatchedRouteIsAnnouncedOnceWhenItComesDue() {
        var triggers = AnnounceTriggers(rules: AnnounceRules(routes: ["T1"], lead: 2))
        let far = [Self.row("a", "T1", minutes: 5), Self.row("b", "T4", minutes: 1)]
        #expect(triggers.check(at: Self.quarter, rows: far) == nil)
        let due = [Self.row("a", "T1", minutes: 2), Self.row("b", "T4", minutes: 1)]
        #expect(triggers.check(at: Self.quarter, rows: due) == .due([due[0]]))
        let sooner = [Self.row("a", "T1", minutes: 1)]
        #expect(triggers.check(at: Self.quarter, rows: sooner) == nil)
        #expect(triggers.nextScheduled(after: Self.quarter) == nil)
    }

    @Test func cancelledTripsAndOtherRoutesAreNotAnnounced() {
        var triggers = AnnounceTriggers(rules: AnnounceRules(routes: ["T1"], lead: 3))
        let rows = [Self.row("a", "T1", minutes: 1, cancelled: true), Self.row("b", "T8", minutes: 0)]
        #expect(triggers.check(at: Self.quarter, rows: rows) == nil)
    }

    @Test func aTripThatLeftTheBoardIsForgotten() {
        var triggers = AnnounceTriggers(rules: AnnounceRules(routes: ["T1"], lead: 2))
        let row = Self.row("a", "T1", minutes: 2)
        #expect(triggers.check(at: Self.quarter, rows: [row]) == .due([row]))
        #expect(triggers.check(at: Self.quarter, rows: []) == nil)
        // The same trip id on a later day, say, is a new trip to announce.
        #expect(triggers.check(at: Self.quarter, rows: [row]) == .due([row]))
    }

    @Test func theClockWinsWhenBothFire() {
        var triggers = AnnounceTriggers(rules: AnnounceRules(every: .seconds(900), routes: ["T1"], lead: 2))
        _ = triggers.check(at: Self.quarter.addingTimeInterval(-1), rows: [])
        let row = Self.row("a", "T1", minutes: 2)
        #expect(triggers.check(at: Self.quarter, rows: [row]) == .scheduled)
        // Its trip was said in the scheduled announcement: not again a minute later.
        #expect(triggers.check(at: Self.quarter.addingTimeInterval(60), rows: [row]) == nil)
    }
}
