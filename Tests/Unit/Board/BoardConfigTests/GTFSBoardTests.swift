import HTTPFetch
import Testing
@testable import BoardConfig

@Suite struct GTFSBoardTests {
    @Test func everyKeyIsRead() throws {
        let text = """
            source:
              kind: gtfs
              store: ../var/central.sqlite
              stop_ids: ["200060", "2000421"]
              trip_updates_url: https://api.transport.nsw.gov.au/v2/gtfs/realtime/sydneytrains?debug=false
              alerts_url: https://api.transport.nsw.gov.au/v2/gtfs/alerts/sydneytrains
              vehicle_positions_url: https://api.transport.nsw.gov.au/v2/gtfs/vehiclepos/sydneytrains
              api_key_env: TFNSW_API_KEY
              api_key_header: Authorization
              api_key_prefix: "apikey "
              routes: [T1, "BMT_1"]
              headsign_contains: City
              direction_id: 1
              window: 90m
              realtime_max_age: 2m
              request_timeout: 5s
            """
        let board = try loader.parse(text, path: "Boards/gtfs.yaml")
        #expect(board.source.kind == .gtfs)
        #expect(board.timezoneIsExplicit == false)
        #expect(board.source.fetch?.apiKey == .environment("TFNSW_API_KEY"))
        #expect(board.source.fetch?.apiKeyHeader == "Authorization")
        #expect(board.source.fetch?.apiKeyPrefix == "apikey ")
        #expect(board.source.fetch?.limits.requestTimeout == .seconds(5))
        #expect(
            board.source.gtfs
                == GTFSSourceSettings(
                    storePath: "Boards/../var/central.sqlite", stopIDs: ["200060", "2000421"],
                    tripUpdatesURL: "https://api.transport.nsw.gov.au/v2/gtfs/realtime/sydneytrains?debug=false",
                    alertsURL: "https://api.transport.nsw.gov.au/v2/gtfs/alerts/sydneytrains",
                    routes: ["T1", "BMT_1"], headsignContains: "City", directionID: 1,
                    window: .seconds(90 * 60), realtimeMaxAge: .seconds(120),
                    vehiclePositionsURL: "https://api.transport.nsw.gov.au/v2/gtfs/vehiclepos/sydneytrains"))
    }

    @Test func defaultsNameTheStoreAfterTheBoard() throws {
        let board = try loader.parse(
            "timezone: Australia/Sydney\nsource: {kind: gtfs, stop_id: \"2000421\"}\n",
            path: "/home/pi/sign/central.yaml")
        #expect(board.timezoneIsExplicit)
        #expect(
            board.source.gtfs
                == GTFSSourceSettings(
                    storePath: "/home/pi/sign/central.gtfs.sqlite", stopIDs: ["2000421"]))
    }

    /// /etc and /usr hold configuration and installed files, which the service sees read-only:
    /// a board there keeps its store in the service's state folder (issue 35, item 1). A store
    /// the board names stays where it says, so an owner can still choose.
    @Test(
        "a board in a system folder keeps its store in the state folder",
        arguments: [
            ("/etc/departure-board/board.yaml", nil, "/var/lib/departure-board/board.gtfs.sqlite"),
            ("/etc/departure-board/board.yaml", "rail.sqlite", "/etc/departure-board/rail.sqlite"),
            ("/usr/share/departure-board/Boards/gtfs/sydney-trains.yaml", nil, "/var/lib/departure-board/sydney-trains.gtfs.sqlite"),
            ("/etcetera/board.yaml", nil, "/etcetera/board.gtfs.sqlite"),
            ("/srv/sign/board.yaml", nil, "/srv/sign/board.gtfs.sqlite"),
        ] as [(String, String?, String)])
    func systemFoldersKeepTheirStoreInTheStateFolder(board path: String, store: String?, expected: String) throws {
        let named = store.map { ", store: \($0)" } ?? ""
        let board = try loader.parse("source: {kind: gtfs, stop_id: \"1\"\(named)}\n", path: path)
        #expect(board.source.gtfs?.storePath == expected)
    }

    @Test(
        "gtfs keys are refused elsewhere, api keys are shared",
        arguments: [
            ("source: {kind: demo, window: 1h}", "source.window: only applies to kind gtfs (this source is kind demo)"),
            ("source: {kind: file, path: x.json, stop_ids: [a]}", "source.stop_ids: only applies to kind gtfs (this source is kind file)"),
            (
                "source: {kind: demo, api_key_prefix: x}",
                "source.api_key_prefix: only applies to kind api, gtfs, siri or json (this source is kind demo)"
            ),
            ("source: {kind: gtfs, stop_ids: [a], window: 5m}", "source.window: must be between 10m and 24h; got 5m"),
            ("source: {kind: gtfs, stop_ids: a}", "source.stop_ids: expected a list such as [\"2000421\", \"2000422\"]; got 'a'"),
            (
                "source: {kind: gtfs, stop_ids: [a], trip_updates_url: 'ftp://x'}",
                "source.trip_updates_url: expected an http:// or https:// URL; got 'ftp://x'"
            ),
            (
                "source: {kind: gtfs, stop_ids: [a], vehicle_positions_url: 'ftp://x'}",
                "source.vehicle_positions_url: expected an http:// or https:// URL; got 'ftp://x'"
            ),
            (
                "source: {kind: api, base_url: 'http://x', stop_id: '1', vehicle_positions_url: 'http://x/vp'}",
                "source.vehicle_positions_url: only applies to kind gtfs (this source is kind api)"
            ),
        ])
    func refusals(_ text: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try loader.parse(text + "\n", path: "b.yaml") }
        #expect(error?.key.map { "\($0): " + (error?.message ?? "") } == message)
    }
}
