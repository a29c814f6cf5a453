import DeparturesCore
import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import SystemFiles
import ZoneInfo

/// A fresh folder under the system temp dir, removed by `remove()`.
struct TempFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "gtfs-schedule-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

/// A small hand-written feed in Australia/Sydney that exercises every rule the board relies on.
/// Tests change members before building it to make broken feeds.
struct SmallFeed {
    static let bom = "\u{FEFF}"

    var files: [String: String] = [
        // BOM and CRLF, extra and reordered columns.
        "agency.txt": bom
            + "agency_name,agency_url,agency_timezone,agency_id\r\nSmall Transit,https://example.invalid,Australia/Sydney,A\r\n",
        "stops.txt": bom + "stop_id,stop_name,location_type,parent_station,stop_lat,stop_lon\r\n"
            + "CEN,Central,1,,-33.88,151.20\r\n"
            + "CEN1,Central Platform 1,0,CEN,-33.88,151.20\r\n"
            + "CEN2,Central Platform 2,0,CEN,-33.88,151.20\r\n"
            + "MID,Midway,0,,-33.80,151.10\r\n"
            + "END,Endville,0,,-33.70,151.00\r\n"
            + "AIR,Airport,0,,-33.94,151.17\r\n"
            + "OTHER,Elsewhere,0,,-33.60,150.90\r\n",
        "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type,route_color\n"
            + "R1,A,T1,North Line,2,F99D1C\n"
            + "R2,A,,Airport Express,2,\n"
            + "R3,A,,,3,\n",
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"
            + "WK,1,1,1,1,1,0,0,20260101,20261231\n"
            + "WE,0,0,0,0,0,1,1,20260101,20261231\n"
            + "DAILY,1,1,1,1,1,1,1,20260101,20261231\n",
        // Easter Monday 2026-04-06 runs the weekend timetable; SPECIAL exists only here.
        "calendar_dates.txt": "service_id,date,exception_type\n"
            + "WK,20260406,2\n"
            + "WE,20260406,1\n"
            + "SPECIAL,20260410,1\n",
        "trips.txt": "route_id,service_id,trip_id,trip_headsign,direction_id,block_id\n"
            + "R1,WK,T_WK,Endville,0,\n"
            + "R1,WE,T_WE,Endville Weekend,0,\n"
            + "R1,DAILY,T_DAILY,Northbound,0,\n"
            + "R2,DAILY,T_LATE,,1,\n"
            + "R3,SPECIAL,T_SPECIAL,Special Event,1,\n"
            + "R1,DAILY,T_FREQ,Loop,0,\n"
            + "R1,WK,T_STOPHS,Endville,0,\n"
            + "R1,DAILY,T_OTHER,Elsewhere,0,\n",
        "stop_times.txt": "trip_id,stop_id,stop_sequence,arrival_time,departure_time,stop_headsign,shape_dist_traveled\n"
            + "T_WK,MID,1,07:50:00,07:50:00,,\n"
            + "T_WK,CEN2,2,,,,\n"  // not a timepoint: interpolated to 07:55, estimated
            + "T_WK,CEN1,3,08:00:00,08:00:00,,\n"
            + "T_WK,END,4,08:20:00,08:20:00,,\n"
            + "T_WE,CEN1,1,08:00:00,08:00:00,,\n"
            + "T_WE,END,2,08:20:00,08:20:00,,\n"
            + "T_DAILY,CEN2,1,08:00:00,08:00:00,,\n"
            + "T_DAILY,MID,2,08:10:00,08:10:00,,\n"
            + "T_DAILY,END,3,08:30:00,08:30:00,,\n"
            + "T_LATE,CEN1,1,25:10:00,25:10:00,,\n"
            + "T_LATE,AIR,2,25:40:00,25:40:00,,\n"
            + "T_SPECIAL,CEN1,1,9:00:00,9:00:00,,\n"  // one-digit hours are valid GTFS
            + "T_SPECIAL,END,2,09:30:00,09:30:00,,\n"
            + "T_FREQ,MID,1,06:00:00,06:00:00,,\n"
            + "T_FREQ,CEN2,2,06:05:00,06:05:00,,\n"
            + "T_FREQ,END,3,06:20:00,06:20:00,,\n"
            + "T_STOPHS,CEN1,1,10:00:00,10:00:00,via Midway,\n"
            + "T_STOPHS,MID,2,10:10:00,10:10:00,,\n"
            + "T_STOPHS,END,3,10:30:00,10:30:00,,\n"
            + "T_OTHER,OTHER,1,10:00:00,10:00:00,,\n"
            + "T_OTHER,END,2,10:30:00,10:30:00,,\n",
        "frequencies.txt": "trip_id,start_time,end_time,headway_secs,exact_times\n"
            + "T_FREQ,07:00:00,08:00:00,900,1\n",
    ]

    /// Writes the zip into `folder` and returns its path.
    func zip(in folder: TempFolder, name: String = "feed.zip") throws -> String {
        let path = folder.path + "/" + name
        try GTFSFeedBuilder.writeZip(files, to: path)
        return path
    }

    /// Builds, imports for `stops` and opens the store.
    func store(in folder: TempFolder, stops: Set<String> = ["CEN"]) throws -> GTFSStore {
        let storePath = folder.path + "/board.sqlite"
        try GTFSImporter(stopIDs: stops).importFeed(zipPath: try zip(in: folder), storePath: storePath)
        return try GTFSStore(path: storePath)
    }
}

enum Sydney {
    static let zone: TimeZoneRules = {
        do { return try TimeZoneRules.load("Australia/Sydney") } catch { fatalError("tzdata lacks Australia/Sydney: \(error)") }
    }()
    static let calendar = ServiceDayCalendar(zone: zone)

    /// The instant a Sydney wall clock shows `hour:minute` on `date`.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        let local = LocalDateTime(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: 0)
        return Date(timeIntervalSince1970: Double(zone.unixSeconds(for: local)))
    }

    /// The Sydney wall clock at a departure, as "2026-04-05T08:00:00".
    static func wallClock(_ departure: ScheduledDeparture) -> String {
        let instant = calendar.instant(departure.departureSecs, on: departure.serviceDay)
        return zone.localDateTime(atUnixSeconds: instant.unixSeconds).description
    }
}

/// Peak and current resident memory of this process, from /proc/self/status (KiB).
func procStatusKiB(_ key: String) -> Int {
    ProcessStatus.current()?[key] ?? -1
}
