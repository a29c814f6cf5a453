public import DeparturesCore
public import HTTPFetch
public import Logging

/// Departures from `GET {base}/api/v1/stops/{stopId}/departures`.
public struct HTTPDeparturesRepository: DeparturesRepository {
    public struct Settings: Sendable {
        public var baseURL: String
        public var stopID: String
        public var apiKey: APIKey?
        public var limits: FetchLimits

        public init(baseURL: String, stopID: String, apiKey: APIKey? = nil, limits: FetchLimits = FetchLimits()) {
            self.baseURL = baseURL
            self.stopID = stopID
            self.apiKey = apiKey
            self.limits = limits
        }
    }

    public let settings: Settings
    private let client: any HTTPFetching
    private let memory: AnswerMemory

    /// `logger` hears of unchanged answers (304), at debug level.
    public init(settings: Settings, client: any HTTPFetching = HTTPFetchClient(), logger: Logger = AnswerMemory.quietLogger) {
        self.settings = settings
        self.client = client
        memory = AnswerMemory(logger: logger)
    }

    /// The request URL; the stop id is percent-encoded as one path segment.
    public var url: String {
        SourceURL.joined(settings.baseURL, DeparturesPath.path(stopID: settings.stopID))
    }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await answer().departures
    }

    /// The rows and the answer's `alerts`; rows that do not name their alerts are matched
    /// to them at this stop.
    public func answer() async throws(DeparturesError) -> SourceAnswer {
        var headers = [HTTPHeader(name: "Accept", value: "application/json")]
        if let apiKey = settings.apiKey {
            headers.append(HTTPHeader(name: apiKey.header, value: try apiKey.headerValue()))
        }
        let request = HTTPRequest(url: url, headers: headers, limits: settings.limits)

        let response = try await client.departuresResponse(request, memory: memory, source: url)
        guard response.isSuccess else { throw response.statusFailure(from: url) }
        do {
            let decoded = try DeparturesDecoder.decode(response.body)
            return SourceAnswer(departures: AlertRules.marked(decoded.data, with: decoded.alerts, atStops: [settings.stopID]),
                                alerts: decoded.alerts)
        } catch {
            throw .invalidData(source: url, error)
        }
    }
}
