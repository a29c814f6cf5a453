@testable import HTTPFetch
import LoopbackHTTPServer
import Testing

/// Everything that talks to the loopback server runs serially so the fd count is stable.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoopbackTests {}

extension LoopbackTests {
    @Suite struct Responses {
        @Test func okWithBodyAndContentType() async throws {
            let json = #"{"departures":[]}"#
            try await withServer({ _ in .text(json, contentType: "application/json") }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/api/v1/stops/42/departures"))
                let response = try #require(result.response)
                #expect(response.status == 200)
                #expect(response.body == Array(json.utf8))
                #expect(response.contentType == "application/json")
                #expect(server.requests.first?.path == "/api/v1/stops/42/departures")
                #expect(server.requests.first?.method == "GET")
                #expect(server.requests.first?.header("User-Agent") == "departure-board")
            }
        }

        @Test("Error statuses are returned, not thrown", arguments: [404, 500])
        func errorStatusIsReturned(status: Int) async throws {
            try await withServer({ _ in .text("nope", status: status) }) { server in
                let response = try #require(await fetch(HTTPRequest(url: server.baseURL + "/x")).response)
                #expect(response.status == status)
                #expect(response.body == Array("nope".utf8))
            }
        }

        @Test func apiKeyHeaderArrives() async throws {
            try await withServer({ _ in .text("ok") }) { server in
                let request = HTTPRequest(
                    url: server.baseURL + "/", headers: [HTTPHeader(name: "X-Api-Key", value: "key-123456")])
                #expect(await fetch(request).response?.status == 200)
                #expect(server.requests.first?.header("x-api-key") == "key-123456")
            }
        }

        @Test func bodyOverCapWithContentLength() async throws {
            let body = [UInt8](repeating: 65, count: 5000)
            try await withServer({ _ in .respond(status: 200, body: body) }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/", limits: FetchLimits(maxResponseBytes: 4096)))
                #expect(result.error == .responseTooLarge(limit: 4096))
            }
        }

        @Test func bodyOverCapChunked() async throws {
            let body = [UInt8](repeating: 66, count: 20_000)
            try await withServer({ _ in .chunked(status: 200, body: body, chunkSize: 1000) }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/", limits: FetchLimits(maxResponseBytes: 4096)))
                #expect(result.error == .responseTooLarge(limit: 4096))
            }
        }

        @Test func bodyAtCapIsAccepted() async throws {
            let body = [UInt8](repeating: 67, count: 4096)
            try await withServer({ _ in .chunked(status: 200, body: body, chunkSize: 1000) }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/", limits: FetchLimits(maxResponseBytes: 4096)))
                #expect(result.response?.body == body)
            }
        }

        @Test func redirectsFollowedUpToLimit() async throws {
            try await withServer(hopHandler) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/hop/3", maxRedirects: 3))
                #expect(result.response?.status == 200)
                #expect(result.response?.body == Array("arrived".utf8))
                #expect(server.requests.map(\.path) == ["/hop/3", "/hop/2", "/hop/1", "/hop/0"])
            }
        }

        @Test func tooManyRedirectsFails() async throws {
            try await withServer(hopHandler) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/hop/4", maxRedirects: 3))
                let error = try #require(result.error)
                guard case .other(let message) = error else {
                    Issue.record("expected .other, got \(error)")
                    return
                }
                #expect(message.lowercased().contains("redirect"))
            }
        }

        @Test func unsupportedSchemeIsInvalidURL() async {
            // Refused before any connection is made.
            #expect(await fetch(HTTPRequest(url: "ftp://127.0.0.1/file")).error?.isInvalidURL == true)
            #expect(await fetch(HTTPRequest(url: "http://[::1")).error?.isInvalidURL == true)
        }

        /// A body makes a POST with its type and length; after a redirect only 307 and 308
        /// post it again, others fetch the new place with a GET (RFC 9110 §15.4).
        @Test func aPostSendsItsBodyAndARedirectDecidesWhetherAgain() async throws {
            let xml = Array("<Siri version=\"2.0\"/>".utf8)
            let body = HTTPRequest.Body(contentType: "text/xml", bytes: xml)
            try await withServer({ request in
                switch request.path {
                case "/see-other": .redirect(to: "/landing", status: 303)
                case "/temporary": .redirect(to: "/landing", status: 307)
                default: .text("ok")
                }
            }) { server in
                for path in ["/direct", "/see-other", "/temporary"] {
                    #expect(await fetch(HTTPRequest(url: server.baseURL + path, postBody: body)).response?.status == 200)
                }
                let seen = server.requests
                #expect(
                    seen.map { "\($0.method) \($0.path)" } == [
                        "POST /direct", "POST /see-other", "GET /landing", "POST /temporary", "POST /landing",
                    ])
                #expect(seen.map(\.body) == [xml, xml, [], xml, xml])
                #expect(seen[0].header("Content-Type") == "text/xml")
                #expect(seen[0].header("Content-Length") == "\(xml.count)")
                #expect(seen[2].header("Content-Length") == nil)
            }
        }
    }
}

/// "/hop/N" redirects to "/hop/N-1"; "/hop/0" answers.
@Sendable func hopHandler(_ request: RecordedRequest) -> Reply {
    guard let n = Int(request.path.split(separator: "/").last ?? ""), n > 0 else { return .text("arrived") }
    return .redirect(to: "/hop/\(n - 1)")
}

/// Headers (the API key) never follow a redirect to another origin.
struct RedirectHeaderTests {
    @Test func aCrossOriginRedirectDropsTheHeadersAndASameOriginOneKeepsThem() async throws {
        let other = try LoopbackHTTPServer { _ in .text("elsewhere") }
        defer { other.stop() }
        let first = try LoopbackHTTPServer { request in
            request.path == "/away"
                ? .redirect(to: other.baseURL + "/landing")
                : request.path == "/here" ? .redirect(to: "/final") : .text("home")
        }
        defer { first.stop() }
        let key = HTTPHeader(name: "X-API-Key", value: "s3cret-key")

        let away = try await HTTPFetchClient().get(HTTPRequest(url: first.baseURL + "/away", headers: [key]))
        #expect(away.status == 200)
        #expect(first.requests.first?.header("X-API-Key") == "s3cret-key")
        #expect(other.requests.map(\.path) == ["/landing"])
        #expect(other.requests.first?.header("X-API-Key") == nil, "the key stayed home")

        _ = try await HTTPFetchClient().get(HTTPRequest(url: first.baseURL + "/here", headers: [key]))
        #expect(first.requests.last?.path == "/final")
        #expect(first.requests.last?.header("X-API-Key") == "s3cret-key", "same origin keeps it")
    }

    @Test(arguments: [
        ("http://a.example/x", "http://a.example:80/y", true),
        ("https://a.example/x", "https://a.example:443", true),
        ("http://a.example/x", "https://a.example/x", false),
        ("http://127.0.0.1:8080/x", "http://127.0.0.1:8081/x", false),
        ("http://user@a.example/x", "http://a.example/y", true),
        ("http://a.example/x", "http://b.example/x", false),
    ])
    func origins(a: String, b: String, same: Bool) throws {
        #expect(try (HTTPURL(a).origin == HTTPURL(b).origin) == same)
    }
}
