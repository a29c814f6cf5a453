public import DeparturesCore
import FeedKit
public import HTTPFetch
import SwiftProtobuf

/// A decoded GTFS-Realtime feed and how this poll obtained it.
public struct FetchedFeed: Sendable {
    public var feed: TransitRealtime_FeedMessage
    /// True when the server answered 304 Not Modified and `feed` is the one decoded earlier.
    public var notModified: Bool
    /// The validators remembered for the next conditional GET (empty when the server sent none).
    public var validators: HTTPValidators

    public init(feed: TransitRealtime_FeedMessage, notModified: Bool, validators: HTTPValidators = HTTPValidators()) {
        self.feed = feed
        self.notModified = notModified
        self.validators = validators
    }

    public var etag: String? { validators.etag }
    public var lastModified: String? { validators.lastModified }
}

/// GETs a GTFS-Realtime TripUpdates feed (protobuf) with the limits, API-key header and error
/// classification of `APIRepository`, plus conditional GET: the ETag and
/// Last-Modified of the last decoded feed go out as If-None-Match / If-Modified-Since, and a
/// 304 answer reuses that feed without decoding anything.
///
/// No retries or backoff here: the board's refresh loop owns those.
public actor TripUpdatesFetcher {
    public struct Settings: Sendable {
        public var url: String
        public var apiKey: APIKey?
        public var limits: FetchLimits

        /// Whole-network TripUpdates feeds run to a few MB; 8 MiB leaves room without letting
        /// a runaway answer fill a Raspberry Pi's memory.
        public static let feedLimits = FetchLimits(maxResponseBytes: 8 << 20)

        public init(url: String, apiKey: APIKey? = nil, limits: FetchLimits = feedLimits) {
            self.url = url
            self.apiKey = apiKey
            self.limits = limits
        }
    }

    public nonisolated let settings: Settings
    private let client: any HTTPFetching
    /// The last feed decoded from a 200 answer, with its validators.
    private var last: FetchedFeed?

    public init(settings: Settings, client: any HTTPFetching = HTTPFetchClient()) {
        self.settings = settings
        self.client = client
    }

    /// Fetches and decodes the feed, or reuses the last one on 304.
    /// Errors never contain the API key.
    public func fetch() async throws(DeparturesError) -> FetchedFeed {
        var key: String?
        if let apiKey = settings.apiKey { key = try apiKey.value() }
        do {
            return try await exchange()
        } catch {
            throw Self.redact(error, key, url: settings.url)
        }
    }

    /// Forgets the remembered feed and validators: the next fetch is unconditional.
    public func forget() {
        last = nil
    }

    private func exchange() async throws(DeparturesError) -> FetchedFeed {
        var url = settings.url
        var headers = [HTTPHeader(name: "Accept", value: "application/x-protobuf, application/octet-stream, */*;q=0.5")]
        try settings.apiKey?.add(to: &url, headers: &headers, queryName: nil)
        // Validators only while there is a feed to fall back on, so a 304 always has one.
        if let last { headers += last.validators.conditionalHeaders }
        let request = HTTPRequest(url: url, headers: headers, limits: settings.limits)

        let response: HTTPResponse
        do {
            response = try await client.get(request)
        } catch {
            throw Self.classify(error, url: url)
        }

        if response.status == 304 {
            guard var reused = last else {
                throw .failed(detail: "GTFS-Realtime feed \(url): 304 Not Modified to an unconditional request")
            }
            reused.notModified = true
            // A 304 may carry a fresher validator (RFC 9110 §15.4.5).
            reused.validators = reused.validators.updated(by: response)
            last = reused
            return reused
        }
        guard (200..<300).contains(response.status) else {
            throw .failed(detail: "HTTP \(response.status) from GTFS-Realtime feed \(url)\(response.throughProxy)")
        }
        let feed = try Self.decode(response, url: url)
        let fetched = FetchedFeed(feed: feed, notModified: false, validators: HTTPValidators(of: response))
        // `no-store`: nothing is kept, so the next request is unconditional.
        last = response.forbidsStoring ? nil : fetched
        return fetched
    }

    /// Protobuf bytes → FeedMessage, required fields checked. Errors name the URL and say
    /// what arrived instead (size, content type).
    static func decode(_ response: HTTPResponse, url: String) throws(DeparturesError) -> TransitRealtime_FeedMessage {
        let what = "\(response.body.count) bytes" + (response.contentType.map { ", Content-Type \($0)" } ?? "")
        guard !response.body.isEmpty else {
            throw .failed(detail: "GTFS-Realtime feed \(url) answered an empty body, not a FeedMessage")
        }
        do {
            return try TransitRealtime_FeedMessage(serializedBytes: response.body)
        } catch {
            throw .failed(detail: "GTFS-Realtime feed \(url) is not a valid protobuf FeedMessage (\(what)): \(error)")
        }
    }

    /// As `APIRepository`: unreachable network → offline, anything else → failed.
    static func classify(_ error: HTTPFetchError, url: String) -> DeparturesError {
        switch error {
        case .offline(let detail): .offline(detail: "GTFS-Realtime feed \(url): \(detail)")
        default: .failed(detail: "GTFS-Realtime feed \(url): \(error.description)")
        }
    }

    /// Belt and braces: HTTPFetch already keeps header values out of its messages.
    /// The URL's query is cut too: agencies put keys there (`?api_key=…`), and these messages
    /// reach logs and status pages.
    static func redact(_ error: DeparturesError, _ key: String?, url: String? = nil) -> DeparturesError {
        func clean(_ detail: String) -> String {
            var text = detail
            if let url, let query = url.firstIndex(of: "?") {
                text = text.replacing(url, with: String(url[..<query]) + "?…")
            }
            if let key, key.count >= 4 { text = text.replacing(key, with: "<redacted>") }
            return text
        }
        switch error {
        case .offline(let detail): return .offline(detail: clean(detail))
        case .failed(let detail): return .failed(detail: clean(detail))
        case .invalidData, .outOfService, .misconfigured: return error
        }
    }
}
