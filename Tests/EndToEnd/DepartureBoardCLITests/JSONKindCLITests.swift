import Foundation
import LoopbackHTTPServer
import Testing

/// `kind: json` as a board builder meets it: two agencies' own APIs on one board (a REST GET in
/// epoch milliseconds, a GraphQL POST in ISO 8601), `validate --live` telling which query
/// matches, `render`, and a hub passing a json stop on to its signs (issue 31, item 3).
@Suite(.serialized)
struct JSONKindCLITests {
    /// Sydney, 2026-11-23: 09:34 (2 min late), 09:40 untracked, as epoch milliseconds.
    static let restAnswer = """
        {"resultSet": {"arrival": [
          {"route": 20, "shortSign": "Bondi Junction", "status": "estimated", "scheduled": 1795386720000, "estimated": 1795386840000, "tripID": "20-1"},
          {"route": 15, "shortSign": "Coogee", "status": "scheduled", "scheduled": 1795387200000, "tripID": "15-7"},
          {"route": 90, "shortSign": "Airport", "status": "canceled", "scheduled": 1795387500000, "tripID": "90-2"}]}}
        """
    /// 09:36 on time from platform 3, and 09:52 expected 3 min late.
    static let graphQLAnswer = """
        {"data": {"stopPlace": {"name": "Circular Quay", "estimatedCalls": [
          {"realtime": true, "aimedDepartureTime": "2026-11-23T09:36:00+1100", "expectedDepartureTime": "2026-11-23T09:36:00+1100",
           "quay": {"publicCode": "3"}, "destinationDisplay": {"frontText": "Manly"}, "serviceJourney": {"id": "F1-9", "line": {"publicCode": "F1"}}},
          {"realtime": true, "aimedDepartureTime": "2026-11-23T09:49:00+11:00", "expectedDepartureTime": "2026-11-23T09:52:00+11:00",
           "quay": null, "destinationDisplay": {"frontText": "Parramatta"}, "serviceJourney": {"id": "F3-2", "line": {"publicCode": "F3"}}}]}}}
        """

    static func board(_ base: String) -> String {
        """
        timezone: Australia/Sydney
        sources:
          - kind: json
            url: \(base)/ws/v2/arrivals?locIDs={stop_id}&json=true
            stop_id: "200060"
            api_key_env: JSON_TEST_KEY
            api_key_query: appID
            rows: $.resultSet.arrival[*]
            fields:
              route: $.route
              headsign: $.shortSign
              departure: [$.estimated, $.scheduled]
              scheduled: $.scheduled
              trip_id: $.tripID
              cancelled: $.status
              platform: $.track
            time_format: epoch_ms
            label: Bus
          - kind: json
            url: \(base)/graphql
            stop_id: "NSR:StopPlace:1"
            method: POST
            headers: {ET-Client-Name: test-sign}
            body: '{"query": "query($id: String!) { stopPlace(id: $id) { estimatedCalls { realtime } } }", "variables": {"id": "{stop_id}"}}'
            rows: $.data.stopPlace.estimatedCalls[*]
            fields:
              route: $.serviceJourney.line.publicCode
              headsign: $.destinationDisplay.frontText
              departure: $.expectedDepartureTime
              scheduled: $.aimedDepartureTime
              trip_id: $.serviceJourney.id
              platform: $.quay.publicCode
              realtime: $.realtime
            label: Ferry
        """
    }

    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            if request.method == "GET", request.path == "/ws/v2/arrivals?locIDs=200060&json=true&appID=TEST" {
                return .text(Self.restAnswer, contentType: "application/json")
            }
            let body = String(decoding: request.body, as: UTF8.self)
            if request.method == "POST", request.path == "/graphql", request.header("ET-Client-Name") == "test-sign",
                body.contains(#""variables": {"id": "NSR:StopPlace:1"}"#)
            {
                return .text(Self.graphQLAnswer, contentType: "application/json")
            }
            return .text(#"{"message": "Invalid appID"}"#, status: 401, contentType: "application/json")
        }
    }

    @Test func twoAgenciesOwnAPIsOnOneBoard() async throws {
        let scratch = try ScratchDirectory()
        let server = try Self.server()
        defer { server.stop() }
        let board = try scratch.write("corner.yaml", Self.board(server.baseURL))
        let environment = ["JSON_TEST_KEY": "TEST"]

        let live = try await CLI.run(["validate", "--live", "--now", GTFSBoardCLITests.now, board], environment: environment)
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        for line in [
            "sources[0] (Bus): source: 3 departures from 3 rows (rows $.resultSet.arrival[*])",
            "sources[0] (Bus): fields.departure [$.estimated, $.scheduled]: in 3 of 3 rows",
            "sources[0] (Bus): fields.platform $.track: in 0 of 3 rows (optional: matches nothing, written at \(board):16:17)",
            "sources[1] (Ferry): source: 2 departures from 2 rows (rows $.data.stopPlace.estimatedCalls[*])",
            "sources[1] (Ferry): fields.platform $.quay.publicCode: in 1 of 2 rows",
        ] {
            #expect(live.stdout.contains(line + "\n"), "\(line)\n\(live.stdout)")
        }

        let rendered = try await CLI.run(
            [
                "render", "--board", board, "--now", GTFSBoardCLITests.now,
                "--output", scratch.path("board.txt"),
            ], environment: environment)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let text = try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8)
        #expect(
            text == """
                Bus  20  Bondi Junction  +2 min  4 min  09:34
                Ferry  F1  Manly  platform 3  6 min  09:36
                Bus  15  Coogee  10 min  09:40 (scheduled)
                Bus  90  Airport  Cancelled  09:45 (scheduled)
                Ferry  F3  Parramatta  +3 min  22 min  09:52

                """, "\(text)")

        // A wrong key: the API's own words, and the key nowhere.
        let refused = try await CLI.run(
            ["validate", "--live", "--now", GTFSBoardCLITests.now, board],
            environment: ["JSON_TEST_KEY": "wrong-key"])
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("/ws/v2/arrivals?locIDs=200060&json=true: Invalid appID"), "\(refused.stderr)")
        #expect(!(refused.stdout + refused.stderr).contains("wrong-key"))

        // A query the answer does not match: the source's error, pointed at where it is written.
        let missing = try scratch.write(
            "missing.yaml", Self.board(server.baseURL).replacing("rows: $.resultSet.arrival[*]", with: "rows: $.resultSet.arrivals[*]"))
        let missed = try await CLI.run(["validate", "--live", "--now", GTFSBoardCLITests.now, missing], environment: environment)
        #expect(missed.status != 0)
        #expect(
            missed.stderr.contains(
                "rows $.resultSet.arrivals[*]: matched nothing: $.resultSet.arrivals found nothing; "
                    + "$.resultSet is an object with keys: arrival (written at \(missing):8:11)"), "\(missed.stdout)\(missed.stderr)")
    }

    @Test func aBadQueryStopsValidateAtItsLine() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write(
            "b.yaml",
            Self.board("http://127.0.0.1:9").replacing("route: $.route", with: "route: $.route.")
                + "\n")
        let run = try await CLI.run(["validate", board])
        #expect(run.status == 78)
        #expect(
            run.stderr.contains(
                "b.yaml:10:14: sources[0].fields.route: not a JSONPath query at character 9: expected a name, * or [ after .; got the end"),
            "\(run.stderr)")
    }

    /// A hub polls a json stop once and serves it to its signs in the project's own API.
    @Test func aHubServesAJSONStop() async throws {
        let scratch = try ScratchDirectory()
        // The hub polls on the real clock: the answer's instants are around the real now.
        let server = try LoopbackHTTPServer { _ in
            let now = Int(Date().timeIntervalSince1970)
            return .text(
                "[{\"r\": \"T1\", \"h\": \"Emu Plains\", \"t\": \(now + 300), \"load\": \"STANDING_ROOM_ONLY\", \"pct\": 82},"
                    + " {\"r\": \"T9\", \"h\": \"Hornsby\", \"t\": \(now + 600)}]", contentType: "application/json")
        }
        defer { server.stop() }
        let hubFile = try scratch.write(
            "hub.yaml",
            """
            listen: 127.0.0.1:0
            stops:
              - id: central
                timezone: Australia/Sydney
                source:
                  kind: json
                  url: \(server.baseURL)/departures
                  rows: $[*]
                  fields: {route: $.r, headsign: $.h, departure: $.t, occupancy: $.load, occupancy_percent: $.pct}
                  time_format: epoch_s
            """)
        let hub = try RunSignalTests.RunningBoard(["serve", hubFile], scratch: scratch)
        #expect(await hub.waitUntil { ServeTests.port(in: hub.log) != nil }, "\(hub.log)")
        let port = try #require(ServeTests.port(in: hub.log))
        var sign = try await CLI.run([
            "render", "--api-base", "http://127.0.0.1:\(port)", "--stop", "central",
            "--board", CLI.packageRoot.appendingPathComponent("Boards/preview.yaml").path,
            "--output", scratch.path("sign.txt"),
        ])
        for _ in 0..<100 where sign.stderr.contains("warning") {  // until the hub's first poll lands
            try await Task.sleep(for: .milliseconds(50))
            sign = try await CLI.run([
                "render", "--api-base", "http://127.0.0.1:\(port)", "--stop", "central",
                "--board", CLI.packageRoot.appendingPathComponent("Boards/preview.yaml").path,
                "--output", scratch.path("sign.txt"),
            ])
        }
        #expect(sign.status == 0 && sign.stderr.isEmpty, "\(sign.stderr)")
        let rows = try scratch.read("sign.txt").split(separator: "\n")
        // Crowding passes through the hub to the sign.
        #expect(
            rows.count == 2 && rows[0].hasPrefix("T1  Emu Plains  Standing  4 min") || rows[0].hasPrefix("T1  Emu Plains  Standing  5 min"),
            "\(rows)")
        #expect(rows.count == 2 && rows[1].hasPrefix("T9  Hornsby  9 min") || rows[1].hasPrefix("T9  Hornsby  10 min"), "\(rows)")
        hub.signal(SIGTERM)
        #expect(await hub.exitStatus(within: 10) == 0, "\(hub.log)")
    }
}
