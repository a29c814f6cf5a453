import HTTPFetch
import Testing
@testable import BoardConfig
import Framebuffer

@Suite struct ValidBoardTests {
    @Test func minimalDemoBoardUsesDefaults() throws {
        let path = Fixtures.valid + "/minimal.yaml"
        let board = try loader.load(path: path)
        #expect(board == loader.defaults(path: path))
        #expect(board.path == path)
        #expect(board.name == "minimal")
        #expect(board.timezone == "Australia/Sydney")
        #expect(board.source == SourceSettings(.demo, refreshInterval: .seconds(30)))
        #expect(
            FetchSettings()
                == FetchSettings(
                    apiKey: nil, apiKeyHeader: "X-API-Key",
                    limits: FetchLimits(requestTimeout: .seconds(8), resourceTimeout: .seconds(15), maxResponseBytes: 1_048_576)))
        #expect(
            board.departures
                == DepartureSettings(
                    limit: 20, departedGrace: .seconds(60), staleLimit: .seconds(900), maxBackoff: .seconds(300)))
    }

    @Test func displaySectionReadsEveryKey() throws {
        let text = """
            source: {kind: demo}
            display:
              width: 800
              height: 480
              format: bwr
              rotation: 180
              layout: rows
              rows: 9
              font: fonts/Sign.TTF
              font_size: 30
              header: false
              clock: false
              columns: [time, route, headsign, countdown]
              overflow: scroll
              page_interval: 1m
              badge_shape: circle
              colors: {delay: "#FF0000", background: ffffff}
              route_colors: {T1: "#F99D1C", "333": 00b5ef}
            """
        let board = try loader.parse(text, path: "boards/epaper.yaml")
        #expect(
            board.display
                == DisplaySettings(
                    width: 800, height: 480, format: .bwr, rotation: 180, layout: .rows, rows: 9, font: "boards/fonts/Sign.TTF",
                    fontSize: 30, fontScale: nil, header: false, clock: false, columns: [.route, .headsign, .countdown, .time],
                    overflow: .scroll,
                    pageInterval: .seconds(60), badgeShape: .circle, colors: ["delay": "#ff0000", "background": "#ffffff"],
                    routeColors: ["T1": "#f99d1c", "333": "#00b5ef"]))
        #expect(try loader.parse("source: {kind: demo}\n", path: "x.yaml").display == DisplaySettings())
        #expect(
            try loader.parse("source: {kind: demo}\ndisplay: {font: board-5x7}\n", path: "b/x.yaml").display.font == "board-5x7",
            "bundled names are not paths")
    }

    @Test func fullAPIBoard() throws {
        let path = Fixtures.valid + "/preview.yaml"
        let board = try loader.load(path: path)
        #expect(board.name == "Central Station")
        #expect(board.timezone == "Europe/London")
        #expect(
            board.source
                == SourceSettings(
                    .api(
                        APISourceSettings(baseURL: "https://api.example.org/v1", stopID: "0200060"),
                        FetchSettings(
                            apiKey: .file(Fixtures.valid + "/secrets/api-key"), apiKeyHeader: "Authorization",
                            limits: FetchLimits(
                                requestTimeout: .milliseconds(2500), resourceTimeout: .seconds(60), maxResponseBytes: 2_097_152))),
                    refreshInterval: .seconds(45)))
        #expect(
            board.departures
                == DepartureSettings(
                    limit: 12, departedGrace: .zero, staleLimit: .seconds(7200), maxBackoff: .seconds(600)))
    }

    @Test func fileBoardResolvesRelativePath() throws {
        let path = Fixtures.valid + "/nested/file-board.yaml"
        let board = try loader.load(path: path)
        #expect(board.name == "Platform 1")
        #expect(board.source.kindSettings == .file(path: Fixtures.valid + "/nested/data/departures.json"))
        #expect(board.source.refreshInterval == .milliseconds(1500))
    }

    @Test(
        "paths resolve against the board file's folder",
        arguments: [
            ("Boards/x.yaml", "departures.json", "Boards/departures.json"),
            ("x.yaml", "departures.json", "departures.json"),
            ("/etc/boards/x.yaml", "../data/d.json", "/etc/boards/../data/d.json"),
            ("Boards/x.yaml", "/var/lib/d.json", "/var/lib/d.json"),
        ])
    func relativePaths(_ board: String, _ relative: String, _ expected: String) throws {
        let parsed = try loader.parse("source:\n  kind: file\n  path: \(relative)\n", path: board)
        #expect(parsed.source.kindSettings == .file(path: expected))
    }

    @Test(
        "default name is the file name without extension",
        arguments: [
            ("Boards/preview.yaml", "preview"), ("preview", "preview"), ("a/b.c.yaml", "b.c"), (".hidden", ".hidden"),
        ])
    func defaultName(_ path: String, _ expected: String) throws {
        #expect(try loader.parse("source:\n  kind: demo\n", path: path).name == expected)
    }

    @Test(
        "durations in every form",
        arguments: [
            ("30", Duration.seconds(30)), ("1.5", .milliseconds(1500)), ("500ms", .milliseconds(500)),
            ("1500ms", .milliseconds(1500)), ("8s", .seconds(8)), ("1.5s", .milliseconds(1500)),
            ("5m", .seconds(300)), ("2h", .seconds(7200)), ("0.25h", .seconds(900)), ("\"8s\"", .seconds(8)),
            ("'1.5m'", .seconds(90)), ("90", .seconds(90)),
        ])
    func durations(_ text: String, _ expected: Duration) throws {
        let board = try loader.parse(
            "source:\n  kind: api\n  base_url: http://h\n  stop_id: 1\n  resource_timeout: 2h\n  request_timeout: \(text)\n", path: "d.yaml"
        )
        #expect(board.source.fetch?.limits.requestTimeout == expected)
    }

    @Test(
        "stop_id keeps the text as written",
        arguments: [
            ("\"200060\"", "200060"), ("200060", "200060"), ("0200060", "0200060"), ("'007'", "007"),
            ("12.50", "12.50"), ("STOP-9_A", "STOP-9_A"),
        ])
    func stopID(_ yaml: String, _ expected: String) throws {
        let board = try loader.parse("source:\n  kind: api\n  base_url: https://h.example:8443/api/\n  stop_id: \(yaml)\n", path: "s.yaml")
        #expect(
            board.source.kindSettings == .api(APISourceSettings(baseURL: "https://h.example:8443/api/", stopID: expected), FetchSettings()))
    }

    @Test func apiKeyFromEnvironment() throws {
        let board = try loader.parse(
            """
            source:
              kind: api
              base_url: HTTP://[::1]:8080
              stop_id: 1
              api_key_env: DEPARTURES_API_KEY
            """, path: "k.yaml")
        #expect(board.source.fetch?.apiKey == .environment("DEPARTURES_API_KEY"))
    }

    @Test func ampersandsAndAsterisksInValuesAreNotAnchors() throws {
        let board = try loader.parse(
            """
            name: Fish & Chips *Express*   # a comment with &anchor and *alias
            source:
              kind: demo
            """, path: "a.yaml")
        #expect(board.name == "Fish & Chips *Express*")
        let quoted = try loader.parse("name: \"*Star* & 'Co'\"\nsource: {kind: demo}\n", path: "q.yaml")
        #expect(quoted.name == "*Star* & 'Co'")
    }
}
