/// What one kind of source alone reads from the board file: one payload per kind, so each
/// kind's settings exist only where that kind is the source.
public enum SourceKindSettings: Sendable, Equatable {
    case demo
    /// `path`, resolved against the board file's folder.
    case file(path: String)
    case api(APISourceSettings)
    case gtfs(GTFSSourceSettings)
    case onebusaway(OneBusAwaySourceSettings)
    case siri(SIRISourceSettings)
    case json(JSONMapSourceSettings)

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
        if case .gtfs(let gtfs) = kindSettings { gtfs } else { nil }
    }

    public var siri: SIRISourceSettings? {
        if case .siri(let siri) = kindSettings { siri } else { nil }
    }

    public var json: JSONMapSourceSettings? {
        if case .json(let json) = kindSettings { json } else { nil }
    }

    /// The stop a kind of one stop asks for (`api`, `onebusaway`, `siri`, `json` with one).
    public var stopID: String? {
        switch kindSettings {
        case .api(let api): api.stopID
        case .onebusaway(let server): server.stopID
        case .siri(let siri): siri.stopID
        case .json(let json): json.stopID
        case .demo, .file, .gtfs: nil
        }
    }
}
