@testable import BoardConfig
import HTTPFetch
import Testing

/// `source.proxy`: absent (the environment decides), none or empty (direct), or one http:// proxy.
@Suite struct ProxyKeyTests {
    /// The source's fetch keys, where `proxy` sits.
    private func source(_ proxyLine: String, kind: String = "api") throws -> FetchSettings {
        let keys = kind == "api" ? "  base_url: https://api.example.org\n  stop_id: \"1\"\n" : "  stop_id: \"1\"\n"
        return try #require(try loader.parse("source:\n  kind: \(kind)\n\(keys)\(proxyLine)", path: "p.yaml").source.fetch)
    }

    @Test func absentLeavesItToTheEnvironment() throws {
        #expect(try source("").proxy == nil)
    }

    @Test(
        "none, or nothing at all, means direct",
        arguments: [
            "  proxy: none\n", "  proxy: NONE\n", "  proxy:\n",
            "  proxy: \"\"\n", "  proxy: # no proxy here\n",
        ])
    func direct(_ line: String) throws {
        #expect(try source(line).proxy == .direct)
    }

    @Test func aProxyURLIsParsedByTheClientsOwnParser() throws {
        let proxy = try source("  proxy: http://sign:hunter2@proxy.example:3128\n").proxy
        guard case .server(let server) = proxy else {
            Issue.record("expected a proxy server, got \(String(describing: proxy))")
            return
        }
        #expect(server.description == "proxy.example:3128" && server.hasCredentials)
        #expect(try source("  proxy: proxy.example\n", kind: "gtfs").proxy == .server(ProxyServer(url: "http://proxy.example:1080")))
    }

    @Test func aBadProxyIsLocatedAndItsPasswordNeverRepeated() throws {
        let error = boardError { () throws(BoardFileError) in
            try loader.parse(
                "source:\n  kind: api\n  base_url: https://a.example\n  stop_id: \"1\"\n"
                    + "  proxy: https://sign:hunter2@proxy.example:3128\n", path: "p.yaml")
        }
        #expect(
            error?.description == "p.yaml:5:10: source.proxy: expected an http:// proxy URL (http://[user:password@]host[:port]) "
                + "or none; unsupported proxy scheme \"https\": only http:// proxies (TLS to the proxy is not supported; most proxies take http://)"
        )
        let board = try loader.parse(
            "source:\n  kind: api\n  base_url: https://a.example\n  stop_id: \"1\"\n"
                + "  proxy: http://sign:hunter2@proxy.example:3128\n", path: "p.yaml")
        #expect(!String(reflecting: board).contains("hunter2"), "a board printed whole keeps the password out")
    }
}
