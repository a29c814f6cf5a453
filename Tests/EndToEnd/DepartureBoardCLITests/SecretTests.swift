import Foundation
import LoopbackHTTPServer
import Testing

/// The API key reaches the API and nowhere else: not the logs, not error messages.
@Suite(.serialized)
struct SecretTests {
    static let key = "k3y-Sup3r-S3cret-0123456789"

    @Test(arguments: ["500", "garbage", "redirect", "slow"])
    func theKeyNeverAppearsInOutput(kind: String) async throws {
        let elsewhere = try LoopbackHTTPServer { _ in .text("{}", status: 401) }
        defer { elsewhere.stop() }
        let server = try LoopbackHTTPServer { _ in
            switch kind {
            case "500": return .text("boom \(Self.key)?", status: 500)
            case "garbage": return .text("<html>not json</html>")
            case "redirect": return .redirect(to: elsewhere.baseURL + "/x")
            default: return .delayed(.seconds(5), .text("late"))
            }
        }
        defer { server.stop() }
        let scratch = try ScratchDirectory()
        let board = try scratch.write(
            "api.yaml",
            """
            source:
              kind: api
              base_url: \(server.baseURL)
              stop_id: "200060"
              api_key_env: BOARD_TEST_KEY
              request_timeout: 200ms
            output:
              driver: ssd1306
            display: {width: 128, height: 64, format: mono}
            """)
        let render = try await CLI.run(
            ["render", "--board", board, "--output", scratch.path("state.json")],
            environment: ["BOARD_TEST_KEY": Self.key])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(!render.stderr.isEmpty, "the failure is reported")
        #expect(!render.stderr.contains(Self.key) && !render.stdout.contains(Self.key), "\(render.stderr)")
        #expect(!(try scratch.read("state.json")).contains(Self.key))
        #expect(server.requests.first?.header("X-API-Key") == Self.key, "the key did reach the API")
        if kind == "redirect" {
            #expect(elsewhere.requests.first?.header("X-API-Key") == nil, "but not the host it redirected to")
        }

        // The running board at the chattiest log level.
        let running = try RunSignalTests.RunningBoard(
            ["run", "--board", board, "--trace", scratch.path("trace.jsonl"), "--log-level", "trace"],
            scratch: scratch, environment: ["BOARD_TEST_KEY": Self.key])
        #expect(await running.waitUntil { running.log.contains("board started") && server.requests.count >= 2 })
        running.signal(SIGTERM)
        #expect(await running.exitStatus(within: 5) == 0)
        #expect(!running.log.contains(Self.key), "\(running.log)")
    }
}
