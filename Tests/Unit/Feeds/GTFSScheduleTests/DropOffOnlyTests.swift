import Foundation
import GTFSSchedule
import Testing
import ZoneInfo

/// A London night route the way such feeds publish it: service-day times past 24:00,
/// set-down-only calls (pickup_type=1) on the way into town, a terminus, and a loop trip.
@Suite struct DropOffOnlyTests {
    static let feed: [String: String] = [
        "agency.txt":
            "agency_id,agency_name,agency_url,agency_timezone,agency_lang\nLB,London Buses,https://example.invalid,Europe/London,en\n",
        "stops.txt": """
        stop_id,stop_code,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code
        WGR,47001,Wood Green Station,51.5975,-0.1097,0,,
        CAM,47002,Camden Town Station,51.5392,-0.1426,0,,
        TCR,47003,Tottenham Court Road,51.5165,-0.1310,0,,
        TRA,47004,Trafalgar Square,51.5080,-0.1281,0,,S

        """,
        "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\nN29,LB,N29,Wood Green - Trafalgar Square,3\n",
        "calendar.txt": """
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        NIGHT,1,1,1,1,1,1,1,20260101,20261231

        """,
        "trips.txt": """
        route_id,service_id,trip_id,trip_headsign,direction_id,shape_id
        N29,NIGHT,IN1,Trafalgar Square,0,
        N29,NIGHT,OUT1,Wood Green,1,
        N29,NIGHT,LOOP1,Town Loop,0,
        N29,NIGHT,PHONE1,Wood Green,1,

        """,
        // Into town: from Camden on it only sets down. The terminus arrival is 00:55, the
        // bus stands until 00:58: the arrival is what an arrivals line would show.
        "stop_times.txt": """
        trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type,timepoint
        IN1,24:10:00,24:10:00,WGR,1,0,1,1
        IN1,24:30:00,24:30:00,CAM,2,1,0,1
        IN1,24:45:00,24:45:00,TCR,3,1,0,1
        IN1,24:55:00,24:58:00,TRA,4,1,0,1
        OUT1,24:20:00,24:20:00,TRA,1,0,1,1
        OUT1,24:25:00,24:25:00,TCR,2,,,1
        OUT1,24:40:00,24:40:00,CAM,3,0,0,1
        OUT1,25:00:00,25:00:00,WGR,4,1,0,1
        LOOP1,24:40:00,24:40:00,TRA,1,0,1,
        LOOP1,24:50:00,24:50:00,CAM,2,0,0,
        LOOP1,25:00:00,25:00:00,TRA,3,0,0,
        PHONE1,24:35:00,24:35:00,TCR,1,2,0,1
        PHONE1,24:36:00,24:36:00,TRA,2,3,0,1
        PHONE1,25:10:00,25:10:00,WGR,3,1,0,1

        """,
    ]

    /// "trip stop HH:MM:SS" (plus " arr" for drop-off-only calls) from Saturday 00:00.
    private func board(includeDropOffOnly: Bool) throws -> [String] {
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, _) = try importedStore(Self.feed, stops: ["TCR", "TRA"], in: folder)
        let london = try Zone("Europe/London")
        return try store.scheduledDepartures(
            stopIDs: ["TCR", "TRA"], at: london.at(2026, 6, 13, 0, 0),
            includeDropOffOnly: includeDropOffOnly
        )
        .map { "\($0.tripID) \($0.stopID) \(london.clock($0))\($0.isDropOffOnly ? " arr" : "")" }
    }

    @Test func setDownOnlyCallsAndTerminiAreNotDepartures() throws {
        // pickup_type 2 (phone) and 3 (ask the driver) and empty are boardable; the loop
        // trip leaves TRA at 00:40 and its return there at 01:00 is an arrival.
        #expect(
            try board(includeDropOffOnly: false) == [
                "OUT1 TRA 00:20:00", "OUT1 TCR 00:25:00", "PHONE1 TCR 00:35:00", "PHONE1 TRA 00:36:00", "LOOP1 TRA 00:40:00",
            ])
    }

    @Test func aBoardCanAskForArrivalsMarkedAsSuch() throws {
        #expect(
            try board(includeDropOffOnly: true) == [
                "OUT1 TRA 00:20:00", "OUT1 TCR 00:25:00", "PHONE1 TCR 00:35:00", "PHONE1 TRA 00:36:00", "LOOP1 TRA 00:40:00",
                "IN1 TCR 00:45:00 arr", "IN1 TRA 00:55:00 arr", "LOOP1 TRA 01:00:00 arr",
            ])
    }

    @Test func platformReachesTheDeparture() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, _) = try importedStore(Self.feed, stops: ["TRA"], in: folder)
        let found = try store.scheduledDepartures(stopIDs: ["TRA"], at: try Zone("Europe/London").at(2026, 6, 13, 0, 0))
        #expect(found.map(\.platform) == ["S", "S", "S"])
        #expect(found.allSatisfy { !$0.isEstimated && !$0.isDropOffOnly })
    }

    @Test func aTripOfOneCallStillDeparts() throws {
        var feed = Self.feed
        feed["trips.txt"]! += "N29,NIGHT,SHORT1,Trafalgar Square,0,\n"
        feed["stop_times.txt"]! += "SHORT1,24:50:00,24:50:00,TCR,1,0,0,1\n"
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, _) = try importedStore(feed, stops: ["TCR"], in: folder)
        let found = try store.scheduledDepartures(stopIDs: ["TCR"], at: try Zone("Europe/London").at(2026, 6, 13, 0, 0))
        #expect(found.map(\.tripID) == ["OUT1", "PHONE1", "SHORT1"])
    }

    @Test func badPickupTypeNamesTheLine() throws {
        var feed = Self.feed
        feed["stop_times.txt"] = feed["stop_times.txt"]!.replacingOccurrences(
            of: "OUT1,24:25:00,24:25:00,TCR,2,,", with: "OUT1,24:25:00,24:25:00,TCR,2,7,")
        let folder = try TempFolder()
        defer { folder.remove() }
        #expect(throws: GTFSImportError(file: "stop_times.txt", line: 7, column: "pickup_type", message: "'7' is not 0, 1, 2 or 3")) {
            try importedStore(feed, stops: ["TCR"], in: folder)
        }
    }
}
