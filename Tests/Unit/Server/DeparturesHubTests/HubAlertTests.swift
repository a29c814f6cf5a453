import SourceAssembly
import ServerAssembly
import DeparturesCore
import Foundation
import Testing
import BoardConfig
import DeparturesHub

/// An agency's alerts passing through the hub to its signs: the rows keep the alerts their
/// source matched, an alert already over is not passed on, and a sign shows what a sign
/// reading the source directly shows.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct HubAlertTests {
    static let answer = """
        {"data": [
          {"trip_id": "T1-57", "route_short_name": "T1", "headsign": "Emu Plains", "scheduled_time_secs": 34380,
           "realtime_time_secs": 34500, "delay_s": 120, "realtime": true, "occupancy": "standing",
           "carriages": ["standing", "full", "few_seats", "many_seats"]},
          {"trip_id": "T9-12", "route_short_name": "T9", "headsign": "Hornsby", "scheduled_time_secs": 34860,
           "realtime_time_secs": 34860, "delay_s": 0, "realtime": true}
        ],
        "alerts": [
          {"id": "t1-blacktown", "header": "No T1 trains between Blacktown and Emu Plains", "effect": "no_service",
           "severity": "severe", "routes": ["T1"], "active_until": "2030-11-23T23:00:00+11:00"},
          {"id": "yesterday", "header": "Track work last night", "effect": "detour", "routes": ["T9"],
           "active_from": "2026-11-22T22:00:00+11:00", "active_until": "2026-11-23T04:00:00+11:00"}
        ]}
        """

    @Test func anAPIAlertReachesASignThroughTheHub() async throws {
        let scratch = try Scratch()
        try scratch.write("departures.json", Self.answer)
        let hub = try await HubServerTests.startHub(
            """
            listen: 127.0.0.1:0
            stops: [{id: central, source: {kind: file, path: departures.json}}]
            """, in: scratch)
        let direct = try scratch.write("direct.yaml", "name: Central\nsource: {kind: file, path: departures.json}\n")
        let viaHub = try scratch.write(
            "sign.yaml",
            """
            name: Central
            source: {kind: api, base_url: "http://127.0.0.1:\(hub.port)", stop_id: central}
            """)
        let clock = FixedBoardClock(now: HubFixtures.now)
        let expected = try await BoardSetup(path: direct).snapshot(clock: clock).state
        var shown = try await BoardSetup(path: viaHub).snapshot(clock: clock)
        for _ in 0..<200 where shown.lastError != nil {  // until the hub's first poll has landed
            try await Task.sleep(for: .milliseconds(20))
            shown = try await BoardSetup(path: viaHub).snapshot(clock: clock)
        }
        let served = try await ClientFleet.get(port: hub.port, path: "/api/v1/stops/central/departures")
        await hub.stop()
        #expect(shown.lastError == nil)
        #expect(expected.alerts.map(\.id) == ["t1-blacktown"])
        #expect(expected.rows.map(\.alertIDs) == [["t1-blacktown"], []])
        #expect(shown.state.rows == expected.rows)
        #expect(BoardStateJSON.encode(shown.state) == BoardStateJSON.encode(expected))
        // The hub names each row's alerts and drops the one that ended; times keep an offset.
        let body = String(decoding: served.body, as: UTF8.self)
        #expect(body.contains(#""alert_ids":["t1-blacktown"]"#), "\(body)")
        #expect(body.contains(#""active_until":"2030-11-23T12:00:00+00:00""#), "\(body)")
        #expect(!body.contains("yesterday"), "\(body)")
        #expect(body.contains(#""carriages":["standing","full","few_seats","many_seats"]"#))
    }
}
