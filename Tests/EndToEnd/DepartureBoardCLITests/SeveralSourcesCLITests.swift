import Foundation
import GTFSFeedBuilder
import LoopbackHTTPServer
import Testing

/// A home board of two agencies' GTFS feeds and an API stop, end to end: `gtfs import` of
/// every GTFS source (each from its schedule_url, or a zip for the one `--source` names),
/// `validate` and `validate --live` asking each source, and `render` merging the three.
@Suite(.serialized)
struct SeveralSourcesCLITests {
    /// The bus agency: a trip at our stop too soon to walk to, one we can catch, and one whose
    /// trip id is also a train trip's ("t-delay"): another feed's trip, so both show.
    static let busFeed: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nBUS,Harbour Buses,https://example.invalid,Australia/Sydney\n",
        "stops.txt": "stop_id,stop_name\nCNR,Corner Shops\nWHF,Wharf\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nB3,333,Bondi,3\n",
        "calendar.txt": """
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        ALL,1,1,1,1,1,1,1,20260101,20261231

        """,
        "trips.txt":
            "route_id,service_id,trip_id,trip_headsign\nB3,ALL,b-soon,Bondi Beach\nB3,ALL,b-next,Bondi Beach\nB3,ALL,t-delay,Wharf\n",
        "stop_times.txt": """
        trip_id,arrival_time,departure_time,stop_id,stop_sequence
        b-soon,09:31:00,09:31:00,CNR,1
        b-soon,09:40:00,09:40:00,WHF,2
        b-next,09:36:00,09:36:00,CNR,1
        b-next,09:45:00,09:45:00,WHF,2
        t-delay,09:44:00,09:44:00,CNR,1
        t-delay,09:53:00,09:53:00,WHF,2

        """,
    ]

    static func board(_ server: LoopbackHTTPServer) -> String {
        """
        name: Home
        timezone: Australia/Sydney
        sources:
          - kind: gtfs
            store: rail.sqlite
            stop_ids: [CENSTN]
            schedule_url: \(server.baseURL)/rail.zip
            label: Train
            walk: 9m
          - kind: gtfs
            store: bus.sqlite
            stop_ids: [CNR]
            schedule_url: \(server.baseURL)/bus.zip
            label: Bus
            walk: 3m
          - kind: api
            base_url: \(server.baseURL)
            stop_id: wharf
            label: Ferry
        departures:
          limit: 6

        """
    }

    @Test func twoAgenciesFeedsAndAnAPIStopOnOneBoard() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(GTFSBoardCLITests.feed, to: scratch.path("rail.zip"))
        try GTFSFeedBuilder.writeZip(Self.busFeed, to: scratch.path("bus.zip"))
        let rail = try Data(contentsOf: URL(fileURLWithPath: scratch.path("rail.zip")))
        let bus = try Data(contentsOf: URL(fileURLWithPath: scratch.path("bus.zip")))
        let server = try LoopbackHTTPServer { request in
            if request.path == "/rail.zip" {
                return .respond(status: 200, headers: [("Content-Type", "application/zip")], body: Array(rail))
            }
            if request.path == "/bus.zip" { return .respond(status: 200, headers: [("Content-Type", "application/zip")], body: Array(bus)) }
            if request.path.hasSuffix("/stops/wharf/departures") {
                return .text(
                    #"{"data":[{"trip_id":"F1","route_short_name":"F1","headsign":"Manly","scheduled_time_secs":34440,"realtime_time_secs":34440,"delay_s":0,"realtime":true}]}"#
                )
            }
            return .text("no", status: 404)
        }
        defer { server.stop() }
        let path = scratch.path("home.yaml")
        try Self.board(server).write(toFile: path, atomically: true, encoding: .utf8)

        // A zip with no --source on a board of two GTFS sources: which one is it for?
        let ambiguous = try await CLI.run(["gtfs", "import", scratch.path("rail.zip"), "--board", path])
        #expect(ambiguous.status == 64)
        #expect(
            ambiguous.stderr.contains("the board has 2 GTFS sources (0 (Train), 1 (Bus)): say which one FEED is for with --source"),
            "\(ambiguous.stderr)")
        let notGTFS = try await CLI.run(["gtfs", "import", scratch.path("bus.zip"), "--board", path, "--source", "Ferry"])
        #expect(notGTFS.status == 64 && notGTFS.stderr.contains("--source Ferry: sources[2] is kind api, not gtfs"), "\(notGTFS.stderr)")

        // Not imported yet: validate says how each store will be filled.
        let before = try await CLI.run(["validate", "--now", GTFSBoardCLITests.now, path])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(
            before.stdout.contains(
                "(sources[0]: no timetable yet: the board downloads it from sources[0].schedule_url at start-up)"
                    + " (sources[1]: no timetable yet: the board downloads it from sources[1].schedule_url at start-up)"),
            "\(before.stdout)")

        // Without FEED, every GTFS source from its own schedule_url.
        let imported = try await CLI.run(["gtfs", "import", "--board", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("rail.sqlite: 6 departures at 2 stops"), "\(imported.stdout)")
        #expect(imported.stdout.contains("bus.sqlite: 3 departures at 1 stops"), "\(imported.stdout)")
        // A zip for the one --source names, by label or place.
        let one = try await CLI.run(["gtfs", "import", scratch.path("bus.zip"), "--board", path, "--source", "1"])
        #expect(one.status == 0 && one.stdout.contains("bus.sqlite: 3 departures"), "\(one.stderr)")

        let live = try await CLI.run(["validate", "--live", "--now", GTFSBoardCLITests.now, path])
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        for line in [
            "sources[0] (Train): timetable: 6 departures in the next 120 min",
            "sources[1] (Bus): timetable: 3 departures in the next 120 min",
            "sources[2] (Ferry): source: 1 departures",
        ] {
            #expect(live.stdout.contains(line), "\(live.stdout)")
        }

        let rendered = try await CLI.run([
            "render", "--board", path, "--now", GTFSBoardCLITests.now,
            "--output", scratch.path("board.txt"),
        ])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        // By the moment to leave (ties by departure): the 09:31 bus is too soon for a
        // 3-minute walk and hidden; the ferry at the door has no walk; trip "t-delay" of each
        // agency shows, as they are two feeds' trips.
        #expect(
            try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8) == """
                Train  T1  Hornsby  10 min  leave in 1 min  09:40 (scheduled)
                Bus  333  Bondi Beach  6 min  leave in 3 min  09:36 (scheduled)
                Ferry  F1  Manly  4 min  09:34
                Train  T9  Gordon  15 min  leave in 6 min  09:45 (scheduled)
                Bus  333  Wharf  14 min  leave in 11 min  09:44 (scheduled)
                Train  T1  Berowra  20 min  leave in 11 min  09:50 (scheduled)

                """)
    }
}
