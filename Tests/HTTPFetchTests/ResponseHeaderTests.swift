import HTTPFetch
import LoopbackHTTPServer
import Testing

/// Response headers and the pieces of a conditional GET, against the loopback server.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ResponseHeaderTests {
    @Test func headersAreCapturedAndLookedUpCaseInsensitively() async throws {
        try await withServer({ _ in
            .respond(status: 200, headers: [("ETag", "\"abc\""), ("X-Custom", "  spaced value  "), ("Last-Modified", "Mon, 23 Nov 2026 09:00:00 GMT")],
                     body: Array("ok".utf8))
        }) { server in
            let response = try #require(await fetch(HTTPRequest(url: server.baseURL + "/")).response)
            #expect(response.header("etag") == "\"abc\"")
            #expect(response.header("ETAG") == "\"abc\"")
            #expect(response.header("x-custom") == "spaced value")
            #expect(response.header("last-modified") == "Mon, 23 Nov 2026 09:00:00 GMT")
            #expect(response.header("Content-Length") == "2")
            #expect(response.header("Missing") == nil)
            #expect(!response.headers.contains { $0.name.hasPrefix("HTTP/") || $0.name.isEmpty })
        }
    }

    @Test func notModifiedIsAResponseNotARedirect() async throws {
        try await withServer({ request in
            request.header("If-None-Match") == "\"v1\""
                ? .respond(status: 304, headers: [("ETag", "\"v1\"")])
                : .respond(status: 200, headers: [("ETag", "\"v1\"")], body: Array("body".utf8))
        }) { server in
            let first = try #require(await fetch(HTTPRequest(url: server.baseURL + "/feed")).response)
            #expect(first.status == 200 && first.header("ETag") == "\"v1\"")

            let conditional = HTTPRequest(url: server.baseURL + "/feed",
                                          headers: [HTTPHeader(name: "If-None-Match", value: "\"v1\"")])
            let second = try #require(await fetch(conditional).response)
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
            #expect(second.header("etag") == "\"v1\"")
            #expect(server.requests.map(\.path) == ["/feed", "/feed"])
            #expect(server.requests[1].header("if-none-match") == "\"v1\"")
        }
    }

    @Test func afterARedirectTheHeadersAreTheLastHops() async throws {
        try await withServer({ request in
            request.path == "/old" ? .redirect(to: "/new") : .respond(status: 200, headers: [("ETag", "\"new\"")])
        }) { server in
            let response = try #require(await fetch(HTTPRequest(url: server.baseURL + "/old")).response)
            #expect(response.status == 200)
            #expect(response.header("ETag") == "\"new\"")
            #expect(response.header("Location") == nil)
        }
    }

    @Test func aCrossOriginRedirectDropsConditionalHeadersToo() async throws {
        let other = try LoopbackHTTPServer { _ in .respond(status: 200, headers: [("ETag", "\"there\"")]) }
        defer { other.stop() }
        try await withServer({ _ in .redirect(to: other.baseURL + "/landing") }) { server in
            let request = HTTPRequest(url: server.baseURL + "/", headers: [HTTPHeader(name: "If-None-Match", value: "\"x\"")])
            let response = try #require(await fetch(request).response)
            #expect(response.header("etag") == "\"there\"")
            #expect(other.requests.first?.header("If-None-Match") == nil)
        }
    }

    @Test func headerValuesStayOutOfDescriptions() {
        let response = HTTPResponse(status: 200, body: [], headers: [HTTPHeader(name: "Set-Cookie", value: "session=secret")])
        #expect(!"\(response.headers)".contains("secret"))
    }
}
