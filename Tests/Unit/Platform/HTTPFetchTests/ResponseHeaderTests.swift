import HTTPFetch
import LoopbackHTTPServer
import Testing

/// Response headers and the pieces of a conditional GET, against the loopback server.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ResponseHeaderTests {
    @Test func headersAreCapturedAndLookedUpCaseInsensitively() async throws {
        try await withServer({ _ in
            .respond(
                status: 200,
                headers: [("ETag", "\"abc\""), ("X-Custom", "  spaced value  "), ("Last-Modified", "Mon, 23 Nov 2026 09:00:00 GMT")],
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

            let conditional = HTTPRequest(
                url: server.baseURL + "/feed",
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

    /// A 304 ends at its blank line whatever Content-Length says (RFC 9110 §8.6, RFC 9112
    /// §6.3): the server below declares 1234 bytes, sends none and keeps the connection open,
    /// so a client waiting for them would time out.
    @Test func a304HasNoBodyWhateverItsContentLengthSays() async throws {
        let head = "HTTP/1.1 304 Not Modified\r\nETag: W/\"v1\"\r\nContent-Length: 1234\r\nCache-Control: max-age=5\r\n\r\n"
        try await withServer({ _ in .rawThenStall(Array(head.utf8), stall: .seconds(20)) }) { server in
            let started = ContinuousClock.now
            let request = HTTPRequest(
                url: server.baseURL + "/", limits: FetchLimits(requestTimeout: .seconds(10), resourceTimeout: .seconds(15)))
            let response = try #require(await fetch(request).response)
            #expect(ContinuousClock.now - started < .seconds(5))
            #expect(response.status == 304)
            #expect(response.body.isEmpty)
            #expect(HTTPValidators(of: response) == HTTPValidators(etag: "W/\"v1\""))
        }
    }

    @Test func validatorsGoBackAsGivenAndA304UpdatesThem() {
        let answer = HTTPResponse(
            status: 200, body: [],
            headers: [
                HTTPHeader(name: "etag", value: "W/\"a, b\""), HTTPHeader(name: "Last-Modified", value: "Mon, 23 Nov 2026 09:00:00 GMT"),
            ])
        let kept = HTTPValidators(of: answer)
        #expect(
            kept.conditionalHeaders == [
                HTTPHeader(name: "If-None-Match", value: "W/\"a, b\""),
                HTTPHeader(name: "If-Modified-Since", value: "Mon, 23 Nov 2026 09:00:00 GMT"),
            ])
        let newTag = HTTPResponse(status: 304, body: [], headers: [HTTPHeader(name: "ETag", value: "\"c\"")])
        #expect(kept.updated(by: newTag) == HTTPValidators(etag: "\"c\"", lastModified: "Mon, 23 Nov 2026 09:00:00 GMT"))
        #expect(kept.updated(by: HTTPResponse(status: 304, body: [])) == kept)
        #expect(HTTPValidators(of: HTTPResponse(status: 200, body: [])).isEmpty)
        #expect(HTTPValidators().conditionalHeaders.isEmpty)
    }

    @Test(arguments: [
        ("no-store", true), ("private, No-Store", true), ("max-age=0,no-store", true),
        ("no-cache", false), ("no-storage", false), ("public, max-age=30", false),
    ])
    func noStoreIsReadFromCacheControl(value: String, forbids: Bool) {
        let response = HTTPResponse(status: 200, body: [], headers: [HTTPHeader(name: "Cache-Control", value: value)])
        #expect(response.forbidsStoring == forbids)
    }

    @Test func headerValuesStayOutOfDescriptions() {
        let response = HTTPResponse(status: 200, body: [], headers: [HTTPHeader(name: "Set-Cookie", value: "session=secret")])
        #expect(!"\(response.headers)".contains("secret"))
    }
}
