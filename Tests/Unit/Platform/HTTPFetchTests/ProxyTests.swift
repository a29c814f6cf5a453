import Glibc
@testable import HTTPFetch
import LoopbackHTTPServer
import Testing

/// Through a real proxy: tinyproxy, started on 127.0.0.1 by each test with its own
/// configuration and killed after it (deploy/prepare.sh --tests installs it).
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ProxyTests {
    @Test func plainHTTPGoesToTheProxyInAbsoluteForm() async throws {
        try await withServer({ _ in .text("via proxy") }) { server in
            try await withProxy { proxy in
                let url = server.baseURL + "/api/v1/stops/1/departures?limit=3"
                let response = try await client(["http_proxy": proxy.url]).get(HTTPRequest(url: url))
                #expect(response.body == Array("via proxy".utf8))
                #expect(response.proxy == proxy.hostAndPort)
                #expect(server.requests.first?.path == "/api/v1/stops/1/departures?limit=3")
                #expect(server.requests.first?.header("Via")?.contains("tinyproxy") == true, "the proxy carried it")
                #expect(proxy.log.contains("Request (file descriptor"), "\(proxy.log)")
            }
        }
    }

    @Test func httpsGoesThroughACONNECTTunnelWithTLSEndToEnd() async throws {
        try await withTLSServer("good") { certificates, server in
            try await withProxy { proxy in
                let client = client(["https_proxy": proxy.url], trustStore: certificates.caFile)
                let byName = try await client.get(HTTPRequest(url: "https://localhost:\(server.port)/"))
                #expect(String(decoding: byName.body, as: UTF8.self) == "sni=localhost", "the server's name, checked and sent as SNI")
                #expect(byName.proxy == proxy.hostAndPort)
                let byAddress = try await client.get(HTTPRequest(url: "https://127.0.0.1:\(server.port)/close"))
                #expect(String(decoding: byAddress.body, as: UTF8.self) == "sni=None")
                #expect(proxy.log.contains("CONNECT localhost:\(server.port)"), "\(proxy.log)")
            }
        }
    }

    @Test func credentialsInTheProxyURLArePresented() async throws {
        try await withServer({ _ in .text("ok") }) { server in
            try await withProxy(["BasicAuth departure s3cret-pass"]) { proxy in
                let good = "http://departure:s3cret-pass@\(proxy.hostAndPort)"
                let response = try await client(["http_proxy": good]).get(HTTPRequest(url: server.baseURL + "/"))
                #expect(response.status == 200)
                #expect(server.requests.first?.header("Proxy-Authorization") == nil, "the proxy's credentials stop at the proxy")

                let none = await outcome(client(["http_proxy": proxy.url]), server.baseURL + "/")
                #expect(
                    none.error
                        == .connectionFailed(
                            "proxy \(proxy.hostAndPort) wants a user name and password "
                                + "(http://user:password@host:port): 407 Proxy Authentication Required"))
                // tinyproxy answers wrong credentials with 401, which only the proxy mark tells from the server's.
                let wrong = try await client(["http_proxy": "http://departure:wrong-pass@\(proxy.hostAndPort)"])
                    .get(HTTPRequest(url: server.baseURL + "/"))
                #expect(wrong.status == 401 && wrong.proxy == proxy.hostAndPort)
                #expect(server.requests.count == 1, "only the request with the right password arrived")
            }
        }
        try await withTLSServer("good") { certificates, server in
            try await withProxy(["BasicAuth departure s3cret-pass"]) { proxy in
                let good = "http://departure:s3cret-pass@\(proxy.hostAndPort)"
                let response = try await client(["https_proxy": good], trustStore: certificates.caFile)
                    .get(HTTPRequest(url: "https://localhost:\(server.port)/"))
                #expect(response.status == 200)
                let none = await outcome(
                    client(["https_proxy": proxy.url], trustStore: certificates.caFile),
                    "https://localhost:\(server.port)/")
                #expect(none.error?.description.contains("proxy \(proxy.hostAndPort) wants a user name and password") == true)
                let wrong = await outcome(
                    client(
                        ["https_proxy": "http://departure:wrong-pass@\(proxy.hostAndPort)"],
                        trustStore: certificates.caFile), "https://localhost:\(server.port)/")
                #expect(
                    wrong.error
                        == .connectionFailed(
                            "proxy \(proxy.hostAndPort) refused a tunnel to localhost:\(server.port): 401 Unauthorized"))
                #expect(wrong.error.map { !String(reflecting: $0).contains("wrong-pass") } == true)
            }
        }
    }

    @Test func aProxyThatRefusesIsNamed() async throws {
        // Tunnels to port 443 only: the test server's port is refused.
        try await withTLSServer("good") { certificates, server in
            try await withProxy(["ConnectPort 443"]) { proxy in
                let result = await outcome(
                    client(["https_proxy": proxy.url], trustStore: certificates.caFile),
                    "https://localhost:\(server.port)/")
                #expect(
                    result.error
                        == .connectionFailed(
                            "proxy \(proxy.hostAndPort) refused a tunnel to localhost:\(server.port): 403 Access violation"))
            }
        }
        // A deny rule for every host: plain http gets the proxy's own 403 as its answer, marked as the proxy's.
        try await withServer({ _ in .text("never") }) { server in
            try await withProxy(["Filter \"$DIR/deny\"", "FilterDefaultDeny Yes"], files: ["deny": "^nothing\\.example$\n"]) { proxy in
                let response = try await client(["http_proxy": proxy.url]).get(HTTPRequest(url: server.baseURL + "/"))
                #expect(response.status == 403)
                #expect(response.proxy == proxy.hostAndPort)
                #expect(server.requests.isEmpty, "the request stopped at the proxy")
            }
        }
    }

    @Test func aProxyThatIsDownIsOfflineAndNamedWithoutItsCredentials() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let environment = [
            "http_proxy": "http://departure:hunter2@127.0.0.1:\(port)",
            "https_proxy": "http://departure:hunter2@127.0.0.1:\(port)",
        ]
        for url in ["http://127.0.0.1:9/", "https://localhost:9/"] {
            let result = await outcome(client(environment), url)
            #expect(result.error == .offline("proxy 127.0.0.1:\(port) is unreachable: 127.0.0.1 port \(port): connection refused"))
            #expect(result.error.map { !String(reflecting: $0).contains("hunter2") } == true)
        }
    }

    @Test func noProxyHostsGoDirect() async throws {
        try await withServer({ _ in .text("ok") }) { server in
            // The named proxy is down: only a request that bypasses it can succeed.
            let down = "http://127.0.0.1:\(try LoopbackHTTPServer.closedPort())"
            for noProxy in ["127.0.0.1", "127.0.0.0/8", "*", "example.org, 127.0.0.1"] {
                let response = try await client(["http_proxy": down, "no_proxy": noProxy]).get(HTTPRequest(url: server.baseURL + "/"))
                #expect(response.status == 200 && response.proxy == nil, "\(noProxy)")
            }
            try await withProxy { proxy in
                let client = client(["http_proxy": proxy.url, "NO_PROXY": ".localhost"])
                _ = try await client.get(HTTPRequest(url: "http://localhost:\(server.port)/named"))
                _ = try await client.get(HTTPRequest(url: "http://127.0.0.1:\(server.port)/address"))
                let via = server.requests.suffix(2).map { $0.header("Via") != nil }
                #expect(via == [false, true], "a name entry bypasses the name only, not its address")
            }
        }
    }

    @Test func theProxyStartedIsKilled() throws {
        let proxy = try TestProxy.start()
        proxy.stop()
        #expect(kill(proxy.pid, 0) == -1 && errno == ESRCH)
    }

    // MARK: - Helpers

    private func client(_ environment: [String: String], trustStore: String? = nil) -> HTTPFetchClient {
        HTTPFetchClient(trustStore: trustStore, proxy: ProxySettings(environment: ProxyEnvironment(environment)))
    }

    private func withProxy(
        _ rules: [String] = [], files: [String: String] = [:], _ body: (TestProxy) async throws -> Void
    ) async throws {
        let proxy = try TestProxy.start(rules, files: files)
        defer { proxy.stop() }
        try await body(proxy)
    }
}
