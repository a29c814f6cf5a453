public import DeparturesCore
public import HTTPFetch
public import FeedKit
public import Logging
import SystemFiles

/// Departures from any JSON API (`kind: json`): the request the board file declares (GET, or
/// POST with a body, as GraphQL servers want), its answer read through a `JSONMapping`.
public struct JSONMapRepository: DeparturesRepository {
    public struct Settings: Sendable {
        public typealias Method = JSONMapRequest.Method

        /// The URL, `{stop_id}` filled in (percent-encoded) where it appears.
        public var url: String
        public var stopID: String?
        public var method: Method
        /// The POST body, `{stop_id}` filled in as JSON string content.
        public var body: String?
        /// Sent as written; `Content-Type` among them sets the body's.
        public var headers: [HTTPHeader]
        public var apiKey: APIKey?
        /// The query parameter that carries the key instead of the key's header.
        public var apiKeyQuery: String?
        public var mapping: JSONMapping
        public var limits: FetchLimits
        /// The board's zone: instants become service-day seconds of it, and local times are read in it.
        public var calendar: ServiceDayCalendar

        public init(
            url: String, stopID: String? = nil, method: Method = .get, body: String? = nil, headers: [HTTPHeader] = [],
            apiKey: APIKey? = nil, apiKeyQuery: String? = nil, mapping: JSONMapping,
            limits: FetchLimits = FetchLimits(), calendar: ServiceDayCalendar
        ) {
            self.url = url
            self.stopID = stopID
            self.method = method
            self.body = body
            self.headers = headers
            self.apiKey = apiKey
            self.apiKeyQuery = apiKeyQuery
            self.mapping = mapping
            self.limits = limits
            self.calendar = calendar
        }

        /// The request URL without the key: what logs and errors name.
        public var requestURL: String {
            JSONMapRequest.filling(url, stopID.map(DeparturesPath.encode))
        }

        /// The body as sent.
        public var requestBody: String? {
            body.map { JSONMapRequest.filling($0, stopID.map { String(JSONString.quoted($0).dropFirst().dropLast()) }) }
        }
    }

    public let settings: Settings
    private let client: SourceClient
    /// Times further than a day and a half from now are refused as no departure.
    private let clock: any BoardClock
    /// Rows left out of the answers, logged once per change.
    private let rowsLeftOut: ProblemNote

    /// `logger` hears of unchanged answers (304), at debug level, and of rows left out.
    public init(
        settings: Settings, client: any HTTPFetching = HTTPFetchClient(), clock: any BoardClock = SystemBoardClock(),
        logger: Logger = AnswerMemory.quietLogger
    ) {
        self.settings = settings
        self.client = SourceClient(http: client, logger: logger)
        self.clock = clock
        rowsLeftOut = ProblemNote("rows left out", logger: logger)
    }

    public var url: String { settings.requestURL }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await reading().departures
    }

    /// The rows and how each field matched (`validate --live` reports it).
    public func reading() async throws(DeparturesError) -> JSONMapReading {
        // The board's headers, an Accept of JSON unless they name one; a POST's Content-Type
        // goes with its body.
        var headers = settings.headers
        var body: HTTPRequest.Body?
        if settings.method == .post {
            let type = headers.first { $0.name.lowercased() == "content-type" }
            headers.removeAll { $0.name.lowercased() == "content-type" }
            body = HTTPRequest.Body(contentType: type?.value ?? "application/json", bytes: Array((settings.requestBody ?? "").utf8))
        }
        let response = try await client.answer(
            from: url, accept: "application/json", headers: headers, key: settings.apiKey,
            keyQuery: settings.apiKeyQuery, limits: settings.limits, postBody: body)
        let reading = try response.read(from: url) { () throws(AnswerProblem) in
            do throws(DeparturesDataError) {
                return try read(response.body)
            } catch {
                throw .data(error)
            }
        }
        rowsLeftOut.note(reading.leftOut, source: url)
        return reading
    }

    private func read(_ body: [UInt8]) throws(DeparturesDataError) -> JSONMapReading {
        if AnswerStart.firstByte(of: body) == UInt8(ascii: "<") {
            let start = String(decoding: body[AnswerStart.index(in: body)...].prefix(60), as: UTF8.self).filter { !$0.isNewline }
            throw DeparturesDataError(
                path: "", problem: "the answer is XML or HTML, not JSON: '\(start)…' (does the API want ?format=json or an Accept header?)")
        }
        let root = try JSONValue.parse(body)
        // GraphQL answers its errors with status 200.
        if let said = HTTPResponse.statedError(in: root, graphQLOnly: true), (try? settings.mapping.rowNodes(root))?.isEmpty != false {
            throw DeparturesDataError(path: "", problem: "the server's error: \(said)")
        }
        return try settings.mapping.read(root, calendar: settings.calendar, now: clock.now)
    }
}
