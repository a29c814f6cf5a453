public import DeparturesCore
public import HTTPFetch
public import FeedKit
public import Logging

/// Departures from a OneBusAway server: `GET {base_url}/api/where/arrivals-and-departures-for-stop/{stop_id}.json?key=…`.
/// The key travels in the query, as the API wants; the URL the board logs and shows leaves it out.
public struct OneBusAwayRepository: DeparturesRepository {
    public struct Settings: Sendable {
        public var baseURL: String
        /// The agency-prefixed stop id (`1_75403`).
        public var stopID: String
        /// Sent as `key=`; the header and prefix of `APIKey` are not used.
        public var apiKey: APIKey?
        public var limits: FetchLimits
        /// The board's zone: OneBusAway sends instants, the core counts service-day seconds.
        public var calendar: ServiceDayCalendar

        public init(
            baseURL: String, stopID: String, apiKey: APIKey? = nil, limits: FetchLimits = FetchLimits(),
            calendar: ServiceDayCalendar
        ) {
            self.baseURL = baseURL
            self.stopID = stopID
            self.apiKey = apiKey
            self.limits = limits
            self.calendar = calendar
        }
    }

    public let settings: Settings
    private let client: SourceClient
    /// Arrivals left out of the answers, logged once per change.
    private let rowsLeftOut: ProblemNote

    /// `logger` hears of unchanged answers (304), at debug level, and of rows left out.
    public init(settings: Settings, client: any HTTPFetching = HTTPFetchClient(), logger: Logger = AnswerMemory.quietLogger) {
        self.settings = settings
        self.client = SourceClient(http: client, logger: logger)
        rowsLeftOut = ProblemNote("rows left out", logger: logger)
    }

    /// The request URL without the key: what logs and errors name.
    public var url: String {
        SourceURL.joined(
            settings.baseURL, "/api/where/arrivals-and-departures-for-stop/" + DeparturesPath.encode(settings.stopID) + ".json")
    }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await answer().departures
    }

    /// The rows with the situations that concern them (OneBusAway's `references.situations`).
    public func answer() async throws(DeparturesError) -> SourceAnswer {
        // HTTPFetch's messages name hosts, never a URL's query, so the key stays out of them.
        let response = try await client.answer(
            from: url, accept: "application/json", key: settings.apiKey, keyQuery: Self.keyQuery,
            limits: settings.limits)
        // OneBusAway answers errors with a JSON body too (`code`, `text`).
        let read = try response.read(from: url) { () throws(AnswerProblem) in
            do throws(OneBusAwayAnswer.Problem) {
                return try OneBusAwayAnswer.reading(response.body, calendar: settings.calendar, stopID: settings.stopID)
            } catch {
                switch error {
                case .server(let code, let text): throw .server("OneBusAway error \(code): \(text)")
                case .data(let problem): throw .data(problem)
                }
            }
        }
        rowsLeftOut.note(read.leftOut, source: url)
        return read.answer
    }

    /// The query parameter the API takes its key in.
    static let keyQuery = "key"
}
