public import DeparturesCore
public import HTTPFetch
public import Logging
import FeedKit

/// Departures from a SIRI StopMonitoring server (`kind: siri`): SIRI Lite's GET or a POSTed
/// `ServiceRequest`, answered in XML or JSON. The key goes in its header, or in the query
/// parameter the board names; the URL that logs and errors name never carries it. With a
/// `situations_url`, SituationExchange is fetched beside it (`SIRISituationFeed`).
public struct SIRIRepository: DeparturesRepository {
    public struct Settings: Sendable {
        public var request: SIRIRequest
        public var apiKey: APIKey?
        /// The query parameter that carries the key instead of the key's header.
        public var apiKeyQuery: String?
        /// Line codes (`LineRef`) to the names riders know.
        public var routeNames: [String: String]
        public var limits: FetchLimits
        /// The board's zone: SIRI sends instants, the core counts service-day seconds.
        public var calendar: ServiceDayCalendar
        /// A SituationExchange endpoint, asked with GET and the same key.
        public var situationsURL: String?
        /// The board's `language:` (BCP 47): which of a situation's translations it shows.
        public var language: String?

        public init(
            request: SIRIRequest, apiKey: APIKey? = nil, apiKeyQuery: String? = nil,
            routeNames: [String: String] = [:], limits: FetchLimits = FetchLimits(), calendar: ServiceDayCalendar,
            situationsURL: String? = nil, language: String? = nil
        ) {
            self.request = request
            self.apiKey = apiKey
            self.apiKeyQuery = apiKeyQuery
            self.routeNames = routeNames
            self.limits = limits
            self.calendar = calendar
            self.situationsURL = situationsURL
            self.language = language
        }
    }

    /// One StopMonitoring answer read: the rows, the visits they came from (`validate --live`
    /// lists their line codes) and the situations the answer carried itself.
    public struct Reading: Sendable {
        public var rows: [Departure]
        public var visits: [SIRIVisit]
        public var situations: [SIRISituation]
        var placed: [(row: Departure, visit: SIRIVisit)]
        /// Visits that could not be read, each left out alone (`RowReading`).
        public var leftOut: [String]
    }

    public let settings: Settings
    /// StopMonitoring's; its own memory of the last answer makes GETs conditional (a POST never is).
    private let client: SourceClient
    /// Stamps a POSTed request.
    private let clock: any BoardClock
    private let situationFeed: SIRISituationFeed?
    /// Visits left out of the answers, logged once per change.
    private let rowsLeftOut: ProblemNote

    /// `logger` hears of the situations feed failing and recovering (the rows stay meanwhile).
    public init(
        settings: Settings, client: any HTTPFetching = HTTPFetchClient(), clock: any BoardClock = SystemBoardClock(),
        logger: Logger = Logger(label: "departure-board.siri", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.settings = settings
        self.client = SourceClient(http: client, logger: logger)
        self.clock = clock
        situationFeed = settings.situationsURL.map { SIRISituationFeed(url: $0, client: client, clock: clock, logger: logger) }
        rowsLeftOut = ProblemNote("rows left out", logger: logger)
    }

    /// Both endpoints may answer in XML or in SIRI Lite's JSON.
    static let accept = "application/xml, text/xml, application/json"

    /// The request URL without the key.
    public var url: String { settings.request.plainURL }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await answer().departures
    }

    /// The rows, marked with the situations that concern them, and those situations: the
    /// answer's own and the last good SituationExchange answer's. A failing situations feed
    /// never costs the rows.
    public func answer() async throws(DeparturesError) -> SourceAnswer {
        async let exchange: Void = refreshSituations()
        let reading: Reading
        do {
            reading = try await self.reading()
        } catch {
            await exchange
            throw error
        }
        await exchange
        let board = SIRISituationAlerts.Board(
            monitoringRef: settings.request.stopID, lineRef: settings.request.lineRef,
            visits: reading.visits, routeNames: settings.routeNames)
        // The answer's own first: a later version from the feed still wins.
        let read = SIRISituationAlerts(
            reading.situations + (situationFeed?.situations ?? []), board: board,
            referenced: reading.visits.flatMap(\.situationRefs),
            language: settings.language, calendar: settings.calendar)
        situationFeed?.leftOut.note(read.problems, source: url)
        rowsLeftOut.note(reading.leftOut, source: url)
        return SourceAnswer(departures: read.marked(reading.placed, atStops: board.stops), alerts: read.alerts)
    }

    private func refreshSituations() async {
        await situationFeed?.refresh(settings)
    }

    /// The situations endpoint asked once (`validate --live`): how many situations it gave,
    /// or why it failed; nil without one.
    public func situationsCheck() async -> Result<Int, DeparturesError>? {
        guard let situationFeed else { return nil }
        do throws(DeparturesError) {
            return .success(try await situationFeed.fetch(settings).count)
        } catch {
            return .failure(error)
        }
    }

    public func health() async -> SourceHealth? {
        situationFeed?.health
    }

    /// One StopMonitoring answer, read.
    public func reading() async throws(DeparturesError) -> Reading {
        let request = settings.request
        let body: HTTPRequest.Body? =
            switch request.method {
            case .get: nil
            case .post: request.serviceRequest(at: clock.now, calendar: settings.calendar)
            case .soap: request.soapRequest(at: clock.now, calendar: settings.calendar)
            }
        let response = try await client.answer(
            from: url, accept: Self.accept, headers: request.method == .soap ? [SIRIRequest.soapAction] : [],
            key: settings.apiKey, keyQuery: settings.apiKeyQuery, limits: settings.limits, postBody: body)
        // A server may answer an error status with an ErrorCondition.
        return try response.read(from: url) { () throws(AnswerProblem) in
            do throws(SIRIAnswer.Problem) {
                let delivery = try SIRIAnswer.read(response.body)
                let placed = try SIRIAnswer.placedRows(delivery.visits, calendar: settings.calendar, routeNames: settings.routeNames)
                return Reading(
                    rows: placed.rows.map(\.row), visits: delivery.visits, situations: delivery.situations, placed: placed.rows,
                    leftOut: placed.leftOut)
            } catch {
                throw error.answerProblem
            }
        }
    }
}

extension SIRIAnswer.Problem {
    /// As `HTTPResponse.read` takes it.
    var answerProblem: AnswerProblem {
        switch self {
        case .server(let text): .server("SIRI error: \(text)")
        case .data(let error): .data(error)
        }
    }
}
