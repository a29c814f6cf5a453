import Foundation
import LoopbackHTTPServer
import Testing

/// Answers shaped as real agencies send them (issue 45, item 1): stop ids with spaces on the
/// wire, and a time of a long run of digits that once killed the release binary.
struct AgencyAnswersCLITests {
    /// One OneBusAway visit at 09:34 Sydney time (2026-11-23), with an invented agency's id.
    static let oneBusAwayAnswer = """
        {"code": 200, "currentTime": 1795386600000, "text": "OK", "version": 2,
         "data": {"entry": {"stopId": "Lakeside County Transit_404", "arrivalsAndDepartures": [
            {"routeId": "Lakeside County Transit_7", "tripId": "Lakeside County Transit_7_1", "routeShortName": "7",
             "tripHeadsign": "Harbour", "arrivalEnabled": true, "departureEnabled": true,
             "scheduledArrivalTime": 1795386840000, "scheduledDepartureTime": 1795386840000,
             "predicted": false, "predictedArrivalTime": 0, "predictedDepartureTime": 0}]},
          "references": {"routes": []}}}
        """

    @Test func stopIDsWithSpacesArePercentEncodedOnTheWire() async throws {
        let scratch = try ScratchDirectory()
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/api/where/arrivals-and-departures-for-stop/Lakeside%20County%20Transit_404.json?key=TEST":
                return .text(Self.oneBusAwayAnswer, contentType: "application/json")
            case "/api/v1/stops/Quay%202%2FNorth/departures":
                return .text(
                    #"{"data":[{"trip_id":"F1","route_short_name":"F1","headsign":"Manly","scheduled_time_secs":34500,"realtime_time_secs":34500,"delay_s":0,"realtime":true}]}"#
                )
            case "/stops/Town%20Hall%20%26%20Co/times?stop=Town%20Hall%20%26%20Co":
                return .text(#"{"rows": [{"line": "T1", "to": "Central", "at": 1795386960}]}"#)
            default:
                return .text(#"{"code": 404, "text": "no such stop"}"#, status: 404)
            }
        }
        defer { server.stop() }
        let board = try scratch.write(
            "spaced.yaml",
            """
            timezone: Australia/Sydney
            sources:
              - kind: onebusaway
                base_url: \(server.baseURL)
                stop_id: "Lakeside County Transit_404"
                api_key_env: OBA_TEST_KEY
                label: Bus
              - kind: api
                base_url: \(server.baseURL)
                stop_id: "Quay 2/North"
                label: Ferry
              - kind: json
                url: \(server.baseURL)/stops/{stop_id}/times?stop={stop_id}
                stop_id: "Town Hall & Co"
                rows: $.rows[*]
                fields: {route: $.line, headsign: $.to, departure: $.at}
                time_format: epoch_s
                label: Train
            """)
        let rendered = try await CLI.run(
            [
                "render", "--board", board, "--now", GTFSBoardCLITests.now,
                "--output", scratch.path("board.txt"),
            ], environment: ["OBA_TEST_KEY": "TEST"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(
            try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8) == """
                Bus  7  Harbour  4 min  09:34 (scheduled)
                Ferry  F1  Manly  5 min  09:35
                Train  T1  Central  6 min  09:36

                """)
        #expect(
            Set(server.requests.map(\.path)) == [
                "/api/where/arrivals-and-departures-for-stop/Lakeside%20County%20Transit_404.json?key=TEST",
                "/api/v1/stops/Quay%202%2FNorth/departures",
                "/stops/Town%20Hall%20%26%20Co/times?stop=Town%20Hall%20%26%20Co",
            ])
    }

    /// Each time a long run of digits (the two shapes fuzz-json-map found): that row is left
    /// out with its reason, the others stay, and the process exits by itself.
    @Test(arguments: [
        #"{"departures": [{"line": "5", "to": "Bay", "time": "/Date(17777777722222222222222222222222222222222222222222222220000000000000000000)/"}, {"line": "6", "to": "Hill", "time": 1795386840}]}"#,
        #"{"departures": [{"line": "5", "to": "Bay", "time": "1795383333333333333333333333333333336901"}, {"line": "6", "to": "Hill", "time": 1795386840}]}"#,
    ])
    func aTimeOfManyDigitsIsThatRowsError(answer: String) async throws {
        let scratch = try ScratchDirectory()
        let server = try LoopbackHTTPServer { _ in .text(answer, contentType: "application/json") }
        defer { server.stop() }
        let board = try scratch.write(
            "digits.yaml",
            """
            timezone: Australia/Sydney
            source:
              kind: json
              url: \(server.baseURL)/departures
              rows: $.departures[*]
              fields: {route: $.line, headsign: $.to, departure: $.time}
              time_format: epoch_s
            """)
        let rendered = try await CLI.run([
            "render", "--board", board, "--now", GTFSBoardCLITests.now,
            "--output", scratch.path("board.txt"),
        ])
        #expect(!rendered.trapped, "killed by signal \(rendered.status): \(rendered.stderr)")
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8) == "6  Hill  4 min  09:34\n")

        let live = try await CLI.run(["validate", "--live", "--now", GTFSBoardCLITests.now, board])
        #expect(!live.trapped, "killed by signal \(live.status): \(live.stderr)")
        #expect(live.stdout.contains("not an instant between 1970 and 2200"), "\(live.stdout)")
    }
}
