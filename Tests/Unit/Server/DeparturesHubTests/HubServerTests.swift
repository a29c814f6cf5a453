import SourceAssembly
import ServerAssembly
import DeparturesCore
import Foundation
import TestPaths
import LoopbackHTTPServer
import Testing
import BoardConfig
import DeparturesHub

/// The hub on a real socket, its stops fed by a real upstream over HTTP.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct HubServerTests {
    /// An upstream in the API's format that counts what it is asked.
    static func upstream() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in .text(HubFixtures.json(HubFixtures.departures), contentType: "application/json") }
    }

    static func startHub(_ yaml: String, in scratch: Scratch) async throws -> RunningHub {
        let path = try scratch.write("hub.yaml", yaml)
        return try await HubSetup(path: path, logger: HubFixtures.quietLogger).start(logger: HubFixtures.quietLogger)
    }

    @Test func twoHundredClientsCauseOnePollPerIntervalUpstream() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let scratch = try Scratch()
        let started = ContinuousClock.now
        let hub = try await Self.startHub(
            """
            listen: 127.0.0.1:0
            stops:
              - id: central
                source: {kind: api, base_url: "\(upstream.baseURL)", stop_id: "200060", refresh_interval: 1s}
              - id: zürich
                source: {kind: api, base_url: "\(upstream.baseURL)", stop_id: "8503000", refresh_interval: 1s}
            """, in: scratch)
        let paths = ["/api/v1/stops/central/departures", "/api/v1/stops/z%C3%BCrich/departures"]
        #expect(
            await eventually {
                Set(upstream.requests.map(\.path)).count == 2
            }, "both stops polled once at start")
        try? await Task.sleep(for: .milliseconds(200))

        async let central = ClientFleet.run(count: 150, port: hub.port, path: paths[0], duration: .seconds(3))
        async let zurich = ClientFleet.run(count: 50, port: hub.port, path: paths[1], duration: .seconds(3))
        let outcomes = await [central, zurich]
        await hub.stop()
        let elapsed = (ContinuousClock.now - started).timeInterval

        for outcome in outcomes {
            #expect(outcome.total >= 50)
            #expect(outcome.statuses[200] == outcome.total, "every request answered from the cache: \(outcome.statuses)")
        }
        // One poll per second per stop, whatever the 200 clients do: at most one per
        // started interval of the hub's life, plus the first.
        let bound = Int(elapsed.rounded(.up)) + 1
        for stop in ["200060", "8503000"] {
            let polls = upstream.requests.filter { $0.path == "/api/v1/stops/\(stop)/departures" }.count
            #expect(polls >= 2 && polls <= bound, "stop \(stop): \(polls) upstream requests in \(elapsed) s (bound \(bound))")
        }
    }

    /// Runs `body` against a started hub and stops the hub whatever happens.
    static func withHub(_ yaml: String, in scratch: Scratch, _ body: (RunningHub) async throws -> Void) async throws {
        let hub = try await startHub(yaml, in: scratch)
        do {
            try await body(hub)
        } catch {
            await hub.stop()
            throw error
        }
        await hub.stop()
    }

    @Test func conditionalGetsGet304() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let scratch = try Scratch()
        try await Self.withHub(
            """
            listen: 127.0.0.1:0
            max_age: 7s
            stops: [{id: central, source: {kind: api, base_url: "\(upstream.baseURL)", stop_id: "1"}}]
            """, in: scratch
        ) { hub in
            let path = "/api/v1/stops/central/departures"
            var first = try await ClientFleet.get(port: hub.port, path: path)
            for _ in 0..<200 where first.status == 503 {
                try await Task.sleep(for: .milliseconds(20))
                first = try await ClientFleet.get(port: hub.port, path: path)
            }
            #expect(first.status == 200)
            #expect(try DeparturesDecoder.decode(first.body).data == HubFixtures.departures)
            #expect(first.headers["cache-control"]?.hasPrefix("public, max-age=7, stale-while-revalidate=30, stale-if-error=") == true)
            let tag = try #require(first.headers["etag"])
            let again = try await ClientFleet.get(port: hub.port, path: path, headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.headers["etag"] == tag)
            #expect(again.body.isEmpty)

            let missing = try await ClientFleet.get(port: hub.port, path: "/api/v1/stops/nowhere/departures")
            #expect(missing.status == 404)
            #expect(missing.text == #"{"error":"unknown stop 'nowhere'; this hub serves central"}"#)
            let status = try await ClientFleet.get(port: hub.port, path: "/status.json")
            #expect(status.status == 200 && status.text.contains(#""id":"central""#))
            let metrics = try await ClientFleet.get(port: hub.port, path: "/metrics")
            #expect(metrics.text.contains(#"departure_hub_requests_total{stop="central"}"#))
        }
    }

    /// The fleet protocol's promise: a sign reading the hub shows what a sign reading the
    /// source shows, row for row, at the same instant.
    @MainActor
    @Test func aSignPointedAtTheHubRendersTheSameRowsAsOneReadingTheSource() async throws {
        let scratch = try Scratch()
        try scratch.write("departures.json", HubFixtures.json(HubFixtures.departures))
        let hub = try await Self.startHub(
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
        await hub.stop()
        #expect(shown.lastError == nil)
        #expect(expected.rows.count == 2)
        #expect(shown.state.rows == expected.rows)
        #expect(BoardStateJSON.encode(shown.state) == BoardStateJSON.encode(expected))
    }

    /// A stop named as its agency writes it (spaces, a slash) is served, and a sign reaches it.
    @Test func aStopIDWithSpacesIsServedToASignThatNamesIt() async throws {
        let scratch = try Scratch()
        try scratch.write("departures.json", HubFixtures.json(HubFixtures.departures))
        let hub = try await Self.startHub(
            """
            listen: 127.0.0.1:0
            stops: [{id: "Lakeside County Transit_404/B", source: {kind: file, path: departures.json}}]
            """, in: scratch)
        let sign = try scratch.write(
            "sign.yaml",
            """
            name: Lakeside
            source: {kind: api, base_url: "http://127.0.0.1:\(hub.port)", stop_id: "Lakeside County Transit_404/B"}
            """)
        let clock = FixedBoardClock(now: HubFixtures.now)
        var shown = try await BoardSetup(path: sign).snapshot(clock: clock)
        for _ in 0..<200 where shown.lastError != nil {  // until the hub's first poll has landed
            try await Task.sleep(for: .milliseconds(20))
            shown = try await BoardSetup(path: sign).snapshot(clock: clock)
        }
        await hub.stop()
        #expect(shown.lastError == nil, "\(String(describing: shown.lastError))")
        #expect(shown.state.rows.count == 2)
    }

    @Test func aTokenIsAskedOfEveryClientAndASignSendsIt() async throws {
        let name = "HUB_TEST_TOKEN_" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        setenv(name, "s3cret\n", 1)
        defer { unsetenv(name) }
        let scratch = try Scratch()
        let hub = try await Self.startHub(
            """
            listen: 127.0.0.1:0
            token_env: \(name)
            stops: [{id: central, source: {kind: demo}}]
            """, in: scratch)
        let refused = try await ClientFleet.get(port: hub.port, path: "/status.json")
        #expect(refused.status == 401)
        let admitted = try await ClientFleet.get(port: hub.port, path: "/status.json", headers: ["X-API-Key": "s3cret"])
        #expect(admitted.status == 200)
        // A sign's api_key_env goes out as X-API-Key: the same variable works on both ends.
        let sign = try scratch.write(
            "sign.yaml",
            """
            source: {kind: api, base_url: "http://127.0.0.1:\(hub.port)", stop_id: central, api_key_env: \(name)}
            """)
        var shown = try await BoardSetup(path: sign).snapshot(clock: SystemBoardClock())
        for _ in 0..<200 where shown.lastError != nil {
            try await Task.sleep(for: .milliseconds(20))
            shown = try await BoardSetup(path: sign).snapshot(clock: SystemBoardClock())
        }
        #expect(shown.lastError == nil)
        #expect(!shown.state.rows.isEmpty)
        await hub.stop()

        unsetenv(name)
        await #expect(throws: AssemblyError(.boardFile, scratch.file("hub.yaml") + ": token_env: environment variable \(name) is not set"))
        {
            _ = try await Self.startHub(
                """
                listen: 127.0.0.1:0
                token_env: \(name)
                stops: [{id: central, source: {kind: demo}}]
                """, in: scratch)
        }
    }

    @Test func theExampleHubFileServesItsStops() async throws {
        let setup = try HubSetup(path: PackageRoot.path + "/Boards/hub/hub.yaml", logger: HubFixtures.quietLogger)
        #expect(setup.hub.server.listen.isLoopback)
        for feed in setup.feeds {
            await feed.poll()
            #expect(feed.status.lastError == nil, "\(feed.id): \(feed.status.lastError ?? "")")
            #expect((feed.status.published?.count ?? 0) > 0, "\(feed.id)")
        }
    }
}
