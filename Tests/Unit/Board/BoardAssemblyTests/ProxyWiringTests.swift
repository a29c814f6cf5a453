import SourceAssembly
import BoardConfig
import HTTPFetch
import Testing

/// The board's client: its `proxy:` over the environment the program read, and what
/// `validate` warns about a proxy variable that cannot work.
struct ProxyWiringTests {
    private func setup(_ proxy: ProxyChoice?, _ environment: ProxyEnvironment) throws -> BoardSetup {
        let source = SourceSettings(.api(APISourceSettings(baseURL: "https://api.example.org", stopID: "1"), FetchSettings(proxy: proxy)))
        let board = BoardFile(
            path: "b.yaml", name: "b", timezone: "Australia/Sydney", source: source,
            departures: DepartureSettings())
        return try BoardSetup(board: board, proxyEnvironment: environment)
    }

    @Test func theBoardsProxyWinsOverTheEnvironment() throws {
        let environment = ProxyEnvironment(["https_proxy": "http://env.proxy:3128"])
        let url = "https://api.example.org/api/v1/stops/1/departures"
        #expect(try setup(nil, environment).httpClient.proxy.proxy(for: url)?.description == "env.proxy:3128")
        let named = try setup(.server(ProxyServer(url: "http://board.proxy:8080")), environment)
        #expect(try named.httpClient.proxy.proxy(for: url)?.description == "board.proxy:8080")
        #expect(try setup(.direct, environment).httpClient.proxy.proxy(for: url) == nil)
        #expect(try setup(nil, ProxyEnvironment()).httpClient.proxy.proxy(for: url) == nil, "no variables: direct")
    }

    @Test func validateWarnsOfAProxyVariableThatCannotWork() throws {
        let socks = ProxyEnvironment(["https_proxy": "socks5://sign:hunter2@proxy:1080"])
        #expect(
            SourcePreflight.proxyWarnings(try setup(nil, socks))
                == [
                    "b.yaml: https_proxy: unsupported proxy scheme \"socks5\": only http:// proxies "
                        + "(this shell's environment; the service's may differ)"
                ])
        #expect(SourcePreflight.proxyWarnings(try setup(.direct, socks)).isEmpty, "proxy: none never reads it")
        #expect(
            SourcePreflight.proxyWarnings(try setup(nil, ProxyEnvironment(["http_proxy": "socks5://p:1"]))).isEmpty,
            "an https source never uses http_proxy")
    }
}
