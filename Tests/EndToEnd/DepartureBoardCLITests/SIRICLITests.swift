import Foundation
import LoopbackHTTPServer
import Testing

/// `kind: siri` as a board builder meets it: a board file, `validate --live` (with the line
/// codes the board does not name yet), `render`, and a SIRI stop beside another agency's (issue 31).
struct SIRICLITests {
    /// Sydney time: 09:35 expected (2 min late), 09:40 scheduled, a cancelled 09:45, and a
    /// 09:50 arrival at the end of a trip; two lines known only by their codes.
    static let answer = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery>
        <ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
        <StopMonitoringDelivery version="2.0"><ResponseTimestamp>2026-11-23T09:30:00+11:00</ResponseTimestamp>
        <MonitoredStopVisit><ItemIdentifier>v1</ItemIdentifier><MonitoredVehicleJourney>
          <LineRef>STIF:Line::C01727:</LineRef><DestinationName>Versailles</DestinationName>
          <MonitoredCall><AimedDepartureTime>2026-11-23T09:33:00+11:00</AimedDepartureTime>
            <ExpectedDepartureTime>2026-11-23T09:35:00+11:00</ExpectedDepartureTime>
            <DeparturePlatformName>2</DeparturePlatformName></MonitoredCall>
        </MonitoredVehicleJourney></MonitoredStopVisit>
        <MonitoredStopVisit><ItemIdentifier>v2</ItemIdentifier><MonitoredVehicleJourney>
          <LineRef>STIF:Line::C01742:</LineRef><PublishedLineName>A</PublishedLineName><DestinationName>Boissy</DestinationName>
          <MonitoredCall><AimedDepartureTime>2026-11-23T09:40:00+11:00</AimedDepartureTime></MonitoredCall>
        </MonitoredVehicleJourney></MonitoredStopVisit>
        <MonitoredStopVisit><ItemIdentifier>v3</ItemIdentifier><MonitoredVehicleJourney>
          <LineRef>STIF:Line::C01727:</LineRef><DestinationName>Massy</DestinationName>
          <MonitoredCall><AimedDepartureTime>2026-11-23T09:45:00+11:00</AimedDepartureTime>
            <DepartureStatus>cancelled</DepartureStatus></MonitoredCall>
        </MonitoredVehicleJourney></MonitoredStopVisit>
        <MonitoredStopVisit><ItemIdentifier>v4</ItemIdentifier><MonitoredVehicleJourney>
          <LineRef>STIF:Line::C01843:</LineRef><DirectionName>Bondy</DirectionName><DestinationRef>STIF:StopPoint:Q:41322:</DestinationRef>
          <MonitoredCall><StopPointRef>STIF:StopPoint:Q:41322:</StopPointRef><AimedArrivalTime>2026-11-23T09:50:00+11:00</AimedArrivalTime></MonitoredCall>
        </MonitoredVehicleJourney></MonitoredStopVisit>
        </StopMonitoringDelivery></ServiceDelivery></Siri>
        """

    @Test func aSIRIStopBesideAnotherAgencysStop() async throws {
        let scratch = try ScratchDirectory()
        let server = try LoopbackHTTPServer { request in
            let asked = String(decoding: request.body, as: UTF8.self)
            if request.method == "POST", request.path == "/siri?apikey=TEST",
                asked.contains("<MonitoringRef>STIF:StopPoint:Q:41322:</MonitoringRef>")
            {
                return .text(Self.answer, contentType: "text/xml")
            }
            if request.path.hasSuffix("/stops/wharf/departures") {
                return .text(
                    #"{"data":[{"trip_id":"F1","route_short_name":"F1","headsign":"Manly","scheduled_time_secs":34440,"realtime_time_secs":34440,"delay_s":0,"realtime":true}]}"#
                )
            }
            if request.path.hasPrefix("/broken") { return .text("<Siri><ServiceDelivery></Siri>", contentType: "text/xml") }
            return .text(
                "<Siri xmlns=\"http://www.siri.org.uk/siri\"><ServiceDelivery><ErrorCondition><UnapprovedKeyAccessError>"
                    + "<ErrorText>Unknown key</ErrorText></UnapprovedKeyAccessError></ErrorCondition></ServiceDelivery></Siri>", status: 403
            )
        }
        defer { server.stop() }
        let board = try scratch.write(
            "corner.yaml",
            """
            timezone: Australia/Sydney
            sources:
              - kind: siri
                url: \(server.baseURL)/siri
                stop_id: "STIF:StopPoint:Q:41322:"
                request: post
                api_key_env: SIRI_TEST_KEY
                api_key_query: apikey
                route_names:
                  "STIF:Line::C01727:": C
                label: RER
              - kind: api
                base_url: \(server.baseURL)
                stop_id: wharf
                label: Ferry
            """)
        let environment = ["SIRI_TEST_KEY": "TEST"]
        let live = try await CLI.run(["validate", "--live", "--now", GTFSBoardCLITests.now, board], environment: environment)
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        #expect(live.stdout.contains("sources[0] (RER): source: 4 departures"), "\(live.stdout)")
        #expect(
            live.stdout.contains(
                """
                sources[0] (RER): line codes without a route_names entry: "STIF:Line::C01742:" (shown as "A"), \
                "STIF:Line::C01843:" (shown as is)
                """), "\(live.stdout)")

        let rendered = try await CLI.run(
            [
                "render", "--board", board, "--now", GTFSBoardCLITests.now,
                "--output", scratch.path("board.txt"),
            ], environment: environment)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let text = try String(contentsOfFile: scratch.path("board.txt"), encoding: .utf8)
        #expect(
            text == """
                Ferry  F1  Manly  4 min  09:34
                RER  C  Versailles  platform 2  +2 min  5 min  09:35
                RER  A  Boissy  10 min  09:40 (scheduled)
                RER  C  Massy  Cancelled  09:45 (scheduled)
                RER  STIF:Line::C01843:  Bondy  20 min  09:50 (scheduled) (arrival, no boarding)

                """, "\(text)")

        // A wrong key: the server's own words, and the key nowhere.
        let refused = try await CLI.run(
            ["validate", "--live", "--now", GTFSBoardCLITests.now, board],
            environment: ["SIRI_TEST_KEY": "wrong-key"])
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("/siri: SIRI error: UnapprovedKeyAccessError: Unknown key"), "\(refused.stderr)")
        #expect(!(refused.stdout + refused.stderr).contains("wrong-key"))
    }

    /// `situations_url` with the board's key and `language:`: `validate --live` counts the
    /// situations, `render` shows the line's in French and marks that line's rows.
    @Test func situationsBesideTheDepartures() async throws {
        let scratch = try ScratchDirectory()
        let situations = """
            <Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery><SituationExchangeDelivery><Situations>
            <PtSituationElement><SituationNumber>SX-C</SituationNumber><Severity>severe</Severity>
              <Summary xml:lang="en">RER C: no trains to Massy</Summary><Summary xml:lang="fr">RER C : pas de trains vers Massy</Summary>
              <Affects><Networks><AffectedNetwork><AffectedLine><LineRef>STIF:Line::C01727:</LineRef></AffectedLine></AffectedNetwork></Networks></Affects>
              <Consequences><Consequence><Condition>noService</Condition></Consequence></Consequences></PtSituationElement>
            <PtSituationElement><SituationNumber>SX-ELSEWHERE</SituationNumber><Summary>Elsewhere</Summary>
              <Affects><Networks><AffectedNetwork><AffectedLine><LineRef>STIF:Line::C09999:</LineRef></AffectedLine></AffectedNetwork></Networks></Affects></PtSituationElement>
            </Situations></SituationExchangeDelivery></ServiceDelivery></Siri>
            """
        let server = try LoopbackHTTPServer { request in
            if request.path == "/sx?apikey=TEST" { return .text(situations, contentType: "text/xml") }
            return request.path.hasPrefix("/siri?") && request.path.hasSuffix("&apikey=TEST")
                ? .text(Self.answer, contentType: "text/xml") : .text("no", status: 403)
        }
        defer { server.stop() }
        let board = try scratch.write(
            "rer.yaml",
            """
            timezone: Australia/Sydney
            language: fr-FR
            source:
              kind: siri
              url: \(server.baseURL)/siri
              situations_url: \(server.baseURL)/sx
              stop_id: "STIF:StopPoint:Q:41322:"
              api_key_env: SIRI_TEST_KEY
              api_key_query: apikey
              route_names:
                "STIF:Line::C01727:": C
            """)
        let environment = ["SIRI_TEST_KEY": "TEST"]
        let live = try await CLI.run(["validate", "--live", "--now", GTFSBoardCLITests.now, board], environment: environment)
        #expect(live.status == 0, "\(live.stdout)\(live.stderr)")
        #expect(live.stdout.contains("situations: 2 in the answer"), "\(live.stdout)")

        let rendered = try await CLI.run(
            [
                "render", "--board", board, "--now", GTFSBoardCLITests.now,
                "--output", scratch.path("board.json"),
            ], environment: environment)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let state = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("board.json"))))
                as? [String: Any])
        let alerts = try #require(state["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["id"] as? String } == ["SX-C"])
        #expect(alerts.first?["header"] as? String == "RER C : pas de trains vers Massy")
        #expect(alerts.first?["effect"] as? String == "no_service" && alerts.first?["routes"] as? [String] == ["C"])
        let rows = (state["rows"] as? [[String: Any]] ?? []).map { ($0["route"] as? String ?? "", $0["alert_ids"] as? [String] ?? []) }
        #expect(rows.map(\.0) == ["C", "A", "C", "STIF:Line::C01843:"])
        #expect(rows.map(\.1) == [["SX-C"], [], ["SX-C"], []])
    }

    /// libxml2's own report of a broken answer becomes the source's error: nothing of it
    /// reaches stderr by itself.
    @Test func aBrokenAnswerIsOneLineOfOurs() async throws {
        let scratch = try ScratchDirectory()
        let server = try LoopbackHTTPServer { _ in .text("<Siri><ServiceDelivery></Siri>", contentType: "text/xml") }
        defer { server.stop() }
        let board = try scratch.write(
            "b.yaml",
            """
            source:
              kind: siri
              url: \(server.baseURL)/broken
              stop_id: "1"
            """)
        let run = try await CLI.run(["validate", "--live", "--now", GTFSBoardCLITests.now, board])
        #expect(run.status == 69)
        #expect(
            run.stderr.contains(
                "/broken?MonitoringRef=1: not well-formed XML: line 1: Opening and ending tag mismatch: ServiceDelivery line 1 and Siri"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("parser error") && !run.stderr.contains("^"), "\(run.stderr)")
    }

    @Test func aKeyInTheQueryAndAHeaderAreRefused() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write(
            "b.yaml",
            """
            source:
              kind: siri
              url: https://api.example.org/siri/2.0/stop-monitoring.json
              stop_id: "STIF:StopPoint:Q:41322:"
              api_key_env: SIRI_KEY
              api_key_header: apikey
              api_key_query: apikey
            """)
        let run = try await CLI.run(["validate", board])
        #expect(run.status == 78)
        #expect(
            run.stderr.contains(
                "b.yaml:7:3: source.api_key_query: use either api_key_header (with api_key_prefix) or api_key_query, not both"),
            "\(run.stderr)")
    }
}
