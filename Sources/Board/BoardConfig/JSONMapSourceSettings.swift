public import DeparturesCore
public import HTTPFetch
import JSONPath
import YAMLTree

/// `kind: json`: any JSON API, its request and the queries that find each row's fields.
public struct JSONMapSourceSettings: Sendable, Equatable {
    /// `{stop_id}` in it is filled in with the source's `stop_id`.
    public var url: String
    /// The stop `{stop_id}` stands for; nil when the request names none.
    public var stopID: String?
    public var method: JSONMapRequest.Method
    /// What a POST sends; `{stop_id}` is filled in.
    public var body: String?
    public var headers: [HTTPHeader]
    public var mapping: JSONMapping
    /// The query parameter that carries the key, instead of a header.
    public var apiKeyQuery: String?
    /// Where `rows` and each field are written (`board.yaml:14:9`), for `validate --live` to
    /// point at the query an answer did not match.
    public var places: [String: String] = [:]

    public init(
        url: String, stopID: String? = nil, method: JSONMapRequest.Method = .get, body: String? = nil, headers: [HTTPHeader] = [],
        mapping: JSONMapping, apiKeyQuery: String? = nil
    ) {
        self.url = url
        self.stopID = stopID
        self.method = method
        self.body = body
        self.headers = headers
        self.mapping = mapping
        self.apiKeyQuery = apiKeyQuery
    }
}

/// The `source:` keys of `kind: json`.
enum JSONMapSourceSchema {
    static let keys = ["url", "method", "body", "headers", "rows", "fields", "time_format", "api_key_query"]
    static let fields = SectionSchema(keys: JSONMapping.Field.allCases.map(\.rawValue))
    static let placeholder = JSONMapRequest.stopPlaceholder

    static func build(_ section: Section, stopID: String?) throws(BoardFileError) -> JSONMapSourceSettings {
        let url = try section.string("url") ?? ""
        // Braces are no URL characters: check the URL with a stop id in place.
        if let problem = Validators.feedURL(JSONMapRequest.filling(url, "0")) { throw section.error("url", problem) }
        let method = try self.method(section)
        let body = try section.string("body")
        if method == .post && body == nil {
            throw section.error("method", "POST needs a body: the request the API wants (a GraphQL query as JSON)", atKey: true)
        }
        if method == .get && body != nil {
            throw section.error("body", "only with method: POST (a GET sends no body)", atKey: true)
        }
        let usesStop = url.contains(placeholder) || body?.contains(placeholder) == true
        if usesStop && !section.has("stop_id") {
            throw section.error(url.contains(placeholder) ? "url" : "body", "uses {stop_id}: set stop_id, the stop to ask for")
        }
        if !usesStop && section.has("stop_id") {
            throw section.error("stop_id", "is not used: write {stop_id} in url (or body) where the API wants the stop", atKey: true)
        }
        let (mapping, places) = try self.mapping(section)
        var settings = JSONMapSourceSettings(
            url: url, stopID: stopID, method: method, body: body, headers: try headers(section), mapping: mapping,
            apiKeyQuery: try SourceKeys.apiKeyQuery(section))
        settings.places = places
        return settings
    }

    /// `file:line:column` of a value, for `validate --live`.
    private static func place(_ mark: YAMLMark?, in section: Section) -> String? {
        mark.map { "\(section.file):\($0.line):\($0.column)" }
    }

    private static func method(_ section: Section) throws(BoardFileError) -> JSONMapRequest.Method {
        guard let text = try section.string("method") else { return .get }
        guard let method = JSONMapRequest.Method(rawValue: text.uppercased()) else {
            throw section.error("method", "expected GET or POST; got '\(shown(text))'")
        }
        return method
    }

    /// Headers sent as written. A secret is never written in a board file: a header that looks
    /// like one is refused, with the keys that keep it elsewhere.
    private static func headers(_ section: Section) throws(BoardFileError) -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        for (name, value) in try section.freeMapping("headers", whenEmpty: { "expected the value of header \(shown($0))" }) {
            if let problem = Validators.headerName(name) { throw value.error(problem) }
            let lowered = name.lowercased()
            if lowered.contains("authorization") || ["key", "token", "secret", "password"].contains(where: lowered.contains) {
                throw value.error(
                    "looks like a secret: keep it out of the board file, in api_key_env or api_key_file, "
                        + "with api_key_header: \(name)" + (lowered == "authorization" ? " (and api_key_prefix: \"Bearer \")" : ""))
            }
            if value.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw value.error("must not contain control characters such as line breaks")
            }
            headers.append(HTTPHeader(name: name, value: value.text))
        }
        return headers
    }

    /// The mapping, and where `rows` and each field are written.
    private static func mapping(_ section: Section) throws(BoardFileError) -> (JSONMapping, places: [String: String]) {
        var rows: [JSONPath] = []
        for value in try section.scalarOrList("rows", example: "a query such as $.departures[*], or a list of nested ones") ?? [] {
            do {
                rows.append(try JSONPath(value.text))
            } catch {
                throw value.error("not a JSONPath query \(error)")
            }
        }
        guard !rows.isEmpty else { throw section.error("rows", "expected at least one query") }
        let format = try section.choice("time_format", as: JSONMapping.TimeFormat.self) ?? .iso8601
        guard let fieldsSection = try section.section("fields", schema: fields) else {
            throw section.error("fields", "required when kind is json")
        }
        var queries: [JSONMapping.Field: [JSONMapping.Query]] = [:]
        var places = ["rows": place(section.valueMark("rows"), in: section)].compactMapValues { $0 }
        for field in JSONMapping.Field.allCases {
            guard let values = try fieldsSection.scalarOrList(field.rawValue, example: "a query such as $.line.name, or a list of them")
            else {
                continue
            }
            places[JSONMapping.name(field)] = place(fieldsSection.valueMark(field.rawValue), in: fieldsSection)
            guard !values.isEmpty else { throw fieldsSection.error(field.rawValue, "expected at least one query") }
            var list: [JSONMapping.Query] = []
            for value in values {
                let query: JSONMapping.Query
                do {
                    query = try JSONMapping.Query(parsing: value.text)
                } catch {
                    throw value.error("not a JSONPath query \(error)")
                }
                if query.levelsUp > rows.count {
                    throw value.error(
                        "\(String(repeating: "^", count: query.levelsUp)) reaches above the answer: rows has "
                            + "\(rows.count) quer\(rows.count == 1 ? "y" : "ies"), so at most \(String(repeating: "^", count: rows.count))")
                }
                list.append(query)
            }
            queries[field] = list
        }
        for field in JSONMapping.Field.required where queries[field] == nil {
            // The timetable's time and a delay make the departure.
            if field == .departure, queries[.scheduled] != nil, queries[.delay] != nil { continue }
            throw Section.error(
                fieldsSection.file, fieldsSection.mark, fieldsSection.keyPath(field.rawValue),
                "required: the query that finds each row's \(field.rawValue)"
                    + (field == .departure ? " (or scheduled and delay, to add them)" : ""))
        }
        if queries[.serviceDay] != nil && format != .serviceDaySeconds {
            throw fieldsSection.error(JSONMapping.Field.serviceDay.rawValue, "only with time_format: service_day_s", atKey: true)
        }
        return (JSONMapping(rows: rows, fields: queries, timeFormat: format), places)
    }
}
