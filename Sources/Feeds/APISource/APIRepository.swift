public import DeparturesCore
public import FeedKit
public import HTTPFetch
public import Logging

/// `kind: api`: departures from `GET {base}/api/v1/stops/{stopId}/departures`, the
/// project's own API (a hub serves it).
public struct APIRepository: DeparturesRepository {
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
    private let client: SourceClient

    /// `logger` hears of unchanged answers (304), at debug level.
    public init(settings: Settings, client: any HTTPFetching = HTTPFetchClient(), logger: Logger = AnswerMemory.quietLogger) {
        self.settings = settings
        self.client = SourceClient(http: client, logger: logger)
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
        let response = try await client.answer(from: url, accept: "application/json", key: settings.apiKey, limits: settings.limits)
        return try response.read(from: url) { () throws(AnswerProblem) in
            let decoded: DeparturesResponse
            do throws(DeparturesDataError) {
                decoded = try DeparturesDecoder.decode(response.body)
            } catch {
                throw .data(error)
            }
            return SourceAnswer(
                departures: AlertRules.marked(decoded.data, with: decoded.alerts, atStops: [settings.stopID]),
                alerts: decoded.alerts)
        }
    }
}
