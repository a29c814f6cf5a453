import DeparturesCore
import Foundation
import Testing

/// The API's `alerts`, how they mark rows, when they are in force and in which order a
/// board shows them.
struct ServiceAlertTests {
    static let now = Fixtures.instant("2026-11-23T09:30:00+11:00")

    /// A Sydney Trains answer: T1 suspended past Blacktown, a lift out at the stop, a single
    /// T4 trip short-running, and last night's track work already over.
    static let answer = """
        {"data": [
          {"trip_id": "T1-a", "route_short_name": "T1", "headsign": "Emu Plains", "scheduled_time_secs": 34380,
           "realtime_time_secs": 34380, "delay_s": 0, "realtime": true, "occupancy": "standing"},
          {"trip_id": "T4-b", "route_short_name": "T4", "headsign": "Cronulla", "scheduled_time_secs": 34740,
           "realtime_time_secs": 34740, "delay_s": 0, "realtime": true},
          {"trip_id": "T9-c", "route_short_name": "T9", "headsign": "Hornsby", "scheduled_time_secs": 35100,
           "realtime_time_secs": 35100, "delay_s": 0, "realtime": true}
        ],
        "alerts": [
          {"id": "lift", "header": "Lift to platform 18 out of service", "effect": "ACCESSIBILITY_ISSUE",
           "severity": "info", "stops": ["2000"]},
          {"id": "t1-blacktown", "header": "No T1 trains between Blacktown and Emu Plains",
           "description": "Buses replace trains.\\nAllow an extra 30 minutes.", "cause": "maintenance",
           "effect": "NO_SERVICE", "severity": "SEVERE", "routes": ["T1"],
           "active_from": "2026-11-23T04:00:00+11:00", "active_until": "2026-11-23T23:00:00+11:00"},
          {"id": "t4-short", "header": "This T4 ends at Sutherland", "effect": "reduced_service",
           "severity": "warning", "trips": ["T4-b"]},
          {"id": "overnight", "header": "Track work overnight", "effect": "detour",
           "active_until": "2026-11-23T04:00:00Z"}
        ]}
        """

    static func decoded() throws -> DeparturesResponse {
        try DeparturesDecoder.decode(Array(answer.utf8))
    }

    @Test func theAPIsAlertsAreRead() throws {
        let alerts = try Self.decoded().alerts
        #expect(alerts.map(\.id) == ["lift", "t1-blacktown", "t4-short", "overnight"])
        let t1 = alerts[1]
        #expect(t1.effect == .noService && t1.severity == .severe && t1.cause == .maintenance)
        #expect(t1.description == "Buses replace trains.\nAllow an extra 30 minutes.")
        #expect(t1.routes == ["T1"] && t1.stops.isEmpty)
        #expect(
            t1.periods == [
                ActivePeriod(
                    start: Fixtures.instant("2026-11-23T04:00:00+11:00"),
                    end: Fixtures.instant("2026-11-23T23:00:00+11:00"))
            ])
        #expect(alerts[0].effect == .accessibilityIssue && alerts[0].severity == .info)
        #expect(alerts[3].severity == .unknown && alerts[3].periods == [ActivePeriod(end: Fixtures.instant("2026-11-23T04:00:00Z"))])
    }

    @Test func wordsThisVersionDoesNotKnowAreNoRefusal() throws {
        let bytes = Array(
            #"{"data": [], "alerts": [{"id": "x", "header": "h", "effect": "teleported", "cause": "aliens", "severity": "apocalyptic"}]}"#
                .utf8)
        let alert = try #require(try DeparturesDecoder.decode(bytes).alerts.first)
        #expect(alert.effect == .unknownEffect && alert.cause == .unknownCause && alert.severity == .unknown)
    }

    @Test(arguments: [
        (#"{"data": [], "alerts": [{"header": "h"}]}"#, "alerts[0].id: missing"),
        (#"{"data": [], "alerts": [{"id": "", "header": "h"}]}"#, "alerts[0].id: empty"),
        (
            #"{"data": [], "alerts": [{"id": "a", "header": "h", "active_until": "2026-11-23T23:00:00"}]}"#,
            "alerts[0].active_until: '2026-11-23T23:00:00' is not an ISO 8601 time with an offset such as 2026-11-27T09:30:00+11:00"
        ),
        (#"{"data": [], "alerts": [{"id": "a", "header": "h", "routes": "T1"}]}"#, "alerts[0].routes: expected an array"),
    ])
    func aBrokenAlertIsNamedByItsPath(text: String, message: String) {
        #expect(throws: DeparturesDataError.self) { try DeparturesDecoder.decode(Array(text.utf8)) }
        do {
            _ = try DeparturesDecoder.decode(Array(text.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func rowsAreMarkedByRouteTripAndStop() throws {
        let response = try Self.decoded()
        let marked = AlertRules.marked(response.data, with: response.alerts, atStops: ["2000"])
        // The lift is at this stop: every row. T1's suspension: the T1 row. The short T4: that trip.
        #expect(marked.map(\.alertIDs) == [["lift", "t1-blacktown"], ["lift", "t4-short"], ["lift"]])
        // Elsewhere the lift is not this board's business.
        let elsewhere = AlertRules.marked(response.data, with: response.alerts, atStops: ["2150"])
        #expect(elsewhere.map(\.alertIDs) == [["t1-blacktown"], ["t4-short"], []])
    }

    @Test func rowsThatNameTheirAlertsAreTakenAtTheirWord() {
        var named = Fixtures.departure("T1-a", at: Fixtures.secs(9, 33))
        named.alertIDs = ["x"]
        let alert = ServiceAlert(id: "y", header: "All T1", scopes: [AlertScope(route: "T1")])
        let marked = AlertRules.marked([named, Fixtures.departure("T1-b", at: Fixtures.secs(9, 40))], with: [alert], atStops: [])
        #expect(marked.map(\.alertIDs) == [["x"], []])
    }

    @Test func severestFirstThenTheEffectThatStopsRidersMost() {
        let alerts = [
            ServiceAlert(id: "a", header: "Lift", effect: .accessibilityIssue, severity: .info),
            ServiceAlert(id: "b", header: "Detour", effect: .detour, severity: .warning),
            ServiceAlert(id: "c", header: "No trains", effect: .noService, severity: .warning),
            ServiceAlert(id: "d", header: "Storm", effect: .significantDelays, severity: .severe),
        ]
        #expect(AlertRules.shown([alerts], at: Self.now).map(\.id) == ["d", "c", "b", "a"])
    }

    @MainActor @Test func theBoardShowsAnAlertOnlyWithinItsPeriod() async throws {
        let response = try Self.decoded()
        let repository = StubRepository(
            answer: SourceAnswer(
                departures: AlertRules.marked(response.data, with: response.alerts, atStops: ["2000"]), alerts: response.alerts))
        let clock = ManualBoardClock(now: Self.now)
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))
        let board = BoardViewModel(boardName: "Central", useCase: LoadDeparturesUseCase(repository: repository, rules: rules), clock: clock)
        await board.refresh()
        let state = board.state(at: Self.now)
        // The overnight work ended at 04:00 UTC (15:00 in Sydney): at 09:30 it is still in force.
        #expect(state.alerts.map(\.id) == ["t1-blacktown", "t4-short", "lift", "overnight"])
        #expect(state.toldAlerts.map(\.id) == ["t1-blacktown", "t4-short", "overnight"])
        #expect(state.rows.map(\.alertIDs) == [["lift", "t1-blacktown"], ["lift", "t4-short"], ["lift"]])
        // At 23:00 the suspension is over: its row loses the mark, the state the alert.
        let late = board.state(at: Fixtures.instant("2026-11-23T23:00:00+11:00"))
        #expect(!late.alerts.contains { $0.id == "t1-blacktown" } && !late.alerts.contains { $0.id == "overnight" })
        #expect(late.rows.allSatisfy { !$0.alertIDs.contains("t1-blacktown") })
    }

    @Test func theStateJSONCarriesAlertsAndRowsTheirIds() {
        let alert = ServiceAlert(
            id: "t1", header: "No T1 trains", description: "Buses replace trains", effect: .noService,
            severity: .severe, periods: [ActivePeriod(end: Fixtures.instant("2026-11-23T23:00:00+11:00"))],
            scopes: [AlertScope(route: "T1"), AlertScope(stop: "2000")])
        var departure = Fixtures.departure("T1-a", at: Fixtures.secs(9, 33))
        departure.alertIDs = ["t1"]
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: Fixtures.sydney))
        let rows = rules.resolve([departure], now: Self.now).map { DepartureRow($0, now: Self.now, zone: Fixtures.sydney) }
        let state = BoardState(
            boardName: "Central", now: Self.now, status: .ok, message: nil, updated: Self.now, rows: rows,
            alerts: [alert], zone: Fixtures.sydney)
        let json = BoardStateJSON.encode(state)
        #expect(
            json.contains(
                #""updated":"2026-11-23T09:30:00+11:00","alerts":[{"id":"t1","header":"No T1 trains","description":"Buses replace trains","effect":"no_service","severity":"severe","routes":["T1"],"stops":["2000"],"trips":[],"active_until":"2026-11-23T23:00:00+11:00"}],"rows":["#
            ), "\(json)")
        #expect(json.contains(#""leave_in_minutes":3,"alert_ids":["t1"]}"#), "\(json)")
        #expect(BoardStateText.encode(state).hasSuffix("09:33  alert\nAlert: No T1 trains\n"))
    }

    @Test func theAPIWritesWhatItReads() throws {
        let response = try Self.decoded()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let again = try DeparturesDecoder.decode(Array(try encoder.encode(response)))
        #expect(again == response)
        // Without alerts the bytes are the contract's first form.
        let plain = String(decoding: try encoder.encode(DeparturesResponse(data: response.data)), as: UTF8.self)
        #expect(!plain.contains("alerts"))
    }

    @Test func aWriterKeepsThePeriodInForceOrTheNext() {
        let morning = ActivePeriod(start: Fixtures.instant("2026-11-23T06:00:00+11:00"), end: Fixtures.instant("2026-11-23T09:00:00+11:00"))
        let evening = ActivePeriod(start: Fixtures.instant("2026-11-23T16:00:00+11:00"), end: Fixtures.instant("2026-11-23T19:00:00+11:00"))
        let alert = ServiceAlert(id: "peak", header: "Peak works", periods: [morning, evening])
        #expect(!alert.isActive(at: Self.now))
        #expect(alert.inForce(at: Self.now).periods == [evening])
        #expect(alert.inForce(at: Fixtures.instant("2026-11-23T07:00:00+11:00")).periods == [morning])
    }
}

/// One fixed answer.
struct StubRepository: DeparturesRepository {
    let answer: SourceAnswer
    func departures() async throws(DeparturesError) -> [Departure] { answer.departures }
    func answer() async throws(DeparturesError) -> SourceAnswer { answer }
}
