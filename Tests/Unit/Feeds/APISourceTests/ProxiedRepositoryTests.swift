import APISource
import DeparturesCore
import HTTPFetch
import LoopbackHTTPServer
import Testing

/// The API source through a real proxy (tinyproxy, started and killed here), as a sign whose
/// environment names one fetches.
@Suite(.serialized)
struct ProxiedRepositoryTests {
    private func repository(_ server: LoopbackHTTPServer, environment: [String: String]) -> APIRepository {
        let key = APIKey(header: "X-API-Key", source: .environment("K"), environment: { _ in "s3cret-key" })
        return APIRepository(
            settings: .init(baseURL: server.baseURL, stopID: "200060", apiKey: key),
            client: HTTPFetchClient(proxy: ProxySettings(environment: ProxyEnvironment(environment))))
    }

    @Test func departuresComeThroughTheProxyTheEnvironmentNames() async throws {
        let server = try LoopbackHTTPServer { _ in .text(HTTPRepositoryTests.body, contentType: "application/json") }
        defer { server.stop() }
        let proxy = try TestProxy.start()
        defer { proxy.stop() }
        let departures = try await repository(server, environment: ["http_proxy": proxy.url]).departures()
        #expect(departures.map(\.tripID) == ["T1-1"])
        #expect(server.requests.first?.path == "/api/v1/stops/200060/departures")
        #expect(server.requests.first?.header("Via")?.contains("tinyproxy") == true, "the proxy carried it")
        #expect(server.requests.first?.header("X-API-Key") == "s3cret-key", "the key still reaches the API")
    }

    @Test func aProxyThatIsDownIsNoInternetConnection() async throws {
        let server = try LoopbackHTTPServer { _ in .text(HTTPRepositoryTests.body) }
        defer { server.stop() }
        let port = try LoopbackHTTPServer.closedPort()
        do {
            _ = try await repository(server, environment: ["http_proxy": "http://sign:hunter2@127.0.0.1:\(port)"]).departures()
            Issue.record("a request went around the proxy")
        } catch {
            #expect(error.userMessage == "No internet connection")
            #expect(error.description.contains("proxy 127.0.0.1:\(port) is unreachable"), "\(error)")
            #expect(!error.description.contains("hunter2"))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aProxyThatRefusesIsNamedInTheFailure() async throws {
        let server = try LoopbackHTTPServer { _ in .text(HTTPRepositoryTests.body) }
        defer { server.stop() }
        let proxy = try TestProxy.start(["Filter \"$DIR/deny\"", "FilterDefaultDeny Yes"], files: ["deny": "^nothing\\.example$\n"])
        defer { proxy.stop() }
        do {
            _ = try await repository(server, environment: ["http_proxy": proxy.url]).departures()
            Issue.record("a refusing proxy let the request through")
        } catch {
            #expect(error.userMessage == "Failed to load departures")
            #expect(
                error.description.contains(
                    "HTTP 403 from \(server.baseURL)/api/v1/stops/200060/departures "
                        + "through proxy \(proxy.hostAndPort)"), "\(error)")
        }
        #expect(server.requests.isEmpty)
    }
}
