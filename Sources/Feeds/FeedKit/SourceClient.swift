public import DeparturesCore
public import HTTPFetch
public import Logging

/// How one departures source asks its server: its HTTP client, the memory of its last answers
/// (so GETs go out conditional) and the key placed where its board says. One per source.
public struct SourceClient: Sendable {
    private let http: any HTTPFetching
    private let memory: AnswerMemory

    /// `logger` hears of unchanged answers (304), at debug level.
    public init(http: any HTTPFetching, logger: Logger = AnswerMemory.quietLogger) {
        self.http = http
        memory = AnswerMemory(logger: logger)
    }

    /// The answer from `url` (without the key: what errors and logs name). `accept` goes out
    /// unless `headers` name their own Accept; the key goes in the query parameter `keyQuery`
    /// when there is one, else in its header.
    public func answer(
        from url: String, accept: String, headers: [HTTPHeader] = [], key: APIKey?, keyQuery: String? = nil,
        limits: FetchLimits, postBody: HTTPRequest.Body? = nil
    ) async throws(DeparturesError) -> HTTPResponse {
        let request = try Self.request(
            url, accept: accept, headers: headers, key: key, keyQuery: keyQuery,
            limits: limits, postBody: postBody)
        return try await http.departuresResponse(request, memory: memory, source: url)
    }

    static func request(
        _ url: String, accept: String, headers: [HTTPHeader], key: APIKey?, keyQuery: String?,
        limits: FetchLimits, postBody: HTTPRequest.Body?
    ) throws(DeparturesError) -> HTTPRequest {
        var requestURL = url
        var headers = headers
        if !headers.contains(where: { $0.name.lowercased() == "accept" }) {
            headers.insert(HTTPHeader(name: "Accept", value: accept), at: 0)
        }
        try key?.add(to: &requestURL, headers: &headers, queryName: keyQuery)
        return HTTPRequest(url: requestURL, headers: headers, limits: limits, postBody: postBody)
    }
}
