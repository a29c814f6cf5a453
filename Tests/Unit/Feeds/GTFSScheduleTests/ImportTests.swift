import Foundation
import GTFSSchedule
import Testing

/// What the importer keeps from the small feed, and how it reports broken feeds.
@Suite struct ImportTests {
    @Test func keepsOnlyWhatTheBoardNeeds() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let storePath = folder.path + "/board.sqlite"
        let importedAt = Date(timeIntervalSince1970: 1_780_000_000)
        let summary = try GTFSImporter(stopIDs: ["CEN"]).importFeed(
            zipPath: try SmallFeed().zip(in: folder), storePath: storePath,
            importedAt: importedAt)
        #expect(
            summary
                == GTFSImportSummary(
                    boardStopIDs: ["CEN", "CEN1", "CEN2"], stopTimesRowsRead: 21, boardStopTimes: 8, trips: 7, tripStops: 19,
                    routes: 3, services: 4, frequencies: 1, interpolatedCalls: 1))
        #expect(folder.contents() == ["board.sqlite", "feed.zip"])  // no temporary files left

        let store = try GTFSStore(path: storePath)
        #expect(store.agencyTimezone == "Australia/Sydney")  // BOM and CRLF in agency.txt
        #expect(store.importedAt == importedAt)
        #expect(store.requestedStopIDs == ["CEN"])
        #expect(store.stopName("CEN1") == "Central Platform 1")
        #expect(store.stopName("AIR") == "Airport")
        #expect(store.stopName("OTHER") == nil)
        // Non-timepoint rows stay in the order.
        #expect(store.tripStops(tripID: "T_WK").map { "\($0.stopID)@\($0.stopSequence)" } == ["MID@1", "CEN2@2", "CEN1@3", "END@4"])
        #expect(store.stopSequence(tripID: "T_WK", stopID: "CEN2") == 2)
        #expect(store.stopSequence(tripID: "T_WK", stopID: "AIR") == nil)
        #expect(store.tripStops(tripID: "T_OTHER").isEmpty)
    }

    @Test func crlfAndBOMInEveryFile() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        var feed = SmallFeed()
        for (name, text) in feed.files {
            let lf = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: SmallFeed.bom, with: "")
            feed.files[name] = SmallFeed.bom + lf.replacingOccurrences(of: "\n", with: "\r\n")
        }
        let store = try feed.store(in: folder)
        #expect(store.stopName("CEN2") == "Central Platform 2")
        let found = try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 10, 8, 30))
        #expect(found.map(\.headsign) == ["Special Event", "via Midway"])
    }

    @Test func stopsCanBeNamedDirectly() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let zip = try SmallFeed().zip(in: folder)
        let summary = try GTFSImporter(stopIDs: ["AIR", "CEN2"]).importFeed(zipPath: zip, storePath: folder.path + "/s.sqlite")
        #expect(summary.boardStopIDs == ["AIR", "CEN2"])
        #expect(summary.boardStopTimes == 4)  // T_WK and T_DAILY and T_FREQ at CEN2, T_LATE at AIR
    }

    /// Imports `feed` for CEN and returns the error's text.
    private func importError(_ feed: SmallFeed, stops: Set<String> = ["CEN"]) throws -> String? {
        let folder = try TempFolder()
        defer { folder.remove() }
        do {
            try GTFSImporter(stopIDs: stops).importFeed(zipPath: try feed.zip(in: folder), storePath: folder.path + "/board.sqlite")
            return nil
        } catch {
            #expect(folder.contents() == ["feed.zip"], "a failed import leaves no store and no temporary files")
            return String(describing: error).replacingOccurrences(of: folder.path + "/", with: "")
        }
    }

    private func feed(_ file: String, replacing old: String, with new: String) -> SmallFeed {
        var feed = SmallFeed()
        feed.files[file] = feed.files[file]!.replacingOccurrences(of: old, with: new)
        return feed
    }

    @Test func badRowsNameFileLineAndColumn() throws {
        #expect(
            try importError(feed("stop_times.txt", replacing: "T_DAILY,MID,2,08:10:00,08:10:00", with: "T_DAILY,MID,2,08:10:00,25:6x:00"))
                == "stop_times.txt line 9: departure_time: '25:6x:00' is not HH:MM:SS")
        #expect(
            try importError(feed("stop_times.txt", replacing: "T_WK,END,4,08:20:00", with: "T_WK,END,4,8:2:00"))
                == "stop_times.txt line 5: arrival_time: '8:2:00' is not HH:MM:SS")
        #expect(
            try importError(feed("stop_times.txt", replacing: "T_WE,END,2,", with: "T_WE,END,two,"))
                == "stop_times.txt line 7: stop_sequence: 'two' is not a whole number")
        #expect(
            try importError(feed("calendar.txt", replacing: "WE,0,0,0,0,0,1,1,20260101", with: "WE,0,0,0,0,0,1,1,2026-01-01"))
                == "calendar.txt line 3: start_date: '2026-01-01' is not a YYYYMMDD date")
        #expect(
            try importError(feed("calendar.txt", replacing: "WK,1,1,1,1,1,0,0", with: "WK,1,1,1,1,1,0,7"))
                == "calendar.txt line 2: sunday: '7' is not 0 or 1")
        #expect(
            try importError(feed("calendar_dates.txt", replacing: "SPECIAL,20260410,1", with: "SPECIAL,20260410,3"))
                == "calendar_dates.txt line 4: exception_type: '3' is not 1 or 2")
        #expect(
            try importError(feed("frequencies.txt", replacing: ",900,", with: ",0,"))
                == "frequencies.txt line 2: headway_secs: must be more than 0")
        #expect(
            try importError(
                feed(
                    "stop_times.txt", replacing: "T_OTHER,END,2,10:30:00,10:30:00,,\n",
                    with: "T_OTHER,END,2,10:30:00,10:30:00,,\nT_WK,CEN1,3,08:01:00,08:01:00,,\n"))
                == "stop_times.txt line 23: duplicate (trip_id, stop_sequence) = ('T_WK', 3)")
        #expect(
            try importError(feed("stop_times.txt", replacing: "T_WE,", with: "T_GONE,"))
                == "stop_times.txt: trip_id 'T_GONE' is not in trips.txt")
        #expect(
            try importError(feed("stop_times.txt", replacing: "T_WK,MID,1,07:50:00", with: "T_WK,MID,1,07:\u{FFFD}:00"))
                == "stop_times.txt line 2: arrival_time: '07:\u{FFFD}:00' is not HH:MM:SS")
    }

    @Test func missingFilesAndColumns() throws {
        #expect(
            try importError(feed("stop_times.txt", replacing: "arrival_time,departure_time", with: "arrival_time,departure"))
                == "stop_times.txt: missing required column 'departure_time'")
        #expect(
            try importError(feed("agency.txt", replacing: "agency_timezone", with: "agency_tz"))
                == "agency.txt: missing required column 'agency_timezone'")
        var noTrips = SmallFeed()
        noTrips.files["trips.txt"] = nil
        #expect(try importError(noTrips) == "trips.txt: required file missing from the zip")
        var noCalendar = SmallFeed()
        noCalendar.files["calendar.txt"] = nil
        noCalendar.files["calendar_dates.txt"] = nil
        #expect(try importError(noCalendar) == "calendar.txt: required file missing from the zip")
        #expect(try importError(SmallFeed(), stops: ["CEN", "NOWHERE"]) == "stops.txt: no stop with stop_id 'NOWHERE'")
    }

    @Test func calendarDatesAloneAreEnough() throws {
        var feed = SmallFeed()
        feed.files["calendar.txt"] = nil
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try feed.store(in: folder)
        #expect(try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 10, 8, 30)).map(\.tripID) == ["T_SPECIAL"])
    }

    @Test func failedImportKeepsThePreviousStore() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let storePath = folder.path + "/board.sqlite"
        try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: try SmallFeed().zip(in: folder), storePath: storePath)
        let before = try Data(contentsOf: URL(fileURLWithPath: storePath))

        let broken = try feed("stop_times.txt", replacing: "25:40:00,25:40:00", with: "25:40:00,25:6x:00").zip(
            in: folder, name: "broken.zip")
        #expect(throws: GTFSImportError.self) {
            try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: broken, storePath: storePath)
        }
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: folder.path + "/junk.zip"))
        #expect(throws: GTFSImportError.self) {
            try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: folder.path + "/junk.zip", storePath: storePath)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: storePath)) == before)
        #expect(folder.contents() == ["board.sqlite", "broken.zip", "feed.zip", "junk.zip"])
        let store = try GTFSStore(path: storePath)
        #expect(try store.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 14, 0, 30)).map(\.tripID) == ["T_LATE"])
    }

    @Test func reimportReplacesAnOpenStore() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let storePath = folder.path + "/board.sqlite"
        let zip = try SmallFeed().zip(in: folder)
        try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: zip, storePath: storePath)
        let old = try GTFSStore(path: storePath)
        try GTFSImporter(stopIDs: ["AIR"]).importFeed(zipPath: zip, storePath: storePath)
        // The open store still reads its own (now unlinked) file; a new one sees the new import.
        #expect(old.requestedStopIDs == ["CEN"])
        #expect(old.stopSequence(tripID: "T_WK", stopID: "CEN1") == 3)
        #expect(try GTFSStore(path: storePath).requestedStopIDs == ["AIR"])
    }

    /// An import killed midway leaves its temporary store, journal and extracted members; the
    /// next import removes those of dead processes, never a live import's or another store's.
    @Test func importRemovesWhatKilledImportsLeft() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let zip = try SmallFeed().zip(in: folder)
        // PID_MAX_LIMIT (2^22): no process ever has this id.
        let dead = "4194304", live = String(getppid()), own = String(getpid())
        let leftovers = [
            "board.sqlite.importing-\(dead).sqlite", "board.sqlite.importing-\(dead).sqlite-journal",
            "board.sqlite.importing-\(dead)-member.zip", "board.sqlite.importing-\(dead)-stop_times.txt",
            "board.sqlite.importing-\(own).sqlite-journal",
        ]
        let kept = [
            "board.sqlite.importing-\(live).sqlite", "board.sqlite.importing-\(live)-stops.txt",
            "other.sqlite.importing-\(dead).sqlite", "board.sqlite.importing-x.sqlite",
        ]
        for name in leftovers + kept {
            try Data("half".utf8).write(to: URL(fileURLWithPath: folder.path + "/" + name))
        }
        try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: zip, storePath: folder.path + "/board.sqlite")
        #expect(folder.contents() == (kept + ["board.sqlite", "feed.zip"]).sorted())
        #expect(try GTFSStore(path: folder.path + "/board.sqlite").requestedStopIDs == ["CEN"])
    }

    @Test func storeOpeningErrors() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        #expect(throws: GTFSStoreError(path: folder.path + "/none.sqlite", message: "no such store")) {
            try GTFSStore(path: folder.path + "/none.sqlite")
        }
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder.path + "/junk.sqlite"))
        #expect(throws: GTFSStoreError.self) { try GTFSStore(path: folder.path + "/junk.sqlite") }
    }
}
