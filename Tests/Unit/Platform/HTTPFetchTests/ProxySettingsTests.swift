@testable import HTTPFetch
import Testing

/// Which proxy a request takes, how the environment is read, and what goes on the wire: pure, no sockets.
struct ProxySettingsTests {
    private func proxy(_ settings: ProxySettings, _ url: String) throws -> String? {
        try settings.proxy(for: url)?.description
    }

    @Test func theEnvironmentIsReadAsCurlReadsIt() throws {
        // HTTP_PROXY is never read (a CGI server sets it from a request's Proxy: header).
        #expect(ProxyEnvironment(["HTTP_PROXY": "http://upper:1"]).httpProxy == nil)
        #expect(ProxyEnvironment(["http_proxy": "http://lower:1"]).httpProxy == "http://lower:1")
        // The others in either case, lower case first, even when it is empty.
        let both = ProxyEnvironment([
            "https_proxy": "http://lower:2", "HTTPS_PROXY": "http://upper:2",
            "no_proxy": "lower.example", "NO_PROXY": "upper.example",
        ])
        #expect(both.httpsProxy == "http://lower:2" && both.noProxy == "lower.example")
        let upper = ProxyEnvironment(["HTTPS_PROXY": "http://upper:2", "NO_PROXY": "upper.example"])
        #expect(upper.httpsProxy == "http://upper:2" && upper.noProxy == "upper.example")
        let emptyLower = ProxyEnvironment(["https_proxy": "", "HTTPS_PROXY": "http://upper:2"])
        #expect(try proxy(ProxySettings(environment: emptyLower), "https://api.example/") == nil)
        // all_proxy often names SOCKS, which this client cannot speak: not read.
        #expect(try proxy(ProxySettings(environment: ProxyEnvironment(["all_proxy": "socks5://s:1"])), "http://a/") == nil)
    }

    @Test func eachSchemeHasItsOwnVariable() throws {
        let settings = ProxySettings(
            environment: ProxyEnvironment(
                httpProxy: "http://plain.proxy:3128",
                httpsProxy: "secure.proxy:8080"))
        #expect(try proxy(settings, "http://api.example/x") == "plain.proxy:3128")
        #expect(try proxy(settings, "https://api.example/x") == "secure.proxy:8080", "no scheme: http:// is assumed")
        let onlyHTTPS = ProxySettings(environment: ProxyEnvironment(httpsProxy: "http://secure.proxy:8080"))
        #expect(try proxy(onlyHTTPS, "http://api.example/x") == nil)
        #expect(try proxy(.direct, "https://api.example/x") == nil)
    }

    @Test func aBoardsChoiceOverridesTheEnvironment() throws {
        let environment = ProxyEnvironment(
            httpProxy: "http://env.proxy:1", httpsProxy: "http://env.proxy:2",
            noProxy: "internal.example")
        let board = ProxySettings(choice: .server(try ProxyServer(url: "http://board.proxy:3128")), environment: environment)
        #expect(try proxy(board, "http://api.example/") == "board.proxy:3128")
        #expect(try proxy(board, "https://api.example/") == "board.proxy:3128")
        #expect(try proxy(board, "https://feeds.internal.example/") == nil, "no_proxy still applies, as with curl --proxy")
        let direct = ProxySettings(choice: .direct, environment: environment)
        #expect(try proxy(direct, "http://api.example/") == nil && proxy(direct, "https://api.example/") == nil)
        #expect(try proxy(ProxySettings(choice: nil, environment: environment), "http://api.example/") == "env.proxy:1")
    }

    @Test func proxyURLs() throws {
        #expect(try ProxyServer(url: "http://proxy.example").port == 1080, "curl's default proxy port")
        #expect(try ProxyServer(url: "proxy.example:3128/").description == "proxy.example:3128")
        #expect(try ProxyServer(url: " http://[fd00::1]:3128 ").description == "[fd00::1]:3128")
        #expect(try ProxyServer(url: "HTTP://Proxy:8080").host == "Proxy")
        for (text, message) in [
            (
                "https://proxy:443",
                "unsupported proxy scheme \"https\": only http:// proxies (TLS to the proxy is not supported; most proxies take http://)"
            ),
            ("socks5://user:pw@proxy:1080", "unsupported proxy scheme \"socks5\": only http:// proxies"),
            ("http://proxy:3128/path", "a proxy URL has no path or query"),
            ("http://user:pw@proxy:99999", "not a proxy URL: bad port"),
            ("http://", "not a proxy URL: no host"),
        ] {
            #expect(throws: HTTPFetchError.invalidURL(message)) { try ProxyServer(url: text) }
        }
    }

    @Test func aBadVariableFailsTheRequestsItWouldCarryAndNamesIt() {
        let settings = ProxySettings(environment: ProxyEnvironment(httpProxy: "socks5://user:hunter2@s:1"))
        #expect(throws: HTTPFetchError.invalidURL("http_proxy: unsupported proxy scheme \"socks5\": only http:// proxies")) {
            try settings.proxy(for: "http://api.example/")
        }
        #expect(throws: Never.self) { try settings.proxy(for: "https://api.example/") }
    }

    @Test func credentialsArePresentedButNeverPrinted() throws {
        let server = try ProxyServer(url: "http://Aladdin:open%20sesame@proxy:3128")
        #expect(server.authorization?.value == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        for text in [
            String(describing: server), String(reflecting: server), "\(server)",
            String(describing: ProxySettings(choice: .server(server), environment: ProxyEnvironment())),
            String(reflecting: ProxySettings(choice: .server(server), environment: ProxyEnvironment())),
        ] {
            #expect(!text.contains("sesame") && !text.contains("QWxhZGRp") && !text.contains("Aladdin"), "\(text)")
        }
        #expect(try server.hasCredentials && !ProxyServer(url: "proxy:3128").hasCredentials)
    }

    @Test func noProxyMatchesAsCurlDoes() {
        let list = NoProxyList(" localhost, .internal.example,example.org ,10.0.0.0/8, 192.168.1.7, fd00::/8, [::1] ,")
        for host in [
            "localhost", "LOCALHOST", "internal.example", "a.internal.example", "example.org", "www.example.org",
            "example.org.", "10.1.2.3", "192.168.1.7", "fd00::5", "::1",
        ] {
            #expect(list.contains(host), "\(host)")
        }
        for host in [
            "nonexample.org", "example.org.evil", "internal.example.com", "11.0.0.1", "192.168.1.8", "fe80::1",
            "127.0.0.1", "localhost.localdomain.evil",
        ] {
            #expect(!list.contains(host), "\(host)")
        }
        #expect(NoProxyList("*").contains("anything.example") && NoProxyList(" * ").contains("10.0.0.1"))
        #expect(!NoProxyList("").contains("a") && !NoProxyList(nil).contains("a") && !NoProxyList(",,.,").contains("a"))
        #expect(NoProxyList("0.0.0.0/0").contains("8.8.8.8") && !NoProxyList("10.0.0.0/33").contains("10.0.0.1"))
        #expect(!NoProxyList("10.0.0.0/8").contains("ten.example"), "addresses match addresses only")
    }

    @Test func throughAProxyPlainHTTPGoesInAbsoluteFormAndHTTPSAsksForATunnel() throws {
        let proxy = try ProxyServer(url: "http://u:p@proxy:3128")
        let plain = try HTTPURL("http://user:pw@api.example:8080/v1/x?y=1#f")
        let head = String(decoding: RequestHead.bytes(for: plain, headers: [], proxy: proxy), as: UTF8.self)
        #expect(head.hasPrefix("GET http://api.example:8080/v1/x?y=1 HTTP/1.1\r\nHost: api.example:8080\r\n"), "\(head)")
        #expect(head.contains("\r\nProxy-Authorization: Basic dTpw\r\n"))
        #expect(head.contains("\r\nAuthorization: Basic dXNlcjpwdw==\r\n"), "the server's own credentials still go")

        let tunnel = String(decoding: RequestHead.connect(to: try HTTPURL("https://[::1]/feed"), through: proxy), as: UTF8.self)
        #expect(
            tunnel == "CONNECT [::1]:443 HTTP/1.1\r\nHost: [::1]:443\r\nUser-Agent: departure-board\r\n"
                + "Proxy-Authorization: Basic dTpw\r\n\r\n")
        let direct = String(decoding: RequestHead.bytes(for: plain, headers: []), as: UTF8.self)
        #expect(direct.hasPrefix("GET /v1/x?y=1 HTTP/1.1\r\n") && !direct.contains("Proxy-Authorization"))
    }

    @Test func a407IsAboutTheProxysCredentials() throws {
        let head = try ResponseHead(statusLine: Array("HTTP/1.1 407 Proxy Authentication Required".utf8)[...])
        let withCredentials = try ProxyServer(url: "http://user:hunter2@proxy:3128")
        #expect(
            ProxyTunnel.refusal(head, by: withCredentials, tunnelTo: nil)
                == .connectionFailed(
                    "proxy proxy:3128 refused the user name and password in its URL: 407 Proxy Authentication Required"))
        #expect(
            ProxyTunnel.refusal(head, by: try ProxyServer(url: "proxy:3128"), tunnelTo: nil)
                == .connectionFailed(
                    "proxy proxy:3128 wants a user name and password (http://user:password@host:port): 407 Proxy Authentication Required"))
    }

    @Test func aDownProxyIsOfflineAndNamedWithoutItsCredentials() throws {
        let proxy = try ProxyServer(url: "http://user:hunter2@127.0.0.1:9")
        let error = ProxyTunnel.unreachable(proxy, .connectionFailed("127.0.0.1 port 9: connection refused"))
        #expect(error == .offline("proxy 127.0.0.1:9 is unreachable: 127.0.0.1 port 9: connection refused"))
        #expect(ProxyTunnel.unreachable(proxy, .timedOut("t")) == .timedOut("proxy 127.0.0.1:9: t"))
        #expect(ProxyTunnel.unreachable(proxy, .cancelled) == .cancelled)
    }
}
