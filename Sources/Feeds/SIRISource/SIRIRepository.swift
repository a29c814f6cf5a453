public import DeparturesCore
public import HTTPFetch
import APISource

/// Departures from a SIRI StopMonitoring server (`kind: siri`): SIRI Lite's GET or a POSTed
/// `ServiceRequest`, answered in XML or JSON. The key goes in its header, or in the query
/// parameter the board names; the URL that logs and errors name never carries it.
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

        public init(request: SIRIRequest, apiKey: APIKey? = nil, apiKeyQuery: String? = nil,
                    routeNames: [String: String] = [:], limits: FetchLimits = FetchLimits(), calendar: ServiceDayCalendar) {
            self.request = request
            self.apiKey = apiKey
            self.apiKeyQuery = apiKeyQuery
            self.routeNames = routeNames
            self.limits = limits
            self.calendar = calendar
        }
    }

    public let settings: Settings
    private let client: any HTTPFetching
    /// Stamps a POSTed request.
    private let clock: any BoardClock

    public init(settings: Settings, client: any HTTPFetching = HTTPFetchClient(), clock: any BoardClock = SystemBoardClock()) {
        self.settings = settings
        self.client = client
        self.clock = clock
    }

    /// The request URL without the key.
    public var url: String { settings.request.plainURL }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await answer().rows
    }

    /// The rows and the visits they came from (`validate --live` lists their line codes).
    public func answer() async throws(DeparturesError) -> (rows: [Departure], visits: [SIRIVisit]) {
        let request = settings.request
        var requestURL = url
        var headers = [HTTPHeader(name: "Accept", value: "application/xml, text/xml, application/json")]
        try settings.apiKey?.add(to: &requestURL, headers: &headers, queryName: settings.apiKeyQuery)
        let body: HTTPRequest.Body? = switch request.method {
        case .get: nil
        case .post: request.serviceRequest(at: clock.now, calendar: settings.calendar)
        case .soap: request.soapRequest(at: clock.now, calendar: settings.calendar)
        }
        if request.method == .soap { headers.append(SIRIRequest.soapAction) }
        let response = try await client.departuresResponse(
            HTTPRequest(url: requestURL, headers: headers, limits: settings.limits, postBody: body))
        // A server may answer an error status with an ErrorCondition: its words first.
        let visits: [SIRIVisit]
        do {
            visits = try SIRIAnswer.visits(response.body)
        } catch {
            throw failure(error, response)
        }
        guard response.isSuccess else { throw failure(nil, response) }
        do {
            return (try SIRIAnswer.rows(visits, calendar: settings.calendar, routeNames: settings.routeNames), visits)
        } catch {
            throw failure(error, response)
        }
    }

    private func failure(_ problem: SIRIAnswer.Problem?, _ response: HTTPResponse) -> DeparturesError {
        switch problem {
        case .server(let text): return .failed(detail: "\(url): SIRI error: \(text)")
        case .data(let error) where response.isSuccess: return .invalidData(source: url, error)
        case .data, nil: return response.statusFailure(from: url)
        }
    }
}
