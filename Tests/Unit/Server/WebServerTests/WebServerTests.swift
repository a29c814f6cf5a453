#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPFetch
import Logging
import Testing
import WebMessages
import TestTiming
@testable import WebServer

/// Answers with the path.
struct EchoHandler: WebHandler {
    func respond(to request: WebRequest) async -> WebResponse {
        return .bytes(
            Array("path=\(request.path)".utf8), type: "text/plain", headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=5")])
    }
}

struct AccessTokenTests {
    let token = AccessToken("s3cret-token\n")!

    @Test func everyDocumentedFormIsAdmitted() {
        #expect(token.admits(WebRequest(path: "/", headers: ["authorization": "Bearer s3cret-token"])))
        // "any:s3cret-token" in base64: a browser's Basic prompt with the token as password.
        #expect(token.admits(WebRequest(path: "/", headers: ["authorization": "Basic YW55OnMzY3JldC10b2tlbg=="])))
        #expect(token.admits(WebRequest(path: "/", headers: ["x-api-key": "s3cret-token"])))
    }

    @Test func wrongMissingAndPrefixTokensAreRefused() {
        #expect(!token.admits(WebRequest(path: "/")))
        #expect(!token.admits(WebRequest(path: "/", headers: ["authorization": "Bearer s3cret"])))
        #expect(!token.admits(WebRequest(path: "/", headers: ["authorization": "Bearer s3cret-token-and-more"])))
        #expect(!token.admits(WebRequest(path: "/", headers: ["authorization": "Basic !!!"])))
        #expect(!token.admits(WebRequest(path: "/", headers: ["x-api-key": ""])))
    }

    @Test func anEmptySecretIsNoToken() {
        #expect(AccessToken("") == nil)
        #expect(AccessToken(" \n") == nil)
    }

    @Test func comparisonLooksAtEveryByte() {
        #expect(AccessToken.constantTimeEqual(Array("abc".utf8), Array("abc".utf8)))
        #expect(!AccessToken.constantTimeEqual(Array("abc".utf8), Array("abd".utf8)))
        #expect(!AccessToken.constantTimeEqual(Array("abc".utf8), Array("abcd".utf8)))
        #expect(!AccessToken.constantTimeEqual([], Array("a".utf8)))
    }
}

struct GuardTests {
    let responder = GuardedResponder(handler: EchoHandler(), settings: ServerSettings(host: "127.0.0.1", port: 0))

    @Test func onlyGetAndHeadAreServed() async {
        let post = await responder.guarded(WebRequest(method: "POST", path: "/"), declaredBody: 3, chunked: false)
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
        let head = await responder.guarded(WebRequest(method: "HEAD", path: "/"), declaredBody: nil, chunked: false)
        #expect(head.status == 200)
    }

    @Test func bodiesAreRefused() async {
        #expect(await responder.guarded(WebRequest(path: "/"), declaredBody: 1 << 20, chunked: false).status == 413)
        #expect(await responder.guarded(WebRequest(path: "/"), declaredBody: nil, chunked: true).status == 413)
    }

    @Test func ifNoneMatchFollowsRFC9110() {
        #expect(Preconditions.matches("\"v1\"", "\"v1\""))
        #expect(Preconditions.matches("W/\"v1\"", "\"v1\""))
        #expect(Preconditions.matches("\"x\", \"v1\"", "\"v1\""))
        #expect(Preconditions.matches("*", "\"v1\""))
        #expect(!Preconditions.matches("\"v2\"", "\"v1\""))
        #expect(Preconditions.matches("W/\"a, b\",\t\"v1\"", "\"v1\""), "a comma inside a tag, a tab between tags")
        #expect(!Preconditions.matches("\"a, \"v1\"\"", "\"v1\""), "read quote by quote, not split on commas")
        #expect(!Preconditions.matches("", "\"v1\""))
    }

    @Test func httpDatesInTheThreeFormsARecipientMustRead() {
        let seconds: Int64 = 784_111_777  // RFC 9110's example, 1994-11-06T08:49:37Z
        #expect(HTTPDate.format(unixSeconds: seconds) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == seconds)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == seconds)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == seconds)
        #expect(HTTPDate.parse(HTTPDate.format(unixSeconds: 1_795_386_600)) == 1_795_386_600)
        for bad in [
            "", "yesterday", "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 CET",
            "Sun, 06 Nov 1994 25:00:00 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT",
        ] {
            #expect(HTTPDate.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func everyResponseCarriesSafeHeaders() async {
        let response = await responder.guarded(WebRequest(path: "/missing"), declaredBody: nil, chunked: false)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Referrer-Policy") == "no-referrer")
    }
}

/// A real Hummingbird server on 127.0.0.1, asked by the project's HTTP client.
@Suite(.serialized)
struct RealServerTests {
    let client = HTTPFetchClient()

    func get(_ port: Int, _ path: String, _ headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        try await client.get(
            HTTPRequest(
                url: "http://127.0.0.1:\(port)\(path)", headers: headers,
                limits: FetchLimits(requestTimeout: .seconds(10), resourceTimeout: .seconds(20))))
    }

    @Test func aTokenGuardsEveryPathAndBasicAuthIsOffered() async throws {
        let server = try await WebServing.start(
            ServerSettings(host: "127.0.0.1", port: 0, token: AccessToken("t0ken")),
            handler: EchoHandler(), logger: Logger(label: "test"))
        let refused = try await get(server.port, "/status.json")
        #expect(refused.status == 401)
        #expect(refused.headers.contains { $0.name.lowercased() == "www-authenticate" && $0.value.hasPrefix("Basic realm=") })
        #expect(!String(decoding: refused.body, as: UTF8.self).contains("t0ken"), "no secret in a response")
        let admitted = try await get(server.port, "/status.json", [HTTPHeader(name: "Authorization", value: "Bearer t0ken")])
        #expect(admitted.status == 200)
        #expect(String(decoding: admitted.body, as: UTF8.self) == "path=/status.json")
        await server.stop()
    }

    @Test func aMatchingETagGets304WithoutABody() async throws {
        let server = try await WebServing.start(
            ServerSettings(host: "127.0.0.1", port: 0), handler: EchoHandler(), logger: Logger(label: "test"))
        let first = try await get(server.port, "/a")
        #expect(first.headers.first { $0.name.lowercased() == "etag" }?.value == "\"v1\"")
        let again = try await get(server.port, "/a", [HTTPHeader(name: "If-None-Match", value: "\"v1\"")])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers.contains { $0.name.lowercased() == "cache-control" && $0.value == "max-age=5" })
        await server.stop()
    }

    @Test func oversizedHeadersAreRefused() async throws {
        let server = try await WebServing.start(
            ServerSettings(host: "127.0.0.1", port: 0, maxHeaderBytes: 4096),
            handler: EchoHandler(), logger: Logger(label: "test"))
        let huge = HTTPHeader(name: "X-Filler", value: String(repeating: "a", count: 16 * 1024))
        let response = try? await get(server.port, "/", [huge])
        #expect(response == nil || response?.status != 200, "a 16 KiB header is over the 4 KiB limit")
        // The server survives it.
        #expect(try await get(server.port, "/").status == 200)
        await server.stop()
    }

    /// A client that starts a request and goes quiet is cut off by the idle timeout.
    @Test func aStalledRequestIsClosedAfterTheIdleTimeout() async throws {
        let server = try await WebServing.start(
            ServerSettings(host: "127.0.0.1", port: 0, idleTimeout: .seconds(1)),
            handler: EchoHandler(), logger: Logger(label: "test"))
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        let partial = Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)  // no blank line: never finished
        #expect(send(fd, partial, partial.count, 0) == partial.count)
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let clock = ContinuousClock()
        let start = clock.now
        var buffer = [UInt8](repeating: 0, count: 512)
        let received = recv(fd, &buffer, buffer.count, 0)
        #expect(received == 0, "the server closed the connection")
        #expect(clock.now - start < TestTiming.scaled(.seconds(15)), "well before the 20 s the test would wait")
        #expect(try await get(server.port, "/").status == 200, "and it still serves others")
        await server.stop()
    }

    /// One blocking GET on a raw socket; the status code, or nil.
    static func blockingGet(port: Int) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, 0) == request.count else { return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 12 else { return nil }
        return Int(String(decoding: buffer[9..<12], as: UTF8.self))
    }

    /// The server runs on its own thread: with every thread of Swift's shared pool blocked
    /// (a busy board, a busy test suite), it still answers at once.
    @Test func answersWhileTheSharedPoolIsBlocked() async throws {
        let server = try await WebServing.start(
            ServerSettings(host: "127.0.0.1", port: 0), handler: EchoHandler(), logger: Logger(label: "test"))
        let threads = ProcessInfo.processInfo.activeProcessorCount
        let port = server.port
        // Every pool thread but one sleeps; the last blocks in the request itself.
        let blockers = (1..<max(2, threads)).map { _ in Task.detached { _ = usleep(2_000_000) } }
        let answer = await Task.detached { () -> (Int?, Duration) in
            let clock = ContinuousClock()
            let start = clock.now
            let status = Self.blockingGet(port: port)
            return (status, clock.now - start)
        }.value
        for blocker in blockers { await blocker.value }
        #expect(answer.0 == 200)
        #expect(answer.1 < .milliseconds(1500), "answered in \(answer.1), not after the pool freed up")
        await server.stop()
    }

    @Test func aPortInUseIsAPlainError() async throws {
        let first = try await WebServing.start(
            ServerSettings(host: "127.0.0.1", port: 0), handler: EchoHandler(), logger: Logger(label: "test"))
        var settings = ServerSettings(host: "127.0.0.1", port: first.port)
        settings.maxConnections = 4
        do {
            let second = try await WebServing.start(settings, handler: EchoHandler(), logger: Logger(label: "test"))
            await second.stop()
            Issue.record("a second server bound the same port")
        } catch {
            #expect(error.description.contains("cannot listen on 127.0.0.1:\(first.port)"), "\(error)")
            #expect(error.description.lowercased().contains("in use"), "\(error)")
        }
        await first.stop()
    }
}
