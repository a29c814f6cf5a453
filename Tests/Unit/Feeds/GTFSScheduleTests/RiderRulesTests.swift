import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import Testing
import ZoneInfo

/// Shapes of real feeds: a night route whose calls are drop-off only, trips ending at the
/// board's stop, a loop, stops that are not timepoints (with and without
/// shape_dist_traveled), approximate times and platform codes.
@Suite struct RiderRulesTests {
    static let feed: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nB,Buses,https://example.invalid,Australia/Sydney\n",
        "stops.txt": """
        stop_id,stop_name,parent_station,platform_code
        HUB,Town Hub,,
        A,Town Hub stand A,HUB,A
        B,Town Hub stand B,HUB,B
        C,Church St,,
        T,Terminus,,

        """,
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nN,N70,Night,3\nD,100,Day,3\n",
        "calendar.txt":
            "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20261101,20261130\n",
        "trips.txt": """
        route_id,service_id,trip_id,trip_headsign
        N,ALL,night,Terminus
        N,ALL,loop,Loop
        D,ALL,shape,Terminus
        D,ALL,even,Terminus
        D,ALL,approx,Terminus

        """,
        "stop_times.txt": """
        trip_id,stop_id,stop_sequence,arrival_time,departure_time,pickup_type,drop_off_type,timepoint,shape_dist_traveled
        night,C,1,01:00:00,01:00:00,0,1,1,
        night,A,2,01:10:00,01:10:00,1,0,1,
        night,T,3,01:20:00,01:20:00,1,0,1,
        loop,T,1,02:00:00,02:00:00,,,,
        loop,C,2,02:10:00,02:10:00,,,,
        loop,T,3,02:30:00,02:30:00,,,,
        shape,C,1,08:00:00,08:00:00,,,,0
        shape,A,2,,,,,0,1
        shape,B,3,,,,,0,4
        shape,T,4,08:10:00,08:10:00,,,,10
        even,C,1,08:20:00,08:20:00,,,,
        even,A,2,,,,,0,
        even,B,3,,,,,0,
        even,T,4,08:30:00,08:30:00,,,,
        approx,C,1,09:00:00,09:00:00,,,0,
        approx,T,2,09:10:00,09:10:00,,,,

        """,
    ]

    func store(_ folder: TempFolder) throws -> GTFSStore {
        try GTFSFeedBuilder.writeZip(Self.feed, to: folder.path + "/feed.zip")
        let summary = try GTFSImporter(stopIDs: ["HUB", "C", "T"]).importFeed(
            zipPath: folder.path + "/feed.zip",
            storePath: folder.path + "/s.sqlite")
        #expect(summary.interpolatedCalls == 4)
        return try GTFSStore(path: folder.path + "/s.sqlite")
    }

    func calls(_ store: GTFSStore, stops: Set<String>, at hour: Int, arrivals: Bool = false) throws -> [String] {
        try store.scheduledDepartures(
            stopIDs: stops, at: Sydney.at(2026, 11, 23, hour, 0), window: .seconds(3_600),
            includeDropOffOnly: arrivals
        )
        .map {
            "\($0.tripID) \($0.stopID) \(Sydney.wallClock($0).dropFirst(11))\($0.isDropOffOnly ? " arr" : "")\($0.isEstimated ? " est" : "")"
        }
    }

    @Test func noOneBoardsAtDropOffOnlyCallsOrATripsLastStop() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try store(folder)
        // The night bus sets down only at the hub and ends at the terminus: no departure at either.
        #expect(try calls(store, stops: ["HUB", "T"], at: 1) == [])
        #expect(try calls(store, stops: ["C"], at: 1) == ["night C 01:00:00"])
        // Shown as arrivals when the board asks for them.
        #expect(try calls(store, stops: ["HUB", "T"], at: 1, arrivals: true) == ["night A 01:10:00 arr", "night T 01:20:00 arr"])
        // A loop leaves its terminus first, and only arrives there at the end.
        #expect(try calls(store, stops: ["T"], at: 2) == ["loop T 02:00:00"])
        #expect(try calls(store, stops: ["T"], at: 2, arrivals: true) == ["loop T 02:00:00", "loop T 02:30:00 arr"])
    }

    @Test func untimedCallsAreInterpolatedAndMarked() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try store(folder)
        // By distance (0, 1, 4, 10 along 10 minutes), else evenly (thirds of 10 minutes).
        #expect(
            try calls(store, stops: ["HUB"], at: 8) == [
                "shape A 08:01:00 est", "shape B 08:04:00 est", "even A 08:23:20 est", "even B 08:26:40 est",
            ])
        // timepoint=0 with times: approximate, so estimated too.
        #expect(try calls(store, stops: ["C"], at: 9) == ["approx C 09:00:00 est"])
    }

    @Test func platformCodesAndServiceDates() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try store(folder)
        let found = try store.scheduledDepartures(stopIDs: ["HUB"], at: Sydney.at(2026, 11, 23, 8, 0), window: .seconds(3_600))
        #expect(found.map(\.platform) == ["A", "B", "A", "B"])
        #expect(try store.scheduledDepartures(stopIDs: ["C"], at: Sydney.at(2026, 11, 23, 9, 0)).first?.platform == nil)
        #expect(store.platformCode(stopID: "B") == "B")
        #expect(store.serviceDates == CivilDate(year: 2026, month: 11, day: 1)...CivilDate(year: 2026, month: 11, day: 30))
        #expect(store.routeLabel(routeID: "N") == "N70")
        #expect(store.hasTrip(tripID: "night") && !store.hasTrip(tripID: "nope"))
        #expect(store.childStops(of: ["HUB"]) == ["A", "B"])
    }
}
