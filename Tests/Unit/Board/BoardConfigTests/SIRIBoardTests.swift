import HTTPFetch
import Testing
@testable import BoardConfig

/// `kind: siri`: its keys, the shared key options, and the errors a board builder meets.
@Suite struct SIRIBoardTests {
    @Test func everyKeyIsRead() throws {
        let text = """
            source:
              kind: siri
              url: https://api.example.org/siri/2.0/stop-monitoring.json?format=json
              stop_id: "STIF:StopPoint:Q:41322:"
              line_ref: "STIF:Line::C01727:"
              preview_interval: 90m
              request: post
              requestor_ref: sign-42
              route_names:
                "STIF:Line::C01727:": RER C
                "STIF:Line::C01742:": RER A
              api_key_file: siri.key
              api_key_query: apikey
              situations_url: https://api.example.org/siri/2.0/situation-exchange.json?format=json
              max_response_bytes: 2097152
            """
        let board = try loader.parse(text, path: "Boards/siri.yaml")
        #expect(board.source.kind == .siri)
        #expect(board.source.stopID == "STIF:StopPoint:Q:41322:")
        #expect(board.source.fetch?.apiKey == .file("Boards/siri.key"))
        #expect(board.source.fetch?.limits.maxResponseBytes == 2_097_152)
        #expect(
            board.source.siri
                == SIRISourceSettings(
                    url: "https://api.example.org/siri/2.0/stop-monitoring.json?format=json", stopID: "STIF:StopPoint:Q:41322:",
                    lineRef: "STIF:Line::C01727:",
                    previewInterval: .seconds(5400), request: .post, requestorRef: "sign-42",
                    routeNames: ["STIF:Line::C01727:": "RER C", "STIF:Line::C01742:": "RER A"], apiKeyQuery: "apikey",
                    situationsURL: "https://api.example.org/siri/2.0/situation-exchange.json?format=json"))
        let plain = try loader.parse("source: {kind: siri, url: 'http://127.0.0.1:8080/sm', stop_id: '1'}\n", path: "b.yaml")
        #expect(plain.source.siri == SIRISourceSettings(url: "http://127.0.0.1:8080/sm", stopID: "1"))
    }

    @Test(
        "siri keys are checked where they are written",
        arguments: [
            ("source: {kind: siri, stop_id: '1'}", "source.url: required when kind is siri"),
            ("source: {kind: siri, url: 'https://x.org'}", "source.stop_id: required when kind is siri"),
            (
                "source: {kind: siri, url: 'https://x.org/sm#top', stop_id: '1'}",
                "source.url: URL must not have a fragment; got 'https://x.org/sm#top'"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', situations_url: 'https://x.org/sx#top'}",
                "source.situations_url: URL must not have a fragment; got 'https://x.org/sx#top'"
            ),
            (
                "source: {kind: gtfs, store: s.sqlite, stop_ids: ['1'], situations_url: 'https://x.org/sx'}",
                "source.situations_url: only applies to kind siri (this source is kind gtfs)"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', request: put}",
                "source.request: expected one of get, post, soap; got 'put'; did you mean 'get'?"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', preview_interval: 10s}",
                "source.preview_interval: must be between 1m and 24h; got 10s"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', route_names: [C]}",
                "source.route_names: expected a mapping; got a list"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', route_names: {C01727: }}",
                "source.route_names.C01727: expected the name riders know for line C01727"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', api_key_query: key}",
                "source.api_key_query: needs api_key_env or api_key_file: the key it carries"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', api_key_env: K, api_key_prefix: 'Bearer ', api_key_query: key}",
                "source.api_key_query: use either api_key_header (with api_key_prefix) or api_key_query, not both"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', api_key_env: K, api_key_query: 'a&b'}",
                "source.api_key_query: expected a query parameter name (letters, digits and -._~); got 'a&b'"
            ),
            (
                "source: {kind: api, base_url: 'https://x.org', stop_id: '1', route_names: {a: b}}",
                "source.route_names: only applies to kind siri (this source is kind api)"
            ),
            (
                "source: {kind: siri, url: 'https://x.org', stop_id: '1', base_url: 'https://x.org'}",
                "source.base_url: only applies to kind api or onebusaway (this source is kind siri)"
            ),
        ])
    func refusals(_ text: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try loader.parse(text + "\n", path: "b.yaml") }
        #expect(error?.key.map { "\($0): " + (error?.message ?? "") } == message)
    }
}
