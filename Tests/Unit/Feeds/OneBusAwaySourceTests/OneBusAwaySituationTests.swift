import DeparturesCore
import Foundation
import HTTPFetch
import LoopbackHTTPServer
import OneBusAwaySource
import Testing

/// OneBusAway's situations (`references.situations`, shaped as Puget Sound's server writes
/// them) named by arrivals' `situationIds`, read over a real HTTP server into a board's state.
struct OneBusAwaySituationTests {
    typealias Fixture = OneBusAwayRepositoryTests
    static let now = Date(timeIntervalSince1970: Double(Fixture.nineThirty) / 1000)

    static let body = """
        {"code": 200, "currentTime": \(Fixture.nineThirty), "text": "OK", "version": 2,
         "data": {"entry": {"stopId": "1_75403", "situationIds": ["1_stop"], "arrivalsAndDepartures": [
            \(Fixture.visit(trip: "1_e1", scheduled: Fixture.nineThirty + 60_000, extra: ", \"situationIds\": [\"1_reroute\"]")),
            \(Fixture.visit(trip: "1_link", route: "1_200", shortName: nil, headsign: "Angle Lake", scheduled: Fixture.nineThirty + 300_000)),
            \(Fixture.visit(trip: "1_e2", scheduled: Fixture.nineThirty + 600_000, extra: ", \"situationIds\": [\"1_reroute\", \"1_gone\"]"))]},
          "references": {
            "routes": [{"id": "1_100", "shortName": "E", "longName": "E Line", "color": "", "textColor": ""},
                       {"id": "1_200", "shortName": "", "longName": "Link light rail", "color": "", "textColor": ""}],
            "situations": [
              {"id": "1_reroute", "creationTime": \(Fixture.nineThirty - 86_400_000),
               "summary": {"lang": "", "value": "E Line reroute"},
               "description": {"lang": "", "value": "E Line reroutes at NE 45th St due to construction."},
               "reason": "CONSTRUCTION", "severity": "",
               "activeWindows": [{"from": \(Fixture.nineThirty - 3_600_000), "to": \(Fixture.nineThirty + 36_000_000)}],
               "allAffects": [{"agencyId": "", "applicationId": "", "directionId": "", "routeId": "1_100", "stopId": "", "tripId": ""}],
               "consequences": [{"condition": "diversion", "conditionDetails": {"diversionPath": {"points": "kqf~Fh{ciV"}, "diversionStopIds": []}}],
               "publicationWindows": [], "url": {"lang": "", "value": ""}},
              {"id": "1_stop", "summary": {"value": "Stop closed for repairs"}, "reason": "maintenanceWork", "severity": "severe",
               "activeWindows": [{"from": 0, "to": 0}],
               "allAffects": [{"stopId": "1_75403"}], "consequences": []},
              {"id": "1_link_later", "summary": {"value": "Link single-tracking tonight"},
               "activeWindows": [{"from": \(Fixture.nineThirty + 43_200_000), "to": 0}],
               "allAffects": [{"routeId": "1_200"}], "consequences": [{"condition": "REDUCED_SERVICE"}]},
              {"id": "1_gone", "summary": {"value": "This trip is cancelled"}, "reason": "industrialAction",
               "allAffects": [{"tripId": "1_e2"}], "consequences": [{"condition": "cancelled"}]},
              {"id": "1_elsewhere", "summary": {"value": "Route 8 detour"}, "allAffects": [{"routeId": "1_800"}]},
              {"id": "1_odd", "summary": 42}
            ]}}}
        """

    @MainActor
    @Test func situationsNamedByArrivalsMarkTheirRows() async throws {
        let server = try LoopbackHTTPServer { _ in .text(Self.body, contentType: "application/json") }
        defer { server.stop() }
        let repository = OneBusAwayRepository(
            settings: .init(
                baseURL: server.baseURL, stopID: "1_75403",
                limits: FetchLimits(requestTimeout: .seconds(8), resourceTimeout: .seconds(15), maxResponseBytes: 1 << 20),
                calendar: Fixture.calendar))
        let answer = try await repository.answer()
        #expect(answer.departures.map(\.tripID) == ["1_e1", "1_link", "1_e2"])
        // Another route's situation and one of a shape not read are left out, never the rows.
        #expect(answer.alerts.map(\.id) == ["1_reroute", "1_stop", "1_link_later", "1_gone"])
        let reroute = try #require(answer.alerts.first)
        #expect(reroute.header == "E Line reroute")
        #expect(reroute.description == "E Line reroutes at NE 45th St due to construction.")
        #expect(reroute.cause == .construction && reroute.effect == .detour && reroute.severity == .unknown)
        // The route as the rows name it, not its id.
        #expect(reroute.scopes == [AlertScope(route: "E")])
        #expect(reroute.periods == [ActivePeriod(start: Self.now.addingTimeInterval(-3600), end: Self.now.addingTimeInterval(36_000))])
        #expect(answer.alerts[1].periods.isEmpty && answer.alerts[1].cause == .maintenance && answer.alerts[1].severity == .severe)
        #expect(answer.alerts[2].scopes == [AlertScope(route: "Link light rail")] && answer.alerts[2].effect == .reducedService)
        #expect(answer.alerts[3].effect == .noService && answer.alerts[3].cause == .strike)

        let rules = DepartureRules(calendar: Fixture.calendar)
        let viewModel = BoardViewModel(
            boardName: "Stop", useCase: LoadDeparturesUseCase(repository: repository, rules: rules),
            clock: FixedBoardClock(now: Self.now))
        await viewModel.refresh()
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(BoardStateJSON.encode(viewModel.state(at: Self.now)).utf8))
                as? [String: Any])
        let alerts = (json["alerts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        // Tonight's is not in force at 09:30.
        #expect(alerts == ["1_stop", "1_gone", "1_reroute"])
        let rows = (json["rows"] as? [[String: Any]] ?? []).map { ($0["trip_id"] as? String ?? "", $0["alert_ids"] as? [String] ?? []) }
        #expect(rows.map(\.0) == ["1_e1", "1_link", "1_e2"])
        #expect(rows.map(\.1) == [["1_reroute", "1_stop"], ["1_stop"], ["1_reroute", "1_stop", "1_gone"]])
    }
}
