import Foundation
import GTFSSchedule
import Testing
import ZoneInfo

/// Untimed calls, as US bus feeds publish them: only timepoints carry times, the stops
/// between are blank and get interpolated.
@Suite struct InterpolationTests {
    static let feed: [String: String] = [
        "agency.txt": "agency_name,agency_url,agency_timezone\nMetro Transit,https://example.invalid,America/Chicago\n",
        "stops.txt": """
        stop_id,stop_name,stop_lat,stop_lon
        A,Downtown Transit Center,44.9778,-93.2650
        B,Nicollet & 8th,44.9740,-93.2740
        C,Nicollet & Franklin,44.9630,-93.2780
        D,Uptown Transit Station,44.9490,-93.2980

        """,
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\n18,18,Nicollet Av,3\n",
        "calendar.txt": """
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        WKDY,1,1,1,1,1,0,0,20260101,20261231

        """,
        "trips.txt": """
        route_id,service_id,trip_id,trip_headsign,direction_id
        18,WKDY,EVEN,Uptown,0
        18,WKDY,DIST,Uptown,0
        18,WKDY,APPROX,Uptown,0
        18,WKDY,FREQ,Uptown,0
        18,WKDY,BROKEN,Uptown,0

        """,
        // EVEN: sequence numbers with gaps, an arrival and a departure at each timed end;
        // DIST: shape_dist_traveled 0, 1, 4, 10; APPROX: times given, timepoint=0.
        // FREQ: a headway template whose inner stops are untimed. BROKEN starts untimed.
        "stop_times.txt": """
        trip_id,arrival_time,departure_time,stop_id,stop_sequence,timepoint,shape_dist_traveled
        EVEN,07:58:00,08:00:00,A,1,1,
        EVEN,,,B,5,0,
        EVEN,,,C,6,0,
        EVEN,08:10:00,08:12:00,D,20,1,
        DIST,09:00:00,09:00:00,A,1,1,0
        DIST,,,B,2,0,1.0
        DIST,,,C,3,0,4
        DIST,09:10:00,09:10:00,D,4,1,10.0
        APPROX,10:00:00,10:00:00,A,1,1,
        APPROX,10:02:30,10:02:30,B,2,0,
        APPROX,10:05:00,10:05:00,C,3,0,
        APPROX,10:10:00,10:10:00,D,4,1,
        FREQ,06:00:00,06:00:00,A,1,1,
        FREQ,,,B,2,0,
        FREQ,,,C,3,0,
        FREQ,06:10:00,06:10:00,D,4,1,
        BROKEN,,,B,1,0,
        BROKEN,11:10:00,11:10:00,D,2,1,

        """,
        "frequencies.txt": "trip_id,start_time,end_time,headway_secs,exact_times\nFREQ,07:00:00,08:00:00,1800,1\n",
    ]

    /// "trip stop HH:MM:SS" for a Monday from 06:30, and whether each is estimated.
    private func calls(_ stops: Set<String>) throws -> [(String, Bool)] {
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, summary) = try importedStore(Self.feed, stops: stops, in: folder)
        #expect(summary.unplacedCalls == (stops.contains("B") ? 1 : 0))
        let chicago = try Zone("America/Chicago")
        return try store.scheduledDepartures(stopIDs: stops, at: chicago.at(2026, 6, 15, 6, 30), window: .seconds(5 * 3_600))
            .map { ("\($0.tripID) \($0.stopID) \(chicago.clock($0))", $0.isEstimated) }
    }

    @Test func untimedCallsAreInterpolatedAndMarkedEstimated() throws {
        let found = try calls(["B", "C"])
        // Evenly by position between A's departure (08:00) and D's arrival (08:10): thirds of
        // ten minutes, exact. By distance 1/10 and 4/10 of the way: 09:01 and 09:04.
        // Frequency instances shift the template from its first timed stop (06:00).
        #expect(
            found.map(\.0) == [
                "FREQ B 07:03:20", "FREQ C 07:06:40", "FREQ B 07:33:20", "FREQ C 07:36:40",
                "EVEN B 08:03:20", "EVEN C 08:06:40", "DIST B 09:01:00", "DIST C 09:04:00",
                "APPROX B 10:02:30", "APPROX C 10:05:00",
            ])
        #expect(found.allSatisfy { $0.1 }, "interpolated and timepoint=0 calls are estimates")
    }

    @Test func timedCallsStayExact() throws {
        let found = try calls(["A"])
        #expect(found.map(\.0) == ["FREQ A 07:00:00", "FREQ A 07:30:00", "EVEN A 08:00:00", "DIST A 09:00:00", "APPROX A 10:00:00"])
        #expect(found.allSatisfy { !$0.1 })
    }

    @Test func summaryCountsInterpolatedAndUnplacedCalls() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let (_, summary) = try importedStore(Self.feed, stops: ["B", "C"], in: folder)
        // B and C of EVEN, DIST and FREQ; BROKEN's B has no timed stop before it.
        #expect(summary.interpolatedCalls == 6)
        #expect(summary.unplacedCalls == 1)
        #expect(summary.boardStopTimes == 9)
    }

    @Test func badShapeDistanceNamesTheLine() throws {
        var feed = Self.feed
        feed["stop_times.txt"] = feed["stop_times.txt"]!.replacingOccurrences(of: "C,3,0,4\n", with: "C,3,0,four\n")
        let folder = try TempFolder()
        defer { folder.remove() }
        #expect(
            throws: GTFSImportError(
                file: "stop_times.txt", line: 8, column: "shape_dist_traveled",
                message: "'four' is not a non-negative number")
        ) {
            try importedStore(feed, stops: ["B"], in: folder)
        }
    }
}

extension InterpolationTests {
    @Test func headwayBasedInstancesAreEstimates() throws {
        var feed = Self.feed
        feed["frequencies.txt"] = "trip_id,start_time,end_time,headway_secs,exact_times\nFREQ,07:00:00,08:00:00,1800,0\n"
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, _) = try importedStore(feed, stops: ["A"], in: folder)
        let found = try store.scheduledDepartures(stopIDs: ["A"], at: try Zone("America/Chicago").at(2026, 6, 15, 6, 30))
        #expect(found.map { "\($0.tripID)\($0.isEstimated ? "~" : "")" } == ["FREQ~", "FREQ~", "EVEN"])
    }

    /// GTFS-Flex rows: one naming a location group instead of a stop, one with a pickup
    /// window at a board stop. Neither is a timed departure; the trip's timed calls are.
    @Test func flexibleRowsAreNotDepartures() throws {
        var feed = Self.feed
        feed["stop_times.txt"] = """
            trip_id,arrival_time,departure_time,stop_id,location_group_id,stop_sequence,start_pickup_drop_off_window,end_pickup_drop_off_window,pickup_type
            EVEN,,,,ZONE1,1,07:00:00,09:00:00,2
            EVEN,,,B,,2,07:00:00,09:00:00,2
            EVEN,08:00:00,08:00:00,C,,3,,,0
            EVEN,08:10:00,08:10:00,D,,4,,,0

            """
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, summary) = try importedStore(feed, stops: ["B", "C"], in: folder)
        #expect(summary.boardStopTimes == 1)
        #expect(summary.unplacedCalls == 0)
        let found = try store.scheduledDepartures(stopIDs: ["B", "C"], at: try Zone("America/Chicago").at(2026, 6, 15, 7, 0))
        #expect(found.map { "\($0.tripID) \($0.stopID)" } == ["EVEN C"])
    }
}
