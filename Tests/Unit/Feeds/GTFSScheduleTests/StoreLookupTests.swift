#if canImport(Glibc)
import Glibc
#endif
import GTFSSchedule
import SQLite
import Testing
import ZoneInfo

/// The store's small look-ups for the realtime side, its service dates and its schema check.
@Suite struct StoreLookupTests {
    @Test func lookUpsAnswerNilOrFalseOutsideTheSlice() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        var feed = SmallFeed()
        feed.files["stops.txt"] = feed.files["stops.txt"]!
            .replacing("stop_lat,stop_lon\r\n", with: "stop_lat,stop_lon,platform_code\r\n")
            .replacing("Central Platform 1,0,CEN,-33.88,151.20", with: "Central Platform 1,0,CEN,-33.88,151.20,1")
            .replacing("Central Platform 2,0,CEN,-33.88,151.20", with: "Central Platform 2,0,CEN,-33.88,151.20,2A")
        let store = try feed.store(in: folder)
        #expect(store.platformCode(stopID: "CEN1") == "1")
        #expect(store.platformCode(stopID: "CEN2") == "2A")
        #expect(store.platformCode(stopID: "CEN") == nil)
        #expect(store.platformCode(stopID: "NOWHERE") == nil)
        #expect(store.stopName(stopID: "CEN2") == "Central Platform 2")
        #expect(store.stopName(stopID: "OTHER") == nil)  // T_OTHER does not call at CEN
        #expect(store.routeLabel(routeID: "R1") == "T1")
        #expect(store.routeLabel(routeID: "R2") == "Airport Express")
        #expect(store.routeLabel(routeID: "R3") == "R3")
        #expect(store.routeLabel(routeID: "R9") == nil)
        #expect(store.hasTrip(tripID: "T_WK"))
        #expect(!store.hasTrip(tripID: "T_OTHER"))
        #expect(!store.hasTrip(tripID: "nope"))

        let found = try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 13, 7, 30))
        #expect(
            found.map { "\($0.tripID)@\($0.platform ?? "-")\($0.isEstimated ? "~" : "")" }
                == ["T_FREQ@2A", "T_FREQ@2A", "T_WK@2A~", "T_DAILY@2A", "T_WK@1"])
    }

    /// Weekdays from Saturday 3 January to Saturday 27 June 2026 (so Monday 5 January to
    /// Friday 26 June), an added Saturday 4 July, a removed 5 January that does not narrow
    /// the range, and a service no board trip uses.
    static let calendarFeed: [String: String] = {
        var files = SmallFeed().files
        files["calendar.txt"] = """
            service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
            WK,1,1,1,1,1,0,0,20260103,20260627
            WE,0,0,0,0,0,0,0,20250101,20291231
            DAILY,1,1,1,1,1,0,0,20260103,20260627
            UNUSED,1,1,1,1,1,1,1,20251201,20301231

            """
        files["calendar_dates.txt"] = "service_id,date,exception_type\nWK,20260105,2\nSPECIAL,20260704,1\nUNUSED,20310101,1\n"
        return files
    }()

    @Test func serviceDatesSpanTheDaysServicesRun() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, _) = try importedStore(Self.calendarFeed, stops: ["CEN"], in: folder)
        let first = CivilDate(year: 2026, month: 1, day: 5), last = CivilDate(year: 2026, month: 7, day: 4)
        #expect(store.serviceDates == first...last)
        func on(_ month: Int, _ day: Int) -> GTFSServiceCoverage {
            store.serviceCoverage(on: CivilDate(year: 2026, month: month, day: day))
        }
        #expect(on(1, 4) == .notYetValid(first: first))
        #expect(on(6, 19) == .current(last: last))
        #expect(on(6, 20) == .endingSoon(last: last, daysLeft: 14))
        #expect(on(7, 4) == .endingSoon(last: last, daysLeft: 0))
        #expect(on(7, 5) == .expired(last: last))
        #expect(on(6, 20).description == "the timetable ends in 14 days (2026-07-04); import the agency's new feed")
        #expect(on(7, 5).description == "the timetable expired: its last service day was 2026-07-04; import the agency's new feed")
    }

    @Test func storeOfAnOlderSchemaIsRefusedWithAPlainMessage() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let path = folder.path + "/old.sqlite"
        let db = try Connection(path: path)
        try db.execute(
            """
            CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);
            CREATE TABLE feed_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            """)
        try db.close()
        #expect(
            throws: GTFSStoreError(
                path: path,
                message: "this timetable store was made by an older version of departure-board "
                    + "(store format 1, this version reads 2); import the feed again")
        ) {
            try GTFSStore(path: path)
        }
    }

    @Test func filesThatAreNotStoresAreRefusedInSQLitesWords() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let other = folder.path + "/other.sqlite"
        let db = try Connection(path: other)
        try db.execute("CREATE TABLE notes (text TEXT)")
        try db.close()
        #expect(throws: GTFSStoreError(path: other, message: "not a timetable store (SQLite: no such table: schema_version)")) {
            try GTFSStore(path: other)
        }
        let junk = folder.path + "/junk.sqlite"
        let writer = try Connection(path: junk)
        try writer.close()
        guard let file = fopen(junk, "w") else { throw GTFSStoreError(path: junk, message: "cannot write") }
        _ = String(repeating: "not a database ", count: 50).withCString { fputs($0, file) }
        fclose(file)
        #expect(throws: GTFSStoreError(path: junk, message: "not a timetable store (SQLite: file is not a database)")) {
            try GTFSStore(path: junk)
        }
    }
}
