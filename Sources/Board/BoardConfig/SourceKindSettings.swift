public import HTTPFetch

/// What one kind of source alone reads from the board file: one payload per kind, so each
/// kind's settings exist only where that kind is the source. The kinds that fetch carry their
/// fetch keys beside it.
public enum SourceKindSettings: Sendable, Equatable {
    case demo
    /// `path`, resolved against the board file's folder.
    case file(path: String)
    case api(APISourceSettings, FetchSettings)
    case gtfs(GTFSSourceSettings, FetchSettings)
    case onebusaway(OneBusAwaySourceSettings, FetchSettings)
    case siri(SIRISourceSettings, FetchSettings)
    case json(JSONMapSourceSettings, FetchSettings)

    public var kind: SourceKind {
        switch self {
        case .demo: .demo
        case .file: .file
        case .api: .api
        case .gtfs: .gtfs
        case .onebusaway: .onebusaway
        case .siri: .siri
        case .json: .json
        }
    }
}

/// The keys of a source that fetches over HTTP: its key, the limits of a request, its proxy.
public struct FetchSettings: Sendable, Equatable {
    public var apiKey: APIKeySource?
    public var apiKeyHeader: String
    /// Put before the key in its header: TfNSW wants `Authorization: apikey <key>`.
    public var apiKeyPrefix: String
    /// `request_timeout`, `resource_timeout`, `max_response_bytes`.
    public var limits: FetchLimits
    /// `proxy:`; nil when the board has none, and the environment's proxy variables decide.
    public var proxy: ProxyChoice?

    public init(
        apiKey: APIKeySource? = nil, apiKeyHeader: String = "X-API-Key", apiKeyPrefix: String = "",
        limits: FetchLimits = FetchLimits(), proxy: ProxyChoice? = nil
    ) {
        self.apiKey = apiKey
        self.apiKeyHeader = apiKeyHeader
        self.apiKeyPrefix = apiKeyPrefix
        self.limits = limits
        self.proxy = proxy
    }
}

/// `kind: api`: the project's departures API (a hub serves it).
public struct APISourceSettings: Sendable, Equatable {
    public var baseURL: String
    /// Kept exactly as written so leading zeros survive.
    public var stopID: String

    public init(baseURL: String, stopID: String) {
        self.baseURL = baseURL
        self.stopID = stopID
    }
}

/// `kind: onebusaway`: a OneBusAway server and one of its agency-prefixed stops.
public struct OneBusAwaySourceSettings: Sendable, Equatable {
    public var baseURL: String
    public var stopID: String

    public init(baseURL: String, stopID: String) {
        self.baseURL = baseURL
        self.stopID = stopID
    }
}

/// Each kind's part, read where a caller asks about a kind it does not switch on
/// (nil for every other kind).
extension SourceSettings {
    public var gtfs: GTFSSourceSettings? {
        if case .gtfs(let gtfs, _) = kindSettings { gtfs } else { nil }
    }

    public var siri: SIRISourceSettings? {
        if case .siri(let siri, _) = kindSettings { siri } else { nil }
    }

    public var json: JSONMapSourceSettings? {
        if case .json(let json, _) = kindSettings { json } else { nil }
    }

    /// The fetch keys of a kind that fetches.
    public var fetch: FetchSettings? {
        switch kindSettings {
        case .api(_, let fetch), .gtfs(_, let fetch), .onebusaway(_, let fetch), .siri(_, let fetch), .json(_, let fetch): fetch
        case .demo, .file: nil
        }
    }

    /// The stop a kind of one stop asks for (`api`, `onebusaway`, `siri`, `json` with one).
    public var stopID: String? {
        switch kindSettings {
        case .api(let api, _): api.stopID
        case .onebusaway(let server, _): server.stopID
        case .siri(let siri, _): siri.stopID
        case .json(let json, _): json.stopID
        case .demo, .file, .gtfs: nil
        }
    }
}
