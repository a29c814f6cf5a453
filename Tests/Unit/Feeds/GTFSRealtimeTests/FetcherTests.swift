import DeparturesCore
import Foundation
import GTFSRealtime
import HTTPFetch
import LoopbackHTTPServer
import Locking
import Testing
import TestTiming
import SwiftProtobuf

/// TripUpdatesFetcher against a real server on 127.0.0.1.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct FetcherTests {
    static let feed = RT.feed([RT.trip("t1", stops: [RT.stop(seq: 5, departure: RT.event(delay: 120))])])
    static let protobuf = "application/x-protobuf"

    static func withServer<T>(
        _ handler: @escaping @Sendable (RecordedRequest) -> Reply,
        _ body: (LoopbackHTTPServer) async throws -> T
    ) async throws -> T {
        let server = try LoopbackHTTPServer(handler: handler)
        defer { server.stop() }
        return try await body(server)
    }

    static func outcome(_ fetcher: TripUpdatesFetcher) async -> Result<FetchedFeed, DeparturesError> {
        do { return .success(try await fetcher.fetch()) } catch { return .failure(error) }
    }

    static func failure(_ fetcher: TripUpdatesFetcher) async throws -> DeparturesError {
        guard case .failure(let error) = await outcome(fetcher) else {
            Issue.record("expected a failure")
            throw CancellationError()
        }
        return error
    }

    @Test func decodesTheFeed() async throws {
        try await Self.withServer({ _ in .respond(status: 200, headers: [("Content-Type", Self.protobuf)], body: RT.bytes(Self.feed)) }) {
            server in
            let fetcher = TripUpdatesFetcher(settings: .init(url: server.baseURL + "/tripupdates"))
            let fetched = try await fetcher.fetch()
            #expect(fetched.feed == Self.feed)
            #expect(!fetched.notModified)
            #expect(server.requests.first?.path == "/tripupdates")
            #expect(server.requests.first?.header("Accept")?.contains("application/x-protobuf") == true)
            #expect(server.requests.first?.header("If-None-Match") == nil)
            // And the decoded feed applies.
            let result = RT.apply([RT.row("t1", at: RT.secs(9, 40))], fetched.feed)
            #expect(result.departures.first?.delaySeconds == 120)
        }
    }

    @Test func etagMakesTheNextRequestConditionalAnd304ReusesTheFeed() async throws {
        let etag = "\"v1-abc\""
        try await Self.withServer({ request in
            request.header("if-none-match") == etag
                ? .respond(status: 304, headers: [("ETag", etag)])
                : .respond(status: 200, headers: [("ETag", etag), ("Content-Type", Self.protobuf)], body: RT.bytes(Self.feed))
        }) { server in
            let fetcher = TripUpdatesFetcher(settings: .init(url: server.baseURL + "/tu"))
            let first = try await fetcher.fetch()
            #expect(!first.notModified && first.etag == etag)
            let second = try await fetcher.fetch()
            #expect(second.notModified)
            #expect(second.feed == Self.feed)
            #expect(server.requests.count == 2)
            #expect(server.requests[1].header("If-None-Match") == etag)
            #expect(server.requests[1].header("If-Modified-Since") == nil)
        }
    }

    @Test func lastModifiedMakesTheNextRequestConditionalAnd304ReusesTheFeed() async throws {
        let stamp = "Mon, 23 Nov 2026 09:29:30 GMT"
        try await Self.withServer({ request in
            request.header("If-Modified-Since") == stamp
                ? .respond(status: 304)
                : .respond(status: 200, headers: [("Last-Modified", stamp)], body: RT.bytes(Self.feed))
        }) { server in
            let fetcher = TripUpdatesFetcher(settings: .init(url: server.baseURL + "/tu"))
            #expect(try await fetcher.fetch().lastModified == stamp)
            let second = try await fetcher.fetch()
            #expect(second.notModified && second.feed == Self.feed && second.lastModified == stamp)
            #expect(server.requests[1].header("if-modified-since") == stamp)
            #expect(server.requests[1].header("If-None-Match") == nil)
        }
    }

    @Test func aNewVersionReplacesTheRememberedFeed() async throws {
        let newer = RT.feed([RT.trip("t1", .canceled)])
        let served = Locked(0)
        try await Self.withServer({ request in
            let count = served.withLock { n in
                n += 1; return n
            }
            if count == 1 { return .respond(status: 200, headers: [("ETag", "\"a\"")], body: RT.bytes(Self.feed)) }
            return .respond(status: 200, headers: [("ETag", "\"b\"")], body: RT.bytes(newer))
        }) { server in
            let fetcher = TripUpdatesFetcher(settings: .init(url: server.baseURL + "/tu"))
            _ = try await fetcher.fetch()
            let second = try await fetcher.fetch()
            #expect(!second.notModified && second.feed == newer && second.etag == "\"b\"")
            #expect(server.requests[1].header("If-None-Match") == "\"a\"")
            await fetcher.forget()
            _ = try await fetcher.fetch()
            #expect(server.requests[2].header("If-None-Match") == nil)
        }
    }

    @Test func a304WithoutARememberedFeedIsAnError() async throws {
        try await Self.withServer({ _ in .respond(status: 304) }) { server in
            let error = try await Self.failure(TripUpdatesFetcher(settings: .init(url: server.baseURL + "/tu")))
            #expect(error.description.contains("304"))
        }
    }

    @Test(arguments: [
        ("<html><body>Service unavailable</body></html>", "text/html"),
        ("garbage \u{1}\u{2}\u{3}", "application/octet-stream"),
    ])
    func garbageBodyIsAClearError(body: String, contentType: String) async throws {
        try await Self.withServer({ _ in .text(body, contentType: contentType) }) { server in
            let url = server.baseURL + "/tu"
            let error = try await Self.failure(TripUpdatesFetcher(settings: .init(url: url)))
            guard case .failed(let detail) = error else { Issue.record("\(error)"); return }
            #expect(detail.contains(url))
            #expect(detail.contains("not a valid protobuf FeedMessage"))
            #expect(detail.contains(contentType))
            #expect(error.userMessage == "Failed to load departures")
        }
    }

    @Test func emptyBodyAndMissingHeaderAreErrors() async throws {
        var headerless = TransitRealtime_FeedMessage()
        headerless.entity = Self.feed.entity
        let partial: [UInt8] = try headerless.serializedBytes(partial: true)
        try await Self.withServer({ request in
            request.path == "/empty" ? .respond(status: 200) : .respond(status: 200, body: partial)
        }) { server in
            let empty = try await Self.failure(TripUpdatesFetcher(settings: .init(url: server.baseURL + "/empty")))
            #expect(empty.description.contains("empty body"))
            let missing = try await Self.failure(TripUpdatesFetcher(settings: .init(url: server.baseURL + "/headerless")))
            #expect(missing.description.contains("not a valid protobuf FeedMessage"))
        }
    }

    @Test func httpErrorStatusNamesTheFeed() async throws {
        try await Self.withServer({ _ in .text("down", status: 500) }) { server in
            let error = try await Self.failure(TripUpdatesFetcher(settings: .init(url: server.baseURL + "/tu")))
            #expect(error == .failed(detail: "HTTP 500 from GTFS-Realtime feed \(server.baseURL)/tu"))
        }
    }

    @Test func apiKeyIsSentAndNeverInErrors() async throws {
        let secret = "sekrit-key-4711"
        let key = APIKey(header: "Authorization", source: .environment("RT_KEY")) { $0 == "RT_KEY" ? "apikey \(secret)\n" : nil }
        try await Self.withServer({ request in
            // A hostile server echoing the key back in its error page and headers.
            .respond(
                status: 403, headers: [("X-Echo", request.header("Authorization") ?? "")],
                body: Array((request.header("Authorization") ?? "").utf8))
        }) { server in
            let fetcher = TripUpdatesFetcher(settings: .init(url: server.baseURL + "/tu", apiKey: key))
            let error = try await Self.failure(fetcher)
            #expect(server.requests.first?.header("authorization") == "apikey \(secret)")
            #expect(!error.description.contains(secret))
        }
        let missing = APIKey(header: "X-Key", source: .environment("RT_KEY")) { _ in nil }
        let error = try await Self.failure(TripUpdatesFetcher(settings: .init(url: "http://127.0.0.1:9/tu", apiKey: missing)))
        #expect(error.description.contains("RT_KEY"))
    }

    @Test func requestTimeout() async throws {
        try await Self.withServer({ _ in .delayed(.seconds(3), .respond(status: 200, body: RT.bytes(Self.feed))) }) { server in
            let fetcher = TripUpdatesFetcher(
                settings: .init(
                    url: server.baseURL + "/tu", limits: FetchLimits(requestTimeout: .milliseconds(300), resourceTimeout: .seconds(5))))
            let started = ContinuousClock.now
            let error = try await Self.failure(fetcher)
            #expect(ContinuousClock.now - started < TestTiming.scaled(.seconds(2)))
            guard case .failed(let detail) = error else { Issue.record("\(error)"); return }
            #expect(detail.contains("timed out") && detail.contains("request timeout"))
        }
    }

    @Test func resourceTimeout() async throws {
        try await Self.withServer({ _ in .trickle(status: 200, bytes: 200, interval: .milliseconds(50)) }) { server in
            let fetcher = TripUpdatesFetcher(
                settings: .init(
                    url: server.baseURL + "/tu", limits: FetchLimits(requestTimeout: .seconds(2), resourceTimeout: .milliseconds(500))))
            let error = try await Self.failure(fetcher)
            #expect(error.description.contains("resource timeout"))
        }
    }

    @Test func sizeCapAndRefusedConnection() async throws {
        try await Self.withServer({ _ in .respond(status: 200, body: RT.bytes(Self.feed)) }) { server in
            let error = try await Self.failure(
                TripUpdatesFetcher(settings: .init(url: server.baseURL + "/tu", limits: FetchLimits(maxResponseBytes: 8))))
            #expect(error.description.contains("larger than 8 bytes"))
        }
        let port = try LoopbackHTTPServer.closedPort()
        let refused = try await Self.failure(TripUpdatesFetcher(settings: .init(url: "http://127.0.0.1:\(port)/tu")))
        guard case .failed = refused else { Issue.record("refused is not offline: \(refused)"); return }
    }
}
