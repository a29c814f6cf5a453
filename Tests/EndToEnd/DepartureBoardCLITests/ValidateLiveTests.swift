import Foundation
import GTFSFeedBuilder
import GTFSRealtime
import LoopbackHTTPServer
import Testing
import SwiftProtobuf

/// `validate --live` asks a GTFS board's feeds once and says how well realtime fits the
/// timetable; a feed whose trip ids no longer match (an agency renumbered them) fails it.
@Suite(.serialized)
struct ValidateLiveTests {
    @Test func aMatchingFeedPassesAndARenumberedOneFails() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(GTFSBoardCLITests.feed, to: scratch.path("feed.zip"))
        let matching = try GTFSBoardCLITests.tripUpdates(timestamp: GTFSBoardCLITests.nowPOSIX - 20)
        var renumbered = try TransitRealtime_FeedMessage(serializedBytes: matching)
        for index in renumbered.entity.indices {
            renumbered.entity[index].tripUpdate.trip.tripID = "2027-" + renumbered.entity[index].tripUpdate.trip.tripID
            renumbered.entity[index].tripUpdate.trip.routeID = "R1"
        }
        let renumberedBytes = Array(try renumbered.serializedData())
        let serveRenumbered = ScratchFlag()
        let server = try LoopbackHTTPServer { _ in
            .respond(
                status: 200, headers: [("Content-Type", "application/x-protobuf")],
                body: serveRenumbered.isSet ? renumberedBytes : matching)
        }
        defer { server.stop() }
        try GTFSBoardCLITests.board(store: "central.sqlite", realtimeURL: server.baseURL + "/rt")
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("central.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")

        let live = ["validate", "--live", "--now", GTFSBoardCLITests.now, scratch.path("central.yaml")]
        let good = try await CLI.run(live, environment: ["GTFS_TEST_KEY": "k"])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout.contains("timetable: 6 departures in the next 120 min"), "\(good.stdout)")
        #expect(
            good.stdout.contains(
                "trip updates: header 20 s old, 5 entities, 5 of 5 trips for the board's routes matched the timetable (100 %)"),
            "\(good.stdout)")

        serveRenumbered.set()
        let bad = try await CLI.run(live, environment: ["GTFS_TEST_KEY": "k"])
        #expect(bad.status == 69, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stderr.contains("5 entities, 0 of 5 trips for the board's routes matched the timetable (0 %)"), "\(bad.stderr)")
        #expect(bad.stderr.contains("below realtime_match_warning (50 %)"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("k\n") && !bad.stdout.contains("apikey k"), "the key never appears")
    }
}

/// A flag the test sets while the server's handler reads it.
final class ScratchFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// `validate` warns while there is still time to fetch the next timetable.
struct ValidateServiceEndTests {
    @Test func aTimetableEndingWithinTwoWeeksIsAWarning() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(GTFSBoardCLITests.feed, to: scratch.path("feed.zip"))  // service to 2026-12-31
        try GTFSBoardCLITests.board(store: "central.sqlite", realtimeURL: "https://feeds.invalid/rt")
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        _ = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("central.yaml")])
        let key = ["GTFS_TEST_KEY": "k"]  // as the service's environment would have it
        let early = try await CLI.run(["validate", "--now", "2026-11-23T09:30:00+11:00", scratch.path("central.yaml")], environment: key)
        #expect(early.status == 0 && !early.stderr.contains("warning"), "\(early.stderr)")
        let late = try await CLI.run(["validate", "--now", "2026-12-24T09:30:00+11:00", scratch.path("central.yaml")], environment: key)
        #expect(late.status == 0, "\(late.stderr)")
        #expect(
            late.stderr.contains("warning: ") && late.stderr.contains("the timetable's service ends on 2026-12-31, in 7 days"),
            "\(late.stderr)")
        let after = try await CLI.run(["validate", "--now", "2027-01-05T09:30:00+11:00", scratch.path("central.yaml")], environment: key)
        #expect(after.stderr.contains("service ended on 2026-12-31"), "\(after.stderr)")
    }
}

/// `gtfs stops` finds the ids a board needs without opening stops.txt.
struct GTFSStopsCommandTests {
    @Test func findsStopsByNameAndSaysWhatAStationCovers() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(GTFSBoardCLITests.feed, to: scratch.path("feed.zip"))
        let run = try await CLI.run(["gtfs", "stops", scratch.path("feed.zip"), "--name", "CENTRAL"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.hasPrefix("CENSTN") && $0.contains("Central") && $0.contains("(station: covers its platforms)") },
            "\(run.stdout)")
        #expect(
            lines.contains { $0.hasPrefix("CEN ") && $0.contains("Central Platform 16") && $0.contains("in CENSTN Central") },
            "\(run.stdout)")
        #expect(!run.stdout.contains("Strathfield"))
        let south = try await CLI.run(["gtfs", "stops", scratch.path("feed.zip"), "--near", "-33.88,151.21", "--limit", "2"])
        // The feed has no coordinates: nothing is near anything, which is no usage error.
        #expect(south.status == 1 && south.stdout == "no stops match\n", "a southern latitude is a value, not an option: \(south.stderr)")
        let nothing = try await CLI.run(["gtfs", "stops", scratch.path("feed.zip")])
        #expect(nothing.status == 64 && nothing.stderr.contains("--name"), "\(nothing.stderr)")
        let missing = try await CLI.run(["gtfs", "stops", scratch.path("none.zip"), "--name", "x"])
        #expect(
            missing.status == 66 && missing.stderr.contains("none.zip: cannot read: No such file or directory"), "\(missing.stderr)")
    }

    /// The exit-code table (Boards/docs/command-line.md): nothing found is 1, as grep says it;
    /// a feed URL that does not answer with the feed is 69 for `gtfs stops` and `gtfs import`
    /// alike; a zip that is not a feed is 65.
    @Test func everyOutcomeHasItsExitCode() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(GTFSBoardCLITests.feed, to: scratch.path("feed.zip"))
        let none = try await CLI.run(["gtfs", "stops", scratch.path("feed.zip"), "--name", "Atlantis"])
        #expect(none.status == 1 && none.stdout == "no stops match\n", "\(none.stdout)\(none.stderr)")

        let server = try LoopbackHTTPServer { _ in .respond(status: 404, headers: [], body: Array("gone".utf8)) }
        defer { server.stop() }
        let stops = try await CLI.run(["gtfs", "stops", server.baseURL + "/feed.zip", "--name", "x"])
        #expect(stops.status == 69 && stops.stderr.contains("HTTP 404 from \(server.baseURL)/feed.zip"), "\(stops.stderr)")
        let board = try scratch.write(
            "central.yaml",
            "name: Central\ntimezone: Australia/Sydney\n"
                + "source: {kind: gtfs, store: central.sqlite, stop_ids: [CEN], schedule_url: \"\(server.baseURL)/feed.zip\"}\n")
        let imported = try await CLI.run(["gtfs", "import", "--board", board])
        #expect(imported.status == 69 && imported.stderr.contains("HTTP 404"), "\(imported.stderr)")
        let absent = try await CLI.run(["gtfs", "import", scratch.path("none.zip"), "--board", board])
        #expect(absent.status == 66 && absent.stderr.contains("none.zip: cannot read"), "\(absent.stderr)")
        let notAZip = try scratch.write("bad.zip", "not a zip")
        let bad = try await CLI.run(["gtfs", "import", notAZip, "--board", board])
        #expect(bad.status == 65, "\(bad.stderr)")
    }
}
