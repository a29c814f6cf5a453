import Foundation
import LoopbackHTTPServer
import Testing

/// A sign's fetch goes through the proxy its environment names (tinyproxy, started and killed
/// here), and the board's own `proxy:` overrides the environment.
@Suite(.serialized)
struct ProxyRenderTests {
    static let departures = """
        {"data": [{"trip_id": "T1-1", "route_short_name": "T1", "headsign": "Emu Plains",
          "scheduled_time_secs": 34200, "realtime_time_secs": 34320, "delay_s": 120, "realtime": true}]}
        """

    private func render(proxyLine: String, environment: [String: String], server: LoopbackHTTPServer) async throws -> CLIRun {
        let scratch = try ScratchDirectory()
        let board = try scratch.write(
            "api.yaml",
            """
            timezone: Australia/Sydney
            source:
              kind: api
              base_url: \(server.baseURL)
              stop_id: "200060"
            \(proxyLine)
            """)
        // no_proxy set (and empty) so the runner's own environment cannot send 127.0.0.1 around the proxy.
        return try await CLI.run(
            ["render", "--board", board, "--now", RenderTests.now, "--output", scratch.path("state.json")],
            environment: ["no_proxy": ""].merging(environment) { $1 })
    }

    @Test func renderFetchesThroughTheProxyTheEnvironmentNames() async throws {
        let server = try LoopbackHTTPServer { _ in .text(Self.departures, contentType: "application/json") }
        defer { server.stop() }
        let proxy = try TestProxy.start()
        defer { proxy.stop() }

        let viaEnvironment = try await render(proxyLine: "", environment: ["http_proxy": proxy.url], server: server)
        #expect(viaEnvironment.status == 0 && viaEnvironment.stderr.isEmpty, "\(viaEnvironment.stderr)")
        #expect(server.requests.last?.header("Via")?.contains("tinyproxy") == true, "the environment's proxy carried it")

        let direct = try await render(proxyLine: "  proxy: none", environment: ["http_proxy": proxy.url], server: server)
        #expect(direct.status == 0 && direct.stderr.isEmpty, "\(direct.stderr)")
        #expect(server.requests.count == 2 && server.requests.last?.header("Via") == nil, "proxy: none goes direct")

        let named = try await render(proxyLine: "  proxy: \(proxy.url)", environment: [:], server: server)
        #expect(named.status == 0 && named.stderr.isEmpty, "\(named.stderr)")
        #expect(
            server.requests.count == 3 && server.requests.last?.header("Via")?.contains("tinyproxy") == true,
            "the board's own proxy")
    }

    @Test func aDownProxyIsReportedByItsAddressOnly() async throws {
        let server = try LoopbackHTTPServer { _ in .text(Self.departures) }
        defer { server.stop() }
        let port = try LoopbackHTTPServer.closedPort()
        let run = try await render(proxyLine: "", environment: ["http_proxy": "http://sign:hunter2@127.0.0.1:\(port)"], server: server)
        #expect(run.status == 0, "a fetch that fails still renders the board's failure state")
        #expect(run.stderr.contains("proxy 127.0.0.1:\(port) is unreachable"), "\(run.stderr)")
        #expect(!run.stderr.contains("hunter2"))
        #expect(server.requests.isEmpty)
    }
}
