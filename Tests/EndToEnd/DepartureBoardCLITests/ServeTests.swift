import Foundation
import LoopbackHTTPServer
import Testing

/// `serve` against the real binary: the hub answers the departures API, a sign rendering
/// from it shows what the source shows, and bad hub files stop it with their exit codes.
@Suite(.serialized)
struct ServeTests {
    static let now = "2026-11-23T09:30:00+11:00"
    static let departures = """
        {"data":[
         {"trip_id":"T1-57","route_short_name":"T1","headsign":"Emu Plains","scheduled_time_secs":34380,
          "realtime_time_secs":34500,"delay_s":120,"realtime":true},
         {"trip_id":"T9-12","route_short_name":"T9","headsign":"Hornsby","scheduled_time_secs":34860,
          "realtime_time_secs":34860,"delay_s":0,"realtime":false,"platform":"18"}]}
        """

    /// The port from `hub serving N stops at http://127.0.0.1:PORT/`.
    static func port(in log: String) -> Int? {
        guard let range = log.range(of: "at http://127.0.0.1:") else { return nil }
        return Int(log[range.upperBound...].prefix { $0.isNumber })
    }

    @Test func aSignRenderingFromTheHubShowsWhatTheSourceShows() async throws {
        let scratch = try ScratchDirectory()
        let departures = try scratch.write("departures.json", Self.departures)
        let hubFile = try scratch.write(
            "hub.yaml",
            """
            listen: 127.0.0.1:0
            stops:
              - id: central
                source: {kind: file, path: departures.json}
            """)
        let hub = try RunSignalTests.RunningBoard(["serve", hubFile], scratch: scratch)
        #expect(await hub.waitUntil { Self.port(in: hub.log) != nil }, "\(hub.log)")
        let port = try #require(Self.port(in: hub.log))
        #expect(hub.log.contains("hub serving 1 stop at http://127.0.0.1:\(port)/"), "\(hub.log)")

        let direct = try await CLI.run(["render", "--departures", departures, "--now", Self.now, "--output", scratch.path("direct.json")])
        #expect(direct.status == 0, "\(direct.stderr)")
        var viaHub = try await CLI.run([
            "render", "--api-base", "http://127.0.0.1:\(port)", "--stop", "central",
            "--now", Self.now, "--output", scratch.path("hub.json"),
        ])
        for _ in 0..<100 where viaHub.stderr.contains("warning") {  // until the hub's first poll lands
            try await Task.sleep(for: .milliseconds(50))
            viaHub = try await CLI.run([
                "render", "--api-base", "http://127.0.0.1:\(port)", "--stop", "central",
                "--now", Self.now, "--output", scratch.path("hub.json"),
            ])
        }
        #expect(viaHub.status == 0 && viaHub.stderr.isEmpty, "\(viaHub.stderr)")
        let expected = try scratch.read("direct.json")
        #expect(expected.contains(#""route":"T1""#) && expected.contains(#""route":"T9""#))
        #expect(try scratch.read("hub.json") == expected)

        let unknown = try await CLI.run([
            "render", "--api-base", "http://127.0.0.1:\(port)", "--stop", "wynyard",
            "--now", Self.now, "--output", scratch.path("unknown.json"),
        ])
        #expect(unknown.stderr.contains("HTTP 404"), "\(unknown.stderr)")
        #expect(hub.process.isRunning, "an unknown stop is an answer, never a crash")

        hub.signal(SIGTERM)
        #expect(await hub.exitStatus(within: 10) == 0, "\(hub.log)")
        #expect(hub.log.contains("info: stopping signal=terminate"), "\(hub.log)")
    }

    @Test func theExampleSignReadsTheExampleHub() async throws {
        let scratch = try ScratchDirectory()
        let example = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Boards/hub/hub.yaml"), encoding: .utf8)
        // The example's port may be taken on a shared machine; the copy asks for a free one.
        let hubFile = try scratch.write("hub.yaml", example.replacingOccurrences(of: "127.0.0.1:8090", with: "127.0.0.1:0"))
        try scratch.write(
            "saved-departures.json",
            String(contentsOf: CLI.packageRoot.appendingPathComponent("Boards/hub/saved-departures.json"), encoding: .utf8))
        let hub = try RunSignalTests.RunningBoard(["serve", hubFile], scratch: scratch)
        #expect(await hub.waitUntil { Self.port(in: hub.log) != nil }, "\(hub.log)")
        let port = try #require(Self.port(in: hub.log))
        let sign = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Boards/hub/sign.yaml"), encoding: .utf8)
        let signFile = try scratch.write("sign.yaml", sign.replacingOccurrences(of: "127.0.0.1:8090", with: "127.0.0.1:\(port)"))
        var render = try await CLI.run(["render", "--board", signFile, "--output", scratch.path("sign.txt")])
        for _ in 0..<100 where render.stderr.contains("warning") {
            try await Task.sleep(for: .milliseconds(50))
            render = try await CLI.run(["render", "--board", signFile, "--output", scratch.path("sign.txt")])
        }
        #expect(render.status == 0 && render.stderr.isEmpty, "\(render.stderr)")
        #expect(try scratch.read("sign.txt").split(separator: "\n").count >= 3, "the demo stop's rows")
        hub.signal(SIGINT)
        #expect(await hub.exitStatus(within: 10) == 0, "\(hub.log)")
    }

    @Test func aBadHubFileExits78NamingLineAndKey() async throws {
        let scratch = try ScratchDirectory()
        let hubFile = try scratch.write(
            "hub.yaml",
            """
            stops:
              - id: central
                source: {kind: demo}
              - id: central
                source: {kind: demo}
            """)
        let run = try await CLI.run(["serve", hubFile])
        #expect(run.status == 78)
        #expect(run.stderr == "departure-board: error: \(hubFile):4:9: stops[1].id: duplicate stop id 'central': already used on line 2\n")
    }

    @Test func aMissingTokenExits78NamingTheVariable() async throws {
        let scratch = try ScratchDirectory()
        let hubFile = try scratch.write(
            "hub.yaml",
            """
            listen: 0.0.0.0:0
            token_env: DEPARTURE_HUB_TOKEN_THAT_IS_NOT_SET
            stops: [{id: central, source: {kind: demo}}]
            """)
        let run = try await CLI.run(["serve", hubFile])
        #expect(run.status == 78)
        #expect(
            run.stderr.contains("\(hubFile): token_env: environment variable DEPARTURE_HUB_TOKEN_THAT_IS_NOT_SET is not set"),
            "\(run.stderr)")
    }

    @Test func aPortInUseExits74() async throws {
        let taken = try LoopbackHTTPServer { _ in .text("busy") }
        defer { taken.stop() }
        let scratch = try ScratchDirectory()
        let hubFile = try scratch.write("hub.yaml", "listen: 127.0.0.1:\(taken.port)\nstops: [{id: central, source: {kind: demo}}]\n")
        let run = try await CLI.run(["serve", hubFile])
        #expect(run.status == 74)
        #expect(run.stderr.contains("\(hubFile): listen: cannot listen on 127.0.0.1:\(taken.port)"), "\(run.stderr)")
    }
}
