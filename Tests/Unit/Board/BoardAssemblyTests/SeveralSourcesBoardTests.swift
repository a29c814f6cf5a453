import BoardConfig
import DeparturesCore
import Foundation
import LoopbackHTTPServer
import SourceAssembly
import Testing

/// A board file with two API stops of one server, as a sign runs it: each stop fetched, its
/// rows labelled and placed by its walk, and a stop that fails leaving the other on the board.
@Suite @MainActor
struct SeveralSourcesBoardTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_763_850_600)  // 2025-11-23 09:30 in Sydney

    nonisolated static func body(_ trip: String, _ route: String, at secs: Int) -> String {
        #"{"data": [{"trip_id": "\#(trip)", "route_short_name": "\#(route)", "headsign": "City", "#
            + #""scheduled_time_secs": \#(secs), "realtime_time_secs": \#(secs), "delay_s": 0, "realtime": true}]}"#
    }

    @Test func twoAPIStopsOnOneBoard() async throws {
        let server = try LoopbackHTTPServer { request in
            if request.path.hasSuffix("/stops/bus/departures") { return .text(Self.body("b1", "333", at: 9 * 3600 + 36 * 60)) }
            if request.path.hasSuffix("/stops/train/departures") { return .text(Self.body("t1", "T1", at: 9 * 3600 + 40 * 60)) }
            return .text("{}", status: 503)
        }
        defer { server.stop() }
        let text = """
            name: Home
            timezone: Australia/Sydney
            sources:
              - {kind: api, base_url: "\(server.baseURL)", stop_id: bus, label: Bus, walk: 3m}
              - {kind: api, base_url: "\(server.baseURL)", stop_id: train, label: Train, walk: 9m}
              - {kind: api, base_url: "\(server.baseURL)", stop_id: gone, label: Tram}

            """
        let board = try BoardFileLoader(zoneExists: { _ in true }).parse(text, path: "home.yaml")
        let setup = try BoardSetup(board: board)
        let (state, lastError, _) = await setup.snapshot(clock: ManualBoardClock(now: Self.now))
        #expect(state.status == .ok, "two stops answer, so the third failing leaves the board ok")
        #expect(state.rows.map(\.tripID) == ["t1", "b1"], "the train must be left for first (09:31 before 09:33)")
        #expect(state.rows.map(\.source) == ["Train", "Bus"])
        #expect(state.rows.map(\.leaveInMinutes) == [1, 3])
        #expect(state.sources.map(\.status) == [.ok, .ok, .error])
        #expect(state.sources[2].message == DeparturesError.failedMessage)
        #expect(lastError?.description.contains("HTTP 503") == true)
    }
}
