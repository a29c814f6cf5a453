import DeparturesCore
import HTTPFetch
import JSONPath
import Testing
@testable import BoardConfig

/// `kind: json`: the request, the mapping, and every mistake reported where it is written.
@Suite struct JSONBoardTests {
    static func query(_ text: String) -> JSONPath { try! JSONPath(text) }

    @Test func aGraphQLPostIsReadWhole() throws {
        let text = """
            source:
              kind: json
              url: https://api.example.org/journey-planner/v3/graphql
              stop_id: "NSR:StopPlace:58366"
              method: post
              headers:
                ET-Client-Name: hallway-sign
                Content-Type: application/json
              body: |
                {"query": "query($id: String!) { stopPlace(id: $id) { estimatedCalls { expectedDepartureTime } } }",
                 "variables": {"id": "{stop_id}"}}
              rows: $.data.stopPlace.estimatedCalls[*]
              fields:
                route: $.serviceJourney.line.publicCode
                headsign: $.destinationDisplay.frontText
                departure: [$.expectedDepartureTime, $.aimedDepartureTime]
                scheduled: $.aimedDepartureTime
                trip_id: $.serviceJourney.id
                platform: $.quay['publicCode']
                cancelled: $.cancellation
                realtime: $.realtime
              time_format: iso8601
            """
        let board = try loader.parse(text, path: "Boards/entur.yaml")
        #expect(board.source.kind == .json)
        #expect(board.source.stopID == "NSR:StopPlace:58366")
        let json = try #require(board.source.json)
        #expect(json.url == "https://api.example.org/journey-planner/v3/graphql")
        #expect(json.method == .post)
        #expect(json.body?.hasSuffix(#""variables": {"id": "{stop_id}"}}"# + "\n") == true)
        #expect(
            json.headers == [
                HTTPHeader(name: "ET-Client-Name", value: "hallway-sign"), HTTPHeader(name: "Content-Type", value: "application/json"),
            ])
        #expect(
            json.mapping
                == JSONMapping(
                    rows: Self.query("$.data.stopPlace.estimatedCalls[*]"),
                    fields: [
                        .route: [Self.query("$.serviceJourney.line.publicCode")], .headsign: [Self.query("$.destinationDisplay.frontText")],
                        .departure: [Self.query("$.expectedDepartureTime"), Self.query("$.aimedDepartureTime")],
                        .scheduled: [Self.query("$.aimedDepartureTime")], .tripID: [Self.query("$.serviceJourney.id")],
                        .platform: [Self.query("$.quay['publicCode']")], .cancelled: [Self.query("$.cancellation")],
                        .realtime: [Self.query("$.realtime")],
                    ], timeFormat: .iso8601))
    }

    @Test func aRESTGetWithEpochMillisecondsAndAKeyInTheQuery() throws {
        let text = """
            source:
              kind: json
              url: https://developer.example.org/ws/v2/arrivals?locIDs={stop_id}&json=true
              stop_id: "8989"
              api_key_env: TRIMET_APP_ID
              api_key_query: appID
              rows: $.resultSet.arrival[*]
              fields: {route: $.route, headsign: $.shortSign, departure: [$.estimated, $.scheduled], scheduled: $.scheduled}
              time_format: epoch_ms
            """
        let json = try #require(try loader.parse(text, path: "b.yaml").source.json)
        #expect(json.method == .get && json.body == nil && json.apiKeyQuery == "appID")
        #expect(json.mapping.timeFormat == .epochMilliseconds)
        #expect(json.mapping.fields[.departure] == [Self.query("$.estimated"), Self.query("$.scheduled")].map { JSONMapping.Query($0) })
    }

    static let base = "source: {kind: json, url: 'https://x.org/s/{stop_id}', stop_id: '1', rows: '$[*]', "
    static let fields = "fields: {route: $.r, headsign: $.h, departure: $.t}"

    @Test(
        "json keys are checked where they are written",
        arguments: [
            ("source: {kind: json, rows: '$[*]', \(fields)}", "source.url: required when kind is json"),
            ("source: {kind: json, url: 'https://x.org', \(fields)}", "source.rows: required when kind is json"),
            ("source: {kind: json, url: 'https://x.org', rows: '$[*]'}", "source.fields: required when kind is json"),
            (
                "source: {kind: json, url: 'https://x.org/{stop_id}', rows: '$[*]', \(fields)}",
                "source.url: uses {stop_id}: set stop_id, the stop to ask for"
            ),
            (
                "source: {kind: json, url: 'https://x.org/s', stop_id: '1', rows: '$[*]', \(fields)}",
                "source.stop_id: is not used: write {stop_id} in url (or body) where the API wants the stop"
            ),
            ("\(base)method: POST, \(fields)}", "source.method: POST needs a body: the request the API wants (a GraphQL query as JSON)"),
            ("\(base)body: '{}', \(fields)}", "source.body: only with method: POST (a GET sends no body)"),
            ("\(base)method: PUT, \(fields)}", "source.method: expected GET or POST; got 'PUT'"),
            (
                "source: {kind: json, url: 'ftp://x.org', rows: '$[*]', \(fields)}",
                "source.url: expected an http:// or https:// URL; got 'ftp://x.org'"
            ),
            (
                "\(base)fields: {route: $.r, headsign: $.h}}",
                "source.fields.departure: required: the query that finds each row's departure (or scheduled and delay, to add them)"
            ),
            (
                "\(base)fields: {route: $.r, headsign: $.h, departure: $.t, colour: $.c}}",
                "source.fields.colour: unknown key; valid keys are route, headsign, departure, scheduled, trip_id, platform, cancelled, realtime, service_day, delay, occupancy, occupancy_percent"
            ),
            (
                "\(base)fields: {route: 'line.name', headsign: $.h, departure: $.t}}",
                "source.fields.route: not a JSONPath query at character 1: a field's query starts with $ (the row) or ^ (the node rows ran on), as in $.line.name"
            ),
            (
                "\(base)fields: {route: [$.a, '$.b-c'], headsign: $.h, departure: $.t}}",
                "source.fields.route: not a JSONPath query at character 4: '-' cannot be part of a name after .: write ['b-…'] in brackets"
            ),
            ("\(base)fields: {route: [], headsign: $.h, departure: $.t}}", "source.fields.route: expected at least one query"),
            (
                "\(base)fields: {route: $.r, headsign: $.h, departure: $.t, service_day: $.d}}",
                "source.fields.service_day: only with time_format: service_day_s"
            ),
            (
                "source: {kind: json, url: 'https://x.org', rows: '$[?@.a]', \(fields)}",
                "source.rows: not a JSONPath query at character 3: filter expressions ([?…]) are not supported: select with names, indexes and *"
            ),
            (
                "\(base)time_format: unix, \(fields)}",
                "source.time_format: expected one of iso8601, epoch_s, epoch_ms, service_day_s, minutes; got 'unix'"
            ),
            (
                "\(base)headers: {Authorization: 'Bearer abc'}, \(fields)}",
                #"source.headers.Authorization: looks like a secret: keep it out of the board file, in api_key_env or api_key_file, with api_key_header: Authorization (and api_key_prefix: "Bearer ")"#
            ),
            (
                "\(base)headers: {digitransit-subscription-key: abc}, \(fields)}",
                "source.headers.digitransit-subscription-key: looks like a secret: keep it out of the board file, in api_key_env or api_key_file, with api_key_header: digitransit-subscription-key"
            ),
            (
                "\(base)headers: {'Bad Name': x}, \(fields)}",
                "source.headers.Bad Name: expected an HTTP header name (letters, digits and !#$%&'*+-.^_`|~); got 'Bad Name'"
            ),
            (
                "\(base)fields: {route: '^^.name', headsign: $.h, departure: $.t}}",
                "source.fields.route: ^^ reaches above the answer: rows has 1 query, so at most ^"
            ),
            (
                "source: {kind: json, url: 'https://x.org', rows: ['$.a[*]', '$.b-c'], \(fields)}",
                "source.rows: not a JSONPath query at character 4: '-' cannot be part of a name after .: write ['b-…'] in brackets"
            ),
            (
                "source: {kind: api, base_url: 'https://x.org', stop_id: '1', rows: '$[*]'}",
                "source.rows: only applies to kind json (this source is kind api)"
            ),
            (
                "source: {kind: json, base_url: 'https://x.org', url: 'https://x.org', rows: '$[*]', \(fields)}",
                "source.base_url: only applies to kind api or onebusaway (this source is kind json)"
            ),
        ])
    func refusals(_ text: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try loader.parse(text + "\n", path: "b.yaml") }
        #expect(error?.key.map { "\($0): " + (error?.message ?? "") } == message)
    }

    @Test func nestedRowsAndCaretQueries() throws {
        let text = """
            source:
              kind: json
              url: https://x.org/monitor?stopId={stop_id}
              stop_id: "4116"
              rows:
                - $.data.monitors[*].lines[*]
                - $.departures.departure[*]
              fields:
                route: [$.vehicle.name, ^.name]
                headsign: [$.vehicle.towards, ^.towards]
                departure: [$.departureTime.timeReal, $.departureTime.timePlanned]
                platform: ^.platform
                trip_id: ^^.message.value
            """
        let mapping = try #require(try loader.parse(text, path: "b.yaml").source.json?.mapping)
        #expect(mapping.rows == [Self.query("$.data.monitors[*].lines[*]"), Self.query("$.departures.departure[*]")])
        #expect(
            mapping.fields[.route] == [
                JSONMapping.Query(Self.query("$.vehicle.name")), JSONMapping.Query(Self.query("$.name"), levelsUp: 1),
            ])
        #expect(mapping.fields[.tripID] == [JSONMapping.Query(Self.query("$.message.value"), levelsUp: 2)])
        #expect(mapping.written(.route) == "[$.vehicle.name, ^.name]")

        // In a flow list, brackets and stars are YAML's: the message says how to write them.
        let flow = boardError { () throws(BoardFileError) in
            try loader.parse("source:\n  kind: json\n  url: https://x.org\n  rows: [$.a[*], $.b[*]]\n", path: "b.yaml")
        }
        #expect(flow?.line == 4, "\(String(describing: flow))")
        #expect(
            flow?.message.hasSuffix(
                "; a JSONPath query with [ ] or * in a [ … ] list or { … } mapping goes in quotes ('$.a[*]'), or one per line in a block list (- $.a[*])"
            ) == true,
            "\(String(describing: flow))")
    }

    /// A query's mistake is reported at its own line and column, among the others' errors.
    @Test func aBadQueryIsLocatedInTheFile() throws {
        let text = """
            source:
              kind: json
              url: https://x.org/arrivals
              rows: $.departures[*]
              fields:
                route: $.line.name
                headsign: $.destination..
                departure: $.time
            """
        let error = boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") }
        #expect(error?.line == 7 && error?.column == 15, "\(String(describing: error))")
        #expect(error?.message == "not a JSONPath query at character 16: expected a name, * or [ after ..; got the end")
    }
}
