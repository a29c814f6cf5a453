import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import SeededRandom
import SQLite
import Testing

/// The passes over stop_times.txt skip rows of other stops and trips from their bytes; every
/// feed must import as it does when each row is read as text: the same rows, the same errors.
@Suite struct StopTimesFilterTests {
    /// The summary (or error) and every row of the store, importing with the byte filters
    /// on or off.
    private func outcome(_ files: [String: String], stops: Set<String>, filters: Bool) throws -> [String] {
        let folder = try TempFolder()
        defer { folder.remove() }
        let zip = folder.path + "/feed.zip", storePath = folder.path + "/board.sqlite"
        try GTFSFeedBuilder.writeZip(files, to: zip)
        var importer = GTFSImporter(stopIDs: stops)
        importer.filtersRowsByBytes = filters
        do {
            let summary = try importer.importFeed(zipPath: zip, storePath: storePath, importedAt: Date(timeIntervalSince1970: 0))
            return ["\(summary)"] + (try storeRows(storePath))
        } catch {
            return ["\(error)"]
        }
    }

    private func storeRows(_ path: String) throws -> [String] {
        let db = try Connection(path: path, mode: .readOnly)
        var rows: [String] = []
        for table in ["stops", "routes", "trips", "stop_times", "trip_stops", "calendar", "calendar_dates", "frequencies"] {
            let statement = try db.prepare("SELECT * FROM \(table) ORDER BY 1, 2, 3")
            while try statement.step() {
                rows.append(table + ": " + (0..<statement.columnCount).map { "\(statement.value($0))" }.joined(separator: " | "))
            }
        }
        return rows
    }

    /// Imports both ways, expects them alike, and returns the outcome.
    @discardableResult
    private func imported(
        _ files: [String: String], stops: Set<String> = ["CEN"],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let fast = try outcome(files, stops: stops, filters: true)
        #expect(fast == (try outcome(files, stops: stops, filters: false)), sourceLocation: sourceLocation)
        return fast
    }

    private func summary(_ outcome: [String]) -> String { outcome.first ?? "" }

    private func feed(stopTimes extra: String, stops: String = "") -> [String: String] {
        var feed = SmallFeed()
        feed.files["stop_times.txt"]! += extra
        feed.files["stops.txt"]! += stops
        return feed.files
    }

    @Test func theSmallFeedImportsAlike() throws {
        let plain = try imported(SmallFeed().files)
        #expect(summary(plain).contains("boardStopTimes: 8"))
        var crlf = SmallFeed()
        crlf.files["stop_times.txt"] = crlf.files["stop_times.txt"]!.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try imported(crlf.files) == plain)
    }

    @Test func quotedIDsOfBoardStopsAndTripsAreKept() throws {
        var quoted = SmallFeed()
        quoted.files["stop_times.txt"] = quoted.files["stop_times.txt"]!
            .replacingOccurrences(of: "T_DAILY,CEN2,1,", with: "\"T_DAILY\",\"CEN2\",\"1\",")
            .replacingOccurrences(of: "T_DAILY,MID,2,", with: "\"T_DAILY\",MID,2,")
        #expect(try imported(quoted.files) == (try imported(SmallFeed().files)))
    }

    @Test func aQuotedLineBreakInASkippedRowKeepsLinesAndRows() throws {
        // Line 23 opens a quoted headsign that closes on line 25; the bad time is on line 26.
        let broken = try imported(
            feed(
                stopTimes: "T_OTHER,MID,3,10:40:00,10:40:00,\"via the\r\ndepot,\nand on\",\n"
                    + "T_OTHER,AIR,4,10:50:00,25:6x:00,,\n"))
        #expect(summary(broken) == "stop_times.txt line 26: departure_time: '25:6x:00' is not HH:MM:SS")
        let good = try imported(
            feed(
                stopTimes: "T_OTHER,MID,3,10:40:00,10:40:00,\"via\nCEN1,\nthe depot\",\n"
                    + "T_DAILY,CEN1,4,08:40:00,08:40:00,,\n"))
        #expect(summary(good).contains("stopTimesRowsRead: 23, boardStopTimes: 9"))
    }

    @Test func prefixesAndPaddingOfABoardStop() throws {
        let rows =
            "T_OTHER,AI,3,10:40:00,10:40:00,,\n"  // a prefix of AIR
            + "T_OTHER,AIRX,4,10:41:00,10:41:00,,\n"  // AIR is a prefix of it
            + "T_OTHER,\tAIR,5,10:42:00,10:42:00,,\n"  // a tab is not trimmed
            + "T_OTHER, AIR ,6,10:43:00,10:43:00,,\n"  // spaces are
            + "T_OTHER,\" AIR\",7, 10:44:00 ,10:44:00,,\n"  // quoted, then trimmed
        let outcome = try imported(feed(stopTimes: rows), stops: ["AIR"])
        // T_LATE's own call and T_OTHER's two padded ones.
        #expect(summary(outcome).contains("boardStopTimes: 3"), "\(summary(outcome))")
        #expect(outcome.contains { $0.hasPrefix("stop_times: text(\"T_OTHER\") | text(\"AIR\") | integer(7) | integer(38640)") })
    }

    @Test func badValuesInSkippedRowsAreStillNamed() throws {
        let cases = [
            ("T_OTHER,MID,3,10:40:00,\"25:6x:00\",,\n", "stop_times.txt line 23: departure_time: '25:6x:00' is not HH:MM:SS"),
            ("T_OTHER,MID,three,10:40:00,10:40:00,,\n", "stop_times.txt line 23: stop_sequence: 'three' is not a whole number"),
            (",MID,3,10:40:00,10:40:00,,\n", "stop_times.txt line 23: trip_id: is empty"),
            ("  ,MID,3,10:40:00,10:40:00,,\n", "stop_times.txt line 23: trip_id: is empty"),
            ("T_OTHER,,3,10:40:00,10:40:00,,\n", "stop_times.txt line 23: stop_id: is empty"),
            ("T_OTHER,MID,3,10:40,10:40:00,,\n", "stop_times.txt line 23: arrival_time: '10:40' is not HH:MM:SS"),
        ]
        for (row, message) in cases {
            #expect(summary(try imported(feed(stopTimes: row))) == message)
        }
    }

    /// Swift compares Strings by canonical equivalence: `CAFÉ` spelt with a combining accent
    /// is the board's stop, and the Kelvin sign is `K`. Non-ASCII ids turn the filters off.
    @Test func nonASCIIIDsMatchAsText() throws {
        #expect("T\u{212A}" == "TK")
        let rows = "T_OTHER,CAF\u{C9},3,10:40:00,10:40:00,,\nT_OTHER,CAFE\u{301},4,10:41:00,10:41:00,,\n"
        let cafe = try imported(feed(stopTimes: rows, stops: "CAF\u{C9},Caf\u{E9},0,,-33.6,150.9\r\n"), stops: ["CAF\u{C9}"])
        #expect(summary(cafe).contains("boardStopTimes: 2"), "\(summary(cafe))")

        var kelvin = SmallFeed()
        kelvin.files["trips.txt"]! += "R1,DAILY,T\u{212A},Kelvin,0,\n"
        kelvin.files["stop_times.txt"]! += "T\u{212A},AIR,1,11:00:00,11:00:00,,\nTK,END,2,11:30:00,11:30:00,,\n"
        let trips = try imported(kelvin.files, stops: ["AIR"])
        // The row's own spelling, compared as bytes.
        #expect(trips.contains { $0.utf8.starts(with: "trip_stops: text(\"TK\") | text(\"END\")".utf8) }, "\(trips)")
    }

    /// Rows made of pieces that stress the filters: quotes, padding, CRLF, non-ASCII, bad times.
    @Test(arguments: 0..<24)
    func randomRowsImportAlike(seed: Int) throws {
        var random = SplitMix64(state: UInt64(seed) &+ 31_000)
        func pick(_ choices: [String]) -> String { choices[random.next(below: choices.count)] }
        let trips = ["T_WK", "T_WE", "T_DAILY", "T_OTHER", "\"T_DAILY\"", " T_WK", "T_W", "T_DAILYX", "", " ", "T\u{212A}"]
        let stops = ["CEN1", "CEN2", "MID", "END", "\"CEN1\"", " CEN2 ", "CEN", "CEN12", "\tEND", "", "M\u{CF}D", "AIR"]
        let times = ["08:00:00", "8:00:00", " 08:00:00", "", "25:61:00", "\"08:00:00\"", "080000", "08:00:00 "]
        let ends = ["\n", "\r\n", "\r"]
        var text = ""
        for sequence in 0..<random.next(below: 30) {
            let headsign = pick(["", "", "\"via\nthe, depot\"", "Zürich", "\"q\"\"uote\""])
            text +=
                [
                    pick(trips), pick(stops), random.next(below: 8) == 0 ? "x" : String(100 + sequence), pick(times), pick(times),
                    headsign, "",
                ].joined(separator: ",") + pick(ends)
        }
        var feed = SmallFeed()
        feed.files["trips.txt"]! += "R1,DAILY,T\u{212A},Kelvin,0,\n"
        feed.files["stop_times.txt"]! += text
        try imported(feed.files, stops: [pick(["CEN", "AIR", "MID", "CEN1"])])
    }
}
