import DeparturesCore
import Foundation
import GTFSSchedule
import Testing
import ZoneInfo

/// Departures from the small feed, imported for the station CEN (platforms CEN1 and CEN2).
@Suite struct ScheduledDepartureTests {
    /// (trip, Sydney wall clock) pairs, in the order returned.
    private func calls(
        at now: Date, window: Duration = .seconds(7_200), stops: Set<String> = ["CEN"],
        filter: GTFSFilter = .all
    ) throws -> [String] {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try SmallFeed().store(in: folder)
        return try store.scheduledDepartures(stopIDs: stops, at: now, window: window, filter: filter)
            .map { "\($0.tripID) \(Sydney.wallClock($0).dropFirst(11))" }
    }

    @Test func weekdayUsesCalendarAndFrequencies() throws {
        // Monday 2026-04-13: weekday service; T_FREQ runs every 15 min from 07:00, 5 min to CEN2.
        // T_WK's untimed call at CEN2 is interpolated halfway between 07:50 and 08:00.
        #expect(
            try calls(at: Sydney.at(2026, 4, 13, 7, 30))
                == ["T_FREQ 07:35:00", "T_FREQ 07:50:00", "T_WK 07:55:00", "T_DAILY 08:00:00", "T_WK 08:00:00"])
    }

    @Test func calendarDatesRemoveAndAdd() throws {
        // Easter Monday 2026-04-06: WK removed, WE added.
        #expect(
            try calls(at: Sydney.at(2026, 4, 6, 7, 30))
                == ["T_FREQ 07:35:00", "T_FREQ 07:50:00", "T_DAILY 08:00:00", "T_WE 08:00:00"])
    }

    @Test func calendarDatesOnlyServiceAndStopHeadsign() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try SmallFeed().store(in: folder)
        let found = try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 10, 8, 30))
        #expect(
            found == [
                ScheduledDeparture(
                    tripID: "T_SPECIAL", routeID: "R3", routeLabel: "R3", headsign: "Special Event", directionID: 1,
                    stopID: "CEN1", stopSequence: 1, serviceDay: CivilDate(year: 2026, month: 4, day: 10), departureSecs: 32_400),
                ScheduledDeparture(
                    tripID: "T_STOPHS", routeID: "R1", routeLabel: "T1", headsign: "via Midway", directionID: 0,
                    stopID: "CEN1", stopSequence: 1, serviceDay: CivilDate(year: 2026, month: 4, day: 10), departureSecs: 36_000,
                    routeColor: "F99D1C"),
            ])
        // The same calendar_dates-only service does not run the next Friday.
        #expect(try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 17, 8, 30)).map(\.tripID) == ["T_STOPHS"])
    }

    @Test func tripPastMidnightBelongsToYesterday() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try SmallFeed().store(in: folder)
        let found = try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 14, 0, 30))
        // 25:10:00 of Monday's service day is 01:10 on Tuesday; no trip_headsign: the last stop names it.
        #expect(
            found == [
                ScheduledDeparture(
                    tripID: "T_LATE", routeID: "R2", routeLabel: "Airport Express", headsign: "Airport", directionID: 1,
                    stopID: "CEN1", stopSequence: 1, serviceDay: CivilDate(year: 2026, month: 4, day: 13), departureSecs: 90_600)
            ])
        #expect(found.map(Sydney.wallClock) == ["2026-04-14T01:10:00"])
    }

    @Test(arguments: [(4, 5), (10, 4)])
    func daylightSavingChangeDaysKeepWallClock(month: Int, day: Int) throws {
        // 2026-04-05 ends daylight saving (03:00 → 02:00), 2026-10-04 starts it (02:00 → 03:00).
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try SmallFeed().store(in: folder)
        let found = try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, month, day, 7, 0))
        let date = "2026-\(month < 10 ? "0" : "")\(month)-0\(day)"
        #expect(
            found.map { "\($0.tripID) \(Sydney.wallClock($0))" } == [
                "T_FREQ \(date)T07:05:00", "T_FREQ \(date)T07:20:00", "T_FREQ \(date)T07:35:00", "T_FREQ \(date)T07:50:00",
                "T_DAILY \(date)T08:00:00", "T_WE \(date)T08:00:00",
            ])
        #expect(found.allSatisfy { $0.serviceDay == CivilDate(year: 2026, month: month, day: day) })
    }

    @Test func frequencyInstancesNameTheirStartTime() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try SmallFeed().store(in: folder)
        let all = try store.scheduledDepartures(stopIDs: ["CEN2"], at: Sydney.at(2026, 4, 13, 6, 30), window: .seconds(5_400))
        // T_WK's interpolated 07:55 call at CEN2 is the last in the window.
        #expect(all.map(\.tripID) == ["T_FREQ", "T_FREQ", "T_FREQ", "T_FREQ", "T_WK"])
        let found = all.filter { $0.tripID == "T_FREQ" }
        // The template's own 06:05 call is not a departure: only headway instances are.
        #expect(found.map(\.startTime) == ["07:00:00", "07:15:00", "07:30:00", "07:45:00"])
        #expect(found.map(\.departureSecs) == [25_500, 26_400, 27_300, 28_200])
        #expect(found.allSatisfy { $0.tripID == "T_FREQ" && $0.stopSequence == 2 && $0.headsign == "Loop" })
    }

    @Test func windowAndLookBack() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try SmallFeed().store(in: folder)
        let now = Sydney.at(2026, 4, 13, 8, 0)
        #expect(try store.scheduledDepartures(stopIDs: ["CEN"], at: now, window: .seconds(60)).map(\.tripID) == ["T_DAILY", "T_WK"])
        #expect(
            try store.scheduledDepartures(stopIDs: ["CEN"], at: now, window: .seconds(60), lookBack: .seconds(600)).map(\.tripID)
                == ["T_FREQ", "T_WK", "T_DAILY", "T_WK"])
    }

    @Test func filters() throws {
        let friday = Sydney.at(2026, 4, 10, 7, 30), window = Duration.seconds(4 * 3_600)
        #expect(
            try calls(at: friday, window: window) == [
                "T_FREQ 07:35:00", "T_FREQ 07:50:00", "T_WK 07:55:00", "T_DAILY 08:00:00", "T_WK 08:00:00", "T_SPECIAL 09:00:00",
                "T_STOPHS 10:00:00",
            ])
        #expect(
            try calls(at: friday, window: window, filter: GTFSFilter(routeShortNames: ["T1"])) == [
                "T_FREQ 07:35:00", "T_FREQ 07:50:00", "T_WK 07:55:00", "T_DAILY 08:00:00", "T_WK 08:00:00", "T_STOPHS 10:00:00",
            ])
        #expect(try calls(at: friday, window: window, filter: GTFSFilter(routeIDs: ["R3"])) == ["T_SPECIAL 09:00:00"])
        #expect(try calls(at: friday, window: window, filter: GTFSFilter(routeIDs: ["R3"], routeShortNames: ["T1"])).count == 7)
        #expect(try calls(at: friday, window: window, filter: GTFSFilter(headsignContains: "NORTH")) == ["T_DAILY 08:00:00"])
        // T_STOPHS's trip_headsign is Endville, but at CEN1 its stop_headsign wins.
        #expect(
            try calls(at: friday, window: window, filter: GTFSFilter(headsignContains: "endville")) == ["T_WK 07:55:00", "T_WK 08:00:00"])
        #expect(try calls(at: friday, window: window, filter: GTFSFilter(directionID: 1)) == ["T_SPECIAL 09:00:00"])
        #expect(
            try calls(at: friday, window: window, stops: ["CEN2"])
                == ["T_FREQ 07:35:00", "T_FREQ 07:50:00", "T_WK 07:55:00", "T_DAILY 08:00:00"])
    }

    @Test func zoneOverrideShiftsInstants() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try SmallFeed().store(in: folder)
        #expect(store.agencyTimezone == "Australia/Sydney")
        let utcNow = Date(
            timeIntervalSince1970: Double(CivilDate(year: 2026, month: 4, day: 13).daysSinceEpoch * 86_400 + 7 * 3_600 + 1_800))
        // Read as UTC, the 08:00 trips are 08:00Z.
        let found = try store.scheduledDepartures(stopIDs: ["CEN1"], at: utcNow, window: .seconds(3_600), zone: .utc)
        #expect(found.map(\.tripID) == ["T_WK"])
    }
}
