import Foundation
import LoopbackHTTPServer
import Testing

/// `kind: onebusaway` as a board builder meets it: a board file, `validate --live`, `render`,
/// and a OneBusAway stop beside another agency's on one board (issue 31).
struct OneBusAwayCLITests {
    /// 09:34 predicted (2 min late), 09:45 scheduled, and a last stop's 09:50 arrival, Sydney time.
    static let answer = """
        {"code": 200, "currentTime": 1795386600000, "text": "OK", "version": 2,
         "data": {"entry": {"stopId": "1_75403", "arrivalsAndDepartures": [
            {"routeId": "1_100", "tripId": "1_a", "serviceDate": 1795352400000, "routeShortName": "E",
             "tripHeadsign": "Downtown", "arrivalEnabled": true, "departureEnabled": true,
             "scheduledArrivalTime": 1795386720000, "scheduledDepartureTime": 1795386720000,
             "predicted": true, "predictedArrivalTime": 1795386840000, "predictedDepartureTime": 1795386840000},
            {"routeId": "1_200", "tripId": "1_b", "serviceDate": 1795352400000, "routeShortName": "",
             "tripHeadsign": "Angle Lake", "arrivalEnabled": true, "departureEnabled": true,
             "scheduledArrivalTime": 1795387500000, "scheduledDepartureTime": 1795387500000,
             "predicted": false, "predictedArrivalTime": 0, "predictedDepartureTime": 0},
            {"routeId": "1_100", "tripId": "1_c", "serviceDate": 1795352400000, "routeShortName": "E",
             "tripHeadsign": "Shoreline", "arrivalEnabled": true, "departureEnabled": false,
             "scheduledArrivalTime": 1795387800000, "scheduledDepartureTime": 0,
             "predicted": false, "predictedArrivalTime": 0, "predictedDepartureTime": 0}]},
          "references": {"routes": [{"id": "1_100", "shortName": "E", "longName": "E Line"},
                                    {"id": "1_200", "shortName": "1 Line", "longName": "Link light rail"}]}}}
        """

    @Test func aOneBusAwayStopBesideAnotherAgencysStop() async throws {
        let scratch = try ScratchDirectory()
        let server = try LoopbackHTTPServer { request in
            if request.path == "/api/where/arrivals-and-departures-for-stop/1_75403.json?key=TEST" {
                return .text(Self.answer, contentType: "application/json")
            }
            if request.path.hasSuffix("/stops/wharf/departures") {
                return .text(
                    #"{"data":[{"trip_id":"F1","route_short_name":"F1","headsign":"Manly","scheduled_time_secs":34440,"realtime_time_secs":34440,"delay_s":0,"realtime":true}]}"#
                )
            }
            return .text(#"{"code": 401, "text": "permission denied"}"#, status: 401)
        }
        defer { server.stop() }
        let board = try scratch.write(
            "corner.yaml",
            """
            timezone: Australia/Sydney
            sources:
              - kind: onebusaway
                base_url: \(server.baseURL)
                stop_id: "1_75403"
                api_key_env: OBA_TEST_KEY
                label: Bus
              - kind: api
                base_url: \(server.baseURL)
                stop_id: wharf
                label: Ferry
            """)
        let environment = ["OBA_TEST_KEY": "TEST"]
        let live = try await CLI.run(["validate", "--live", "--now", GTFSBoardCLITests.now, board], environment: environment)
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        #expect(live.stdout.contains("sources[0] (Bus): source: 3 departures"), "\(live.stdout)")

        let rendered = try await CLI.run(
            [
                "render", "--board", board, "--now", GTFSBoardCLITests.now,
                "--output", scratch.path("board.txt"),
            ], environment: environment)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(
            try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8) == """
                Bus  E  Downtown  +2 min  4 min  09:34
                Ferry  F1  Manly  4 min  09:34
                Bus  1 Line  Angle Lake  15 min  09:45 (scheduled)
                Bus  E  Shoreline  20 min  09:50 (scheduled) (arrival, no boarding)

                """)

        // A wrong key: the server's own words, and the key nowhere.
        let refused = try await CLI.run(
            ["validate", "--live", "--now", GTFSBoardCLITests.now, board],
            environment: ["OBA_TEST_KEY": "wrong-key"])
        #expect(refused.status == 69)
        #expect(
            refused.stderr.contains("arrivals-and-departures-for-stop/1_75403.json: OneBusAway error 401: permission denied"),
            "\(refused.stderr)")
        #expect(!(refused.stdout + refused.stderr).contains("wrong-key"))
    }

    @Test func aHeaderForTheKeyIsRefused() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write(
            "b.yaml",
            """
            source:
              kind: onebusaway
              base_url: https://api.example.org
              stop_id: "1_75403"
              api_key_env: OBA_KEY
              api_key_header: X-Key
            """)
        let run = try await CLI.run(["validate", board])
        #expect(run.status == 78)
        #expect(
            run.stderr.contains("source.api_key_header: only applies to kind api, gtfs, siri or json (this source is kind onebusaway)"),
            "\(run.stderr)")
    }
}
