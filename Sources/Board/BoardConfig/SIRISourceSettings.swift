/// `kind: siri`: a SIRI StopMonitoring endpoint; its stop (the `MonitoringRef`) is the
/// source's `stop_id`, its key the shared `api_key_*` keys.
public struct SIRISourceSettings: Sendable, Equatable {
    /// SIRI Lite's GET, a `ServiceRequest` document POSTed, or the SOAP form.
    public enum Request: String, Sendable, Equatable, CaseIterable {
        case get, post, soap
    }

    /// The endpoint; it may have a query of its own.
    public var url: String
    /// The stop: SIRI's `MonitoringRef`.
    public var stopID: String
    public var lineRef: String?
    /// `PreviewInterval`: how far ahead the server is asked for visits.
    public var previewInterval: Duration?
    public var request: Request
    public var requestorRef: String?
    /// Line codes (`LineRef`) to the names riders know.
    public var routeNames: [String: String]
    /// The query parameter that carries the key, instead of a header.
    public var apiKeyQuery: String?
    /// A SIRI SituationExchange endpoint (GET, the same key), read beside the departures.
    public var situationsURL: String?

    public init(
        url: String, stopID: String, lineRef: String? = nil, previewInterval: Duration? = nil, request: Request = .get,
        requestorRef: String? = nil, routeNames: [String: String] = [:], apiKeyQuery: String? = nil,
        situationsURL: String? = nil
    ) {
        self.url = url
        self.stopID = stopID
        self.lineRef = lineRef
        self.previewInterval = previewInterval
        self.request = request
        self.requestorRef = requestorRef
        self.routeNames = routeNames
        self.apiKeyQuery = apiKeyQuery
        self.situationsURL = situationsURL
    }
}

/// The `source:` keys of `kind: siri`.
enum SIRISourceSchema {
    static let keys = ["url", "line_ref", "preview_interval", "request", "requestor_ref", "route_names", "api_key_query", "situations_url"]

    static func build(_ section: Section, stopID: String) throws(BoardFileError) -> SIRISourceSettings {
        let url = try section.string("url") ?? ""
        if let problem = Validators.feedURL(url) { throw section.error("url", problem) }
        var settings = SIRISourceSettings(url: url, stopID: stopID)
        if let situations = try section.string("situations_url") {
            if let problem = Validators.feedURL(situations) { throw section.error("situations_url", problem) }
            settings.situationsURL = situations
        }
        for key in ["line_ref", "requestor_ref"] {
            guard let text = try section.string(key) else { continue }
            if let problem = Validators.gtfsID(text) { throw section.error(key, problem) }
            if key == "line_ref" { settings.lineRef = text } else { settings.requestorRef = text }
        }
        settings.previewInterval = try section.duration("preview_interval", atLeast: .seconds(60), atMost: .seconds(24 * 3600))
        settings.request = try section.choice("request", as: SIRISourceSettings.Request.self) ?? settings.request
        for (code, name) in try section.freeMapping("route_names", whenEmpty: { "expected the name riders know for line \(shown($0))" }) {
            if let problem = Validators.displayName(name.text) { throw name.error(problem) }
            settings.routeNames[code] = name.text
        }
        settings.apiKeyQuery = try SourceKeys.apiKeyQuery(section)
        return settings
    }
}

/// Source keys that several kinds read alike.
enum SourceKeys {
    /// `api_key_query`: the query parameter that carries the key instead of its header.
    static func apiKeyQuery(_ section: Section) throws(BoardFileError) -> String? {
        guard let name = try section.string("api_key_query") else { return nil }
        if section.has("api_key_header") || section.has("api_key_prefix") {
            throw section.error("api_key_query", "use either api_key_header (with api_key_prefix) or api_key_query, not both", atKey: true)
        }
        guard section.has("api_key_env") || section.has("api_key_file") else {
            throw section.error("api_key_query", "needs api_key_env or api_key_file: the key it carries", atKey: true)
        }
        let unreserved = !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) }
        guard unreserved else {
            throw section.error("api_key_query", "expected a query parameter name (letters, digits and -._~); got '\(shown(name))'")
        }
        return name
    }
}
