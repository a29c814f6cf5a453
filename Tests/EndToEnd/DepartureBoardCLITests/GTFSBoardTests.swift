import Foundation
import GTFSFeedBuilder
import GTFSRealtime
import LoopbackHTTPServer
import SwiftProtobuf
import Testing

/// A `kind: gtfs` board end to end: `gtfs import` of a feed built here, then `render` at a
/// fixed instant against a TripUpdates message served on 127.0.0.1.
@Suite struct GTFSBoardCLITests {
    /// Monday 2026-11-23, 09:30 in Sydney (AEDT, +11:00).
    static let now = "2026-11-23T09:30:00+11:00"
    static let nowPOSIX: Int64 = 1_795_386_600

    static let feed: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nSYD,Sydney Trains,https://example.invalid,Australia/Sydney\n",
        "stops.txt": """
        stop_id,stop_name,parent_station,location_type
        CENSTN,Central,,1
        CEN,Central Platform 16,CENSTN,0
        STR,Strathfield,,0
        PAR,Parramatta,,0
        NTH,North Sydney,,0

        """,
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nR1,T1,North Shore,2\nR9,T9,Northern,2\n",
        "calendar.txt": """
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        WK,1,1,1,1,1,0,0,20260101,20261231

        """,
        "calendar_dates.txt": "service_id,date,exception_type\n",
        "trips.txt": """
        route_id,service_id,trip_id,trip_headsign,direction_id
        R1,WK,t-delay,Hornsby,0
        R9,WK,t-time,Gordon,0
        R1,WK,t-propagate,Berowra,0
        R1,WK,t-cancel,Epping,0
        R9,WK,t-skip,Hornsby,0
        R1,WK,t-timetable,Richmond,0

        """,
        "stop_times.txt": """
        trip_id,arrival_time,departure_time,stop_id,stop_sequence
        t-delay,09:40:00,09:40:00,CEN,3
        t-delay,09:49:00,09:49:00,NTH,4
        t-time,09:45:00,09:45:00,CEN,3
        t-time,09:54:00,09:54:00,NTH,4
        t-propagate,09:35:00,09:35:00,PAR,1
        t-propagate,09:42:00,09:42:00,STR,2
        t-propagate,09:50:00,09:50:00,CEN,3
        t-propagate,09:59:00,09:59:00,NTH,4
        t-cancel,09:52:00,09:52:00,CEN,3
        t-cancel,10:01:00,10:01:00,NTH,4
        t-skip,09:58:00,09:58:00,CEN,3
        t-skip,10:07:00,10:07:00,NTH,4
        t-timetable,10:05:00,10:05:00,CEN,3
        t-timetable,10:14:00,10:14:00,NTH,4

        """,
    ]

    /// Delay at our stop; an absolute (early) time; a delay at an earlier stop named only by
    /// stop_id; a cancelled trip; a skipped stop. t-timetable has no update.
    static func tripUpdates(timestamp: Int64) throws -> [UInt8] {
        var message = TransitRealtime_FeedMessage()
        message.header.gtfsRealtimeVersion = "2.0"
        message.header.timestamp = UInt64(timestamp)
        func entity(_ id: String, _ build: (inout TransitRealtime_TripUpdate) -> Void) {
            var update = TransitRealtime_TripUpdate()
            update.trip.tripID = id
            update.trip.startDate = "20261123"
            build(&update)
            var entity = TransitRealtime_FeedEntity()
            entity.id = id
            entity.tripUpdate = update
            message.entity.append(entity)
        }
        func stop(
            _ id: String, delay: Int32? = nil, time: Int64? = nil,
            _ relationship: TransitRealtime_TripUpdate.StopTimeUpdate.ScheduleRelationship = .scheduled
        )
            -> TransitRealtime_TripUpdate.StopTimeUpdate
        {
            var update = TransitRealtime_TripUpdate.StopTimeUpdate()
            update.stopID = id
            update.scheduleRelationship = relationship
            if delay != nil || time != nil {
                var event = TransitRealtime_TripUpdate.StopTimeEvent()
                if let delay { event.delay = delay }
                if let time { event.time = time }
                update.departure = event
            }
            return update
        }
        entity("t-delay") { $0.stopTimeUpdate = [stop("CEN", delay: 180)] }
        entity("t-time") { $0.stopTimeUpdate = [stop("CEN", time: nowPOSIX + 14 * 60)] }  // 09:44, a minute early
        entity("t-propagate") { $0.stopTimeUpdate = [stop("STR", delay: 300)] }
        entity("t-cancel") { $0.trip.scheduleRelationship = .canceled }
        entity("t-skip") { $0.stopTimeUpdate = [stop("CEN", .skipped)] }
        return Array(try message.serializedData())
    }

    /// Alerts for a route on the board, a stop on the board, and a route that is not.
    static func alerts(timestamp: Int64) throws -> [UInt8] {
        var message = TransitRealtime_FeedMessage()
        message.header.gtfsRealtimeVersion = "2.0"
        message.header.timestamp = UInt64(timestamp)
        for (id, route, stop, text) in [
            ("a1", "R1", "", "T1: buses replace trains after 22:00"),
            ("a2", "", "CEN", "Lift out of order at platform 16"),
            ("a3", "R5", "", "T5 is not on this board"),
        ] {
            var selector = TransitRealtime_EntitySelector()
            if !route.isEmpty { selector.routeID = route }
            if !stop.isEmpty { selector.stopID = stop }
            var translation = TransitRealtime_TranslatedString.Translation()
            translation.text = text
            var entity = TransitRealtime_FeedEntity()
            entity.id = id
            entity.alert.informedEntity = [selector]
            entity.alert.headerText.translation = [translation]
            message.entity.append(entity)
        }
        return Array(try message.serializedData())
    }

    static func board(store: String, realtimeURL: String, alertsURL: String? = nil) -> String {
        """
        name: Central
        source:
          kind: gtfs
          store: \(store)
          stop_ids: [CENSTN]
          trip_updates_url: \(realtimeURL)\(alertsURL.map { "\n  alerts_url: " + $0 } ?? "")
          api_key_env: GTFS_TEST_KEY
          api_key_header: Authorization
          api_key_prefix: "apikey "
        """
    }

    @Test func importThenRenderAppliesRealtime() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(Self.feed, to: scratch.path("feed.zip"))
        let body = try Self.tripUpdates(timestamp: Self.nowPOSIX - 20)
        let alerts = try Self.alerts(timestamp: Self.nowPOSIX - 40)
        let server = try LoopbackHTTPServer { request in
            .respond(
                status: 200, headers: [("Content-Type", "application/x-protobuf")],
                body: request.path.hasSuffix("/alerts") ? alerts : body)
        }
        defer { server.stop() }
        try Self.board(
            store: "central.sqlite", realtimeURL: server.baseURL + "/v2/gtfs/realtime/sydneytrains",
            alertsURL: server.baseURL + "/v2/gtfs/alerts"
        )
        .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)

        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("central.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("central.sqlite: 6 departures at 2 stops"), "\(imported.stdout)")

        let rendered = try await CLI.run(
            [
                "render", "--board", scratch.path("central.yaml"), "--now", Self.now,
                "--output", scratch.path("board.txt"),
            ],
            environment: ["GTFS_TEST_KEY": "s3cret"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let text = try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8)
        // The cancelled trip and the skipped call stay on the board, saying so; every row
        // calls at platform CEN, which alert a2 names.
        #expect(
            text == """
                T1  Hornsby  +3 min  13 min  09:43  alert
                T9  Gordon  14 min  09:44  alert
                T1  Epping  Cancelled  09:52  alert
                T1  Berowra  +5 min  25 min  09:55  alert
                T9  Hornsby  Cancelled  09:58  alert
                T1  Richmond  35 min  10:05 (scheduled)  alert

                """, "\(text)")
        #expect(server.requests.first?.header("Authorization") == "apikey s3cret")
        let json = try await CLI.run(
            [
                "render", "--board", scratch.path("central.yaml"), "--now", Self.now,
                "--output", scratch.path("board.json"),
            ], environment: ["GTFS_TEST_KEY": "s3cret"])
        #expect(json.status == 0, "\(json.stderr)")
        let state = try String(contentsOfFile: scratch.path("board.json"), encoding: .utf8)
        #expect(state.contains(#""notice":"T1: buses replace trains after 22:00 · Lift out of order at platform 16""#))
        func row(_ trip: String) -> Substring? {
            state.range(of: "\"trip_id\":\"\(trip)\"").map { state[$0.lowerBound...].prefix { $0 != "}" } }
        }
        #expect(row("t-delay")?.hasSuffix(#""alert_ids":["a1","a2"]"#) == true, "T1 and platform CEN: \(state)")
        #expect(row("t-time")?.hasSuffix(#""alert_ids":["a2"]"#) == true, "T9, at platform CEN only: \(state)")
        #expect(state.contains(#"{"id":"a1","header":"T1: buses replace trains after 22:00""#), "\(state)")
        #expect(!state.contains(#""id":"a3""#), "an alert for a route the board does not show")
        #expect(!rendered.stderr.contains("s3cret"))

        let validated = try await CLI.run(["validate", scratch.path("central.yaml")])
        #expect(validated.stdout.contains(": ok (timetable imported 20"), "\(validated.stdout)")

        // The board's stops changed after the import: a clear error, not an empty board.
        try Self.board(store: "central.sqlite", realtimeURL: server.baseURL + "/rt")
            .replacingOccurrences(of: "[CENSTN]", with: "[CENSTN, STR]")
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        let stale = try await CLI.run(
            [
                "render", "--board", scratch.path("central.yaml"), "--now", Self.now,
                "--output", scratch.path("board.json"),
            ], environment: ["GTFS_TEST_KEY": "k"])
        #expect(stale.stderr.contains("was imported for stops CENSTN, not STR"), "\(stale.stderr)")
        #expect(try String(contentsOfFile: scratch.path("board.json"), encoding: .utf8).contains(#""status":"error""#))
        // validate agrees with render: a board that cannot show its stops is not ok.
        let revalidated = try await CLI.run(["validate", scratch.path("central.yaml")])
        #expect(revalidated.status == 78)
        #expect(!revalidated.stdout.contains(": ok"), "\(revalidated.stdout)")
        #expect(revalidated.stderr.contains("source.stop_ids: STR are not in the store"), "\(revalidated.stderr)")
    }

    /// The whole timetable, every row marked scheduled (cancelled and skipped calls back in).
    static let timetable = """
        T1  Hornsby  10 min  09:40 (scheduled)
        T9  Gordon  15 min  09:45 (scheduled)
        T1  Berowra  20 min  09:50 (scheduled)
        T1  Epping  22 min  09:52 (scheduled)
        T9  Hornsby  28 min  09:58 (scheduled)
        T1  Richmond  35 min  10:05 (scheduled)

        """

    @Test("a stale feed or an unreachable one leaves the timetable", arguments: [true, false])
    func realtimeProblemsFallBackToTheTimetable(stale: Bool) async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(Self.feed, to: scratch.path("feed.zip"))
        let body = try Self.tripUpdates(timestamp: Self.nowPOSIX - 10 * 60)
        let server = try LoopbackHTTPServer { _ in
            stale ? .respond(status: 200, headers: [], body: body) : .text("down", status: 503)
        }
        defer { server.stop() }
        try Self.board(store: "central.sqlite", realtimeURL: server.baseURL + "/rt")
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("central.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")
        let rendered = try await CLI.run(
            [
                "render", "--board", scratch.path("central.yaml"), "--now", Self.now,
                "--output", scratch.path("board.txt"),
            ],
            environment: ["GTFS_TEST_KEY": "k"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8) == Self.timetable)
    }

    /// A board without `timezone:` takes its agency's: importing from the agency's URL
    /// needs no zone beforehand, as importing a file does not.
    @Test func importFromAURLNeedsNoTimezoneOnTheBoard() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(Self.feed, to: scratch.path("feed.zip"))
        let zip = Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path("feed.zip"))))
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, headers: [("Content-Type", "application/zip")], body: zip) }
        defer { server.stop() }
        try "name: Central\nsource: {kind: gtfs, store: central.sqlite, stop_ids: [CENSTN]}\n"
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["gtfs", "import", server.baseURL + "/feed.zip", "--board", scratch.path("central.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("central.sqlite: 6 departures at 2 stops"), "\(imported.stdout)")
        let rendered = try await CLI.run([
            "render", "--board", scratch.path("central.yaml"), "--now", Self.now,
            "--output", scratch.path("board.txt"),
        ])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(
            try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8) == Self.timetable,
            "the agency's zone (Australia/Sydney) places the times")
    }

    /// A preview dated in the future fetches the agency's zip like any render, but the time
    /// of that check is not saved: the real board's daily cadence stays where it was.
    @Test func aPreviewWithNowLeavesTheTimetablesCadenceAlone() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(Self.feed, to: scratch.path("feed.zip"))
        let zip = Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path("feed.zip"))))
        let server = try LoopbackHTTPServer { request in
            request.header("If-None-Match") == "\"v1\""
                ? .respond(status: 304, headers: [("ETag", "\"v1\"")])
                : .respond(status: 200, headers: [("ETag", "\"v1\""), ("Content-Type", "application/zip")], body: zip)
        }
        defer { server.stop() }
        try
            "name: Central\ntimezone: Australia/Sydney\nsource: {kind: gtfs, store: central.sqlite, stop_ids: [CENSTN], schedule_url: \"\(server.baseURL)/feed.zip\"}\n"
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["gtfs", "import", "--board", scratch.path("central.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")
        func savedCheck() throws -> Double? {
            try String(contentsOfFile: scratch.path("central.sqlite.source"), encoding: .utf8).split(separator: "\n")
                .first { $0.hasPrefix("checked ") }.flatMap { Double($0.dropFirst("checked ".count)) }
        }
        let checked = try #require(try savedCheck())
        // Without its store the preview waits for the download (a background check might not finish before it exits).
        try FileManager.default.removeItem(atPath: scratch.path("central.sqlite"))
        let preview = try await CLI.run([
            "render", "--board", scratch.path("central.yaml"), "--now", "2030-01-01T09:00:00+11:00",
            "--output", scratch.path("future.txt"),
        ])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(server.requests.count == 2, "the preview downloaded the timetable")
        #expect(FileManager.default.fileExists(atPath: scratch.path("central.sqlite")))
        #expect(try savedCheck() == checked, "and left the saved check at the real one")
        #expect(checked <= Date().timeIntervalSince1970)
    }

    /// `validate --live` reports the VehiclePositions feed as it reports the alerts feed:
    /// fetched, or why not (then the live check fails, naming it).
    @Test(arguments: [true, false])
    func validateLiveReportsTheVehiclePositionsFeed(up: Bool) async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(Self.feed, to: scratch.path("feed.zip"))
        let trips = try Self.tripUpdates(timestamp: Self.nowPOSIX - 20)
        let alerts = try Self.alerts(timestamp: Self.nowPOSIX - 40)
        var vehicles = TransitRealtime_FeedMessage()
        vehicles.header.gtfsRealtimeVersion = "2.0"
        vehicles.header.timestamp = UInt64(Self.nowPOSIX - 15)
        let vehicleBytes: [UInt8] = try vehicles.serializedBytes()
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/vp": up ? .respond(status: 200, headers: [], body: vehicleBytes) : .text("down", status: 503)
            case "/alerts": .respond(status: 200, headers: [], body: alerts)
            default: .respond(status: 200, headers: [], body: trips)
            }
        }
        defer { server.stop() }
        try
            (Self.board(store: "central.sqlite", realtimeURL: server.baseURL + "/rt", alertsURL: server.baseURL + "/alerts")
            + "\n  vehicle_positions_url: \(server.baseURL)/vp\n")
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("central.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")

        let live = try await CLI.run(
            ["validate", "--live", "--now", Self.now, scratch.path("central.yaml")],
            environment: ["GTFS_TEST_KEY": "k"])
        #expect(live.stdout.contains("  alerts: fetched"), "\(live.stdout)")
        #expect(server.requests.contains { $0.path == "/vp" && $0.header("Authorization") == "apikey k" }, "the feeds' key")
        if up {
            #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
            #expect(live.stdout.contains("  vehicle positions: fetched"), "\(live.stdout)")
        } else {
            #expect(live.status == 69)
            #expect(
                live.stderr.contains("live: vehicle positions: Failed to load departures: HTTP 503 from GTFS-Realtime feed"),
                "\(live.stderr)")
        }
    }

    /// A stop id the agency's feed does not have: the panel and the JSON say so in a few
    /// words, and `validate --live` gives one verdict, not `ok` beside an error.
    @Test func aStopTheFeedLacksIsSaidOnTheBoard() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(Self.feed, to: scratch.path("feed.zip"))
        let zip = Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path("feed.zip"))))
        let server = try LoopbackHTTPServer { request in
            request.header("If-None-Match") == "\"v1\""
                ? .respond(status: 304, headers: [("ETag", "\"v1\"")], body: [])
                : .respond(status: 200, headers: [("Content-Type", "application/zip"), ("ETag", "\"v1\"")], body: zip)
        }
        defer { server.stop() }
        try
            "name: Central\ntimezone: Australia/Sydney\nsource: {kind: gtfs, store: central.sqlite, stop_ids: [\"999999\"], schedule_url: \"\(server.baseURL)/feed.zip\"}\n"
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        let rendered = try await CLI.run([
            "render", "--board", scratch.path("central.yaml"), "--now", Self.now,
            "--output", scratch.path("state.json"),
        ])
        let state = try String(contentsOfFile: scratch.path("state.json"), encoding: .utf8)
        #expect(state.contains(#""status":"error","message":"No stop 999999 in timetable""#), "\(state)")
        // One cause, and where to find the right id.
        #expect(
            rendered.stderr.contains(
                "No stop 999999 in timetable: \(server.baseURL)/feed.zip has no stop with stop_id '999999'; "
                    + "find the stop's id with `departure-board gtfs stops \(server.baseURL)/feed.zip --name NAME`"),
            "the detail stays in the log: \(rendered.stderr)")
        // The next render asks whether the copy changed, and does not download it again.
        let again = try await CLI.run([
            "render", "--board", scratch.path("central.yaml"), "--now", Self.now, "--output", scratch.path("state.json"),
        ])
        #expect(again.stderr.contains("has no stop with stop_id '999999'"), "\(again.stderr)")
        #expect(
            server.requests.filter { $0.path == "/feed.zip" }.map { $0.header("If-None-Match") } == [nil, "\"v1\""],
            "\(server.requests.map(\.path))")
        #expect(try String(contentsOfFile: scratch.path("state.json"), encoding: .utf8).contains("No stop 999999 in timetable"))

        let live = try await CLI.run(["validate", "--live", "--now", Self.now, scratch.path("central.yaml")])
        #expect(live.status == 69)
        #expect(!live.stdout.contains(": ok"), "one verdict: \(live.stdout)")
        #expect(live.stderr.contains("live: timetable: No stop 999999 in timetable"), "\(live.stderr)")
        #expect(live.stdout.contains("the board file is valid, but the live check failed"), "\(live.stdout)")
    }

    @Test func badFeedAndMissingStoreAreClearErrors() async throws {
        let scratch = try ScratchDirectory()
        var broken = Self.feed
        broken["stop_times.txt"] = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt-delay,09:40:00,9:4x:00,CEN,3\n"
        try GTFSFeedBuilder.writeZip(broken, to: scratch.path("feed.zip"))
        try Self.board(store: "central.sqlite", realtimeURL: "http://127.0.0.1:9/rt")
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)

        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("central.yaml")])
        #expect(imported.status == 65)
        #expect(imported.stderr.contains("stop_times.txt line 2: departure_time: '9:4x:00'"), "\(imported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("central.sqlite")))

        // No store and no timezone: the agency's zone is unknown, so the board cannot start.
        let rendered = try await CLI.run([
            "render", "--board", scratch.path("central.yaml"), "--now", Self.now,
            "--output", scratch.path("board.txt"),
        ])
        #expect(rendered.status == 78)
        #expect(rendered.stderr.contains("source.store:"), "\(rendered.stderr)")
        #expect(rendered.stderr.contains("departure-board gtfs import FEED.zip --board"), "\(rendered.stderr)")

        let demo = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", "Boards/preview.yaml"])
        #expect(demo.status == 78)
        #expect(demo.stderr.contains("source.kind: is demo; gtfs import needs a board with a kind: gtfs source"), "\(demo.stderr)")
    }
}

extension GTFSBoardCLITests {
    /// A first import makes the store's folder; one that cannot be made is said in one plain
    /// sentence naming it once, with what to do.
    @Test func theStoresFolderIsMadeOrItsProblemSaidPlainly() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(Self.feed, to: scratch.path("feed.zip"))
        try Self.board(store: "var/lib/board/central.sqlite", realtimeURL: "http://127.0.0.1:9/rt")
            .write(toFile: scratch.path("central.yaml"), atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("central.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("var/lib/board/central.sqlite")))

        _ = try scratch.write("blocked", "a file where the folder should be\n")
        try Self.board(store: "blocked/central.sqlite", realtimeURL: "http://127.0.0.1:9/rt")
            .write(toFile: scratch.path("blocked.yaml"), atomically: true, encoding: .utf8)
        let refused = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("blocked.yaml")])
        #expect(refused.status == 65)
        #expect(
            refused.stderr == "departure-board: error: \(scratch.path("feed.zip")): cannot create the folder "
                + "\(scratch.path("blocked")) (a file of that name is in the way); create it, writable by this user, "
                + "or set source.store elsewhere\n", "\(refused.stderr)")
        #expect(!refused.stderr.contains("Error Domain"))
    }

    /// The shipped example needs no store to validate: it names its zone.
    @Test func sydneyTrainsExampleValidates() async throws {
        let run = try await CLI.run(["validate", "Boards/gtfs/sydney-trains.yaml"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix("Boards/gtfs/sydney-trains.yaml: ok (no timetable yet: the board downloads it from source.schedule_url"),
            "\(run.stdout)")
    }
}

extension GTFSBoardCLITests {
    /// A generated city-sized feed imports in its own process within a memory budget far
    /// below a 512 MB Raspberry Pi's (GTFS_LARGE_ROWS sets the size; 200,000 rows by default).
    @Test func largeFeedImportStaysWithinItsMemoryBudget() async throws {
        let rows = ProcessInfo.processInfo.environment["GTFS_LARGE_ROWS"].flatMap { Int($0) } ?? 200_000
        let scratch = try ScratchDirectory()
        let feed = LargeFeed(stopTimesRows: rows)
        try feed.write(to: scratch.path("large.zip"), folder: scratch.path("members"))
        let stops = [LargeFeed.stopID(route: 7, index: 10), LargeFeed.stopID(route: 8, index: 20)]
        try """
        timezone: Australia/Sydney
        source: {kind: gtfs, stop_ids: [\(stops.joined(separator: ", "))]}
        """.write(toFile: scratch.path("large.yaml"), atomically: true, encoding: .utf8)

        let run = try await CLI.run(["gtfs", "import", scratch.path("large.zip"), "--board", scratch.path("large.yaml")])
        #expect(run.status == 0, "\(run.stderr)")
        let kept = feed.trips(onRoute: 7).count + feed.trips(onRoute: 8).count
        #expect(run.stdout.contains("\(kept) departures at 2 stops"), "\(run.stdout)")
        #expect(run.stdout.contains("from \(feed.stopTimesRows) stop_times rows"), "\(run.stdout)")
        let peak = run.stdout.firstMatch(of: /peak memory (\d+) MiB/).flatMap { Int($0.1) }
        #expect((peak ?? .max) <= 128, "\(run.stdout)")
    }
}
