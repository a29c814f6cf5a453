import DeparturesCore
import Foundation
import HTTPFetch
import LoopbackHTTPServer
import SIRISource
import Testing
import ZoneInfo

/// SituationExchange read into the core's alerts for the board of `SIRIFixtures.siri20`,
/// and a `situations_url` fetched beside StopMonitoring from a real server on 127.0.0.1,
/// judged on the board state JSON a sign renders.
@MainActor
struct SIRISituationTests {
    static let now = SIRIRepositoryTests.now
    static let visits = try! SIRIAnswer.visits(Array(SIRIFixtures.siri20.utf8))
    static let board = SIRISituationAlerts.Board(monitoringRef: "CENTRAL:16", lineRef: nil, visits: visits, routeNames: [:])

    static func alerts(_ text: String, language: String? = nil) throws -> [ServiceAlert] {
        SIRISituationAlerts(
            try SIRISituationExchange.situations(Array(text.utf8)), board: board, referenced: [],
            language: language, calendar: SIRIAnswerTests.calendar
        ).alerts
    }

    /// The board of one SIRI source at `now`, after one refresh, as JSON.
    @MainActor
    static func boardJSON(
        monitoring: String, situations: Reply?, language: String? = nil,
        situationsPath: String = "/sx"
    ) async throws -> (json: [String: Any], requests: [RecordedRequest], health: SourceHealth?) {
        let server = try LoopbackHTTPServer { request in
            request.path.hasPrefix("/sx") ? situations ?? .text("", status: 404) : .text(monitoring, contentType: "text/xml")
        }
        defer { server.stop() }
        let repository = SIRIRepository(
            settings: .init(
                request: SIRIRequest(url: server.baseURL + "/sm", stopID: "CENTRAL:16"), apiKey: SIRIRepositoryTests.key,
                apiKeyQuery: "key",
                limits: FetchLimits(requestTimeout: .seconds(8), resourceTimeout: .seconds(15), maxResponseBytes: 1 << 20),
                calendar: SIRIAnswerTests.calendar, situationsURL: situations == nil ? nil : server.baseURL + situationsPath,
                language: language), clock: FixedBoardClock(now: now))
        let rules = DepartureRules(calendar: SIRIAnswerTests.calendar)
        let viewModel = BoardViewModel(
            boardName: "Central", useCase: LoadDeparturesUseCase(repository: repository, rules: rules),
            clock: FixedBoardClock(now: now))
        await viewModel.refresh()
        let text = BoardStateJSON.encode(viewModel.state(at: now))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (json, server.requests, await repository.health())
    }

    static func alertIDs(_ json: [String: Any]) -> [String] {
        (json["alerts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// Each row's trip with the alerts it names.
    static func rowAlerts(_ json: [String: Any]) -> [String: [String]] {
        Dictionary(
            (json["rows"] as? [[String: Any]] ?? []).map { ($0["trip_id"] as? String ?? "", $0["alert_ids"] as? [String] ?? []) },
            uniquingKeysWith: { first, _ in first })
    }

    @Test func aLineAmongSeveralConcernsOnlyItsRows() async throws {
        let alerts = try Self.alerts(SIRISituationFixtures.exchange(SIRISituationFixtures.lineT9))
        let alert = try #require(alerts.first)
        #expect(alerts.count == 1)
        #expect(alert.id == "SX-LINE-T9")
        #expect(alert.header == "T9 trains are delayed")
        #expect(alert.description == "A signal failure at Strathfield delays T9 trains by up to 20 minutes.")
        #expect(alert.cause == .technicalProblem && alert.effect == .significantDelays && alert.severity == .warning)
        #expect(alert.scopes == [AlertScope(route: "T9")])
        #expect(
            alert.periods == [
                ActivePeriod(start: Date(timeIntervalSince1970: 1_795_374_000), end: Date(timeIntervalSince1970: 1_795_424_400))
            ])

        let (json, requests, _) = try await Self.boardJSON(
            monitoring: SIRIFixtures.siri20, situations: .text(SIRISituationFixtures.exchange(SIRISituationFixtures.lineT9)))
        #expect(Self.alertIDs(json) == ["SX-LINE-T9"])
        #expect(Self.rowAlerts(json) == ["T1-0932": [], "T9-0945": ["SX-LINE-T9"], "T1-0950": [], "visit-4": []])
        // The same key as the departures, in the query the board names.
        #expect(requests.map(\.path).sorted() == ["/sm?MonitoringRef=CENTRAL%3A16&key=s3cret%20key%2F1", "/sx?key=s3cret%20key%2F1"])
    }

    @Test func theSameLineInSIRILiteJSON() throws {
        let alerts = try Self.alerts(SIRISituationFixtures.lite, language: "fr")
        #expect(alerts.map(\.id) == ["SX-LINE-T9"])
        #expect(alerts.first?.header == "Retards sur la T9")
        // No French description: the one there is.
        #expect(alerts.first?.description == "A signal failure at Strathfield.")
        #expect(alerts.first?.scopes == [AlertScope(route: "T9")])
        #expect(alerts.first?.effect == .significantDelays)
    }

    /// The stop's situation marks every row; the journey's only its row; tomorrow's is kept
    /// (the board checks periods per frame) but not shown at 09:30; another stop's line is dropped.
    @Test func theStopAJourneyTomorrowAndElsewhere() async throws {
        let alerts = try Self.alerts(SIRISituationFixtures.all)
        #expect(alerts.map(\.id) == ["SX-LINE-T9", "SX-STOP", "SX-JOURNEY", "SX-TOMORROW", "SX-LANG"])
        let journey = try #require(alerts.first { $0.id == "SX-JOURNEY" })
        #expect(journey.effect == .noService && journey.cause == .strike && journey.severity == .severe)
        #expect(journey.scopes == [AlertScope(route: "T1", trip: "T1-0950")])
        #expect(alerts.first { $0.id == "SX-STOP" }?.scopes == [AlertScope(stop: "CENTRAL:16")])
        #expect(alerts.first { $0.id == "SX-TOMORROW" }?.effect == .modifiedService)

        let (json, _, _) = try await Self.boardJSON(monitoring: SIRIFixtures.siri20, situations: .text(SIRISituationFixtures.all))
        #expect(Self.alertIDs(json) == ["SX-JOURNEY", "SX-LINE-T9", "SX-STOP", "SX-LANG"])
        #expect(
            Self.rowAlerts(json) == [
                "T1-0932": ["SX-STOP"], "T9-0945": ["SX-LINE-T9", "SX-STOP"],
                "T1-0950": ["SX-STOP", "SX-JOURNEY"], "visit-4": ["SX-STOP", "SX-LANG"],
            ])
        let cancelled = try #require((json["alerts"] as? [[String: Any]])?.first)
        #expect(cancelled["effect"] as? String == "no_service" && cancelled["severity"] as? String == "severe")
    }

    /// `language:` picks among `xml:lang`s: exactly, by primary subtag, else the first.
    @Test func threeLanguagesChosenByTheBoard() throws {
        let text = SIRISituationFixtures.exchange(SIRISituationFixtures.threeLanguages)
        #expect(try Self.alerts(text, language: "fr").first?.header == "Pas de trains T8 pendant le défilé")
        #expect(try Self.alerts(text, language: "de-CH").first?.header == "Keine T8-Züge während der Parade")
        #expect(try Self.alerts(text, language: "ja").first?.header == "No T8 trains during the parade")
        #expect(try Self.alerts(text).first?.header == "No T8 trains during the parade")
        // Blocked for journey planners: nothing runs.
        #expect(try Self.alerts(text).first?.effect == .noService)
        #expect(try Self.alerts(text).first?.cause == .otherCause)
    }

    /// A StopMonitoring answer that names a situation on a journey and carries it in its own
    /// SituationExchangeDelivery: the row is marked without any situations_url.
    @Test func aStopMonitoringAnswerWithItsOwnSituations() async throws {
        let monitoring = SIRISituationFixtures.monitoringWithSituations
        #expect(monitoring.contains("<SituationNumber>SX-REF</SituationNumber></SituationFullRef>"))
        let visits = try SIRIAnswer.visits(Array(monitoring.utf8))
        #expect(visits.map(\.situationRefs) == [[], [], [SIRISituation.Reference(participant: "SYD", number: "SX-REF")], []])
        let (json, requests, health) = try await Self.boardJSON(monitoring: monitoring, situations: nil)
        #expect(requests.count == 1 && health == nil)
        #expect(Self.alertIDs(json) == ["SX-REF"])
        #expect(Self.rowAlerts(json) == ["T1-0932": [], "T9-0945": [], "T1-0950": ["SX-REF"], "visit-4": []])
    }

    /// A failing situations feed leaves the rows (and the answer's own situations) standing,
    /// and says why on the status page's realtime line.
    @Test func aFailingSituationsFeedNeverBlanksTheRows() async throws {
        let (json, _, health) = try await Self.boardJSON(
            monitoring: SIRISituationFixtures.monitoringWithSituations,
            situations: .text("<html>down</html>", status: 503))
        #expect(json["status"] as? String == "ok")
        #expect((json["rows"] as? [Any])?.count == 4)
        #expect(Self.alertIDs(json) == ["SX-REF"])
        #expect(health?.realtimeError?.hasPrefix("situations: HTTP 503 from http://127.0.0.1:") == true)
        #expect(health?.realtimeError?.contains("s3cret") == false)

        let notSX = try await Self.boardJSON(monitoring: SIRIFixtures.siri20, situations: .text(SIRIFixtures.siri20))
        #expect(notSX.health?.realtimeError?.hasSuffix("no SituationExchangeDelivery: not a SIRI SituationExchange answer") == true)
        #expect((notSX.json["rows"] as? [Any])?.count == 4)
    }

    /// A situation whose times cannot be read is left out and named; the others stay.
    @Test func anUnreadableTimeLeavesOutThatSituationOnly() throws {
        let broken = SIRISituationFixtures.stop.replacing("2026-11-20T00:00:00+11:00", with: "soon")
        let situations = try SIRISituationExchange.situations(
            Array(SIRISituationFixtures.exchange(SIRISituationFixtures.lineT9 + broken).utf8))
        let read = SIRISituationAlerts(situations, board: Self.board, referenced: [], language: nil, calendar: SIRIAnswerTests.calendar)
        #expect(read.alerts.map(\.id) == ["SX-LINE-T9"])
        #expect(
            read.problems == [
                "PtSituationElement SX-STOP: ValidityPeriod[0].StartTime: expected a date-time such as 2026-11-23T09:30:00+11:00; got 'soon'"
            ])
    }
}
