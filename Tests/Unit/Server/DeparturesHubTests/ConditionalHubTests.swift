import APISource
import DeparturesCore
import Foundation
import HTTPFetch
import Locking
import Testing
import WebServer
@testable import DeparturesHub

/// The hub answers a sign that holds its answer with 304 and no body, on a real socket: the
/// stop's feed and handler served by the project's web server, the sign's `kind: api` source
/// reading it through the project's HTTP client.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ConditionalHubTests {
    /// The real client, with the status of every answer it got.
    final class RecordingClient: HTTPFetching {
        let statuses = Locked<[Int]>([])
        func get(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse {
            let response = try await HTTPFetchClient().get(request)
            statuses.withLock { $0.append(response.status) }
            return response
        }
    }

    static func serving(_ feed: StopFeed, clock: any BoardClock, _ body: (Int) async throws -> Void) async throws {
        let server = try await WebServing.start(
            ServerSettings(host: "127.0.0.1", port: 0),
            handler: HubHandler(feeds: [feed], clock: clock), logger: HubFixtures.quietLogger)
        do {
            try await body(server.port)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aSignGets304WhileTheStopIsUnchangedAnd200AfterItChanges() async throws {
        let clock = ManualBoardClock(now: HubFixtures.now)
        let changed = Array(HubFixtures.departures.prefix(1))
        let feed = HubFixtures.feed(
            ScriptedRepository([
                .success(HubFixtures.departures), .success(HubFixtures.departures),
                .success(changed),
            ]), clock: clock)
        await feed.poll()
        try await Self.serving(feed, clock: clock) { port in
            let client = RecordingClient()
            let sign = APIRepository(settings: .init(baseURL: "http://127.0.0.1:\(port)", stopID: "central"), client: client)
            let first = try await sign.departures()
            #expect(first == HubFixtures.departures)
            #expect(try await sign.departures() == first)
            clock.advance(by: .seconds(30))
            await feed.poll()  // the same departures again: the same tag
            #expect(try await sign.departures() == first)
            #expect(client.statuses.withLock { $0 } == [200, 304, 304])

            clock.advance(by: .seconds(30))
            await feed.poll()
            #expect(try await sign.departures() == changed)
            #expect(try await sign.departures() == changed)
            #expect(client.statuses.withLock { $0 } == [200, 304, 304, 200, 304])
        }
    }

    @Test func ifNoneMatchDecidesAndIfModifiedSinceCountsOnlyWithoutIt() async throws {
        let clock = ManualBoardClock(now: HubFixtures.now)
        let feed = HubFixtures.feed(ScriptedRepository([.success(HubFixtures.departures)]), clock: clock)
        await feed.poll()
        try await Self.serving(feed, clock: clock) { port in
            let path = "/api/v1/stops/central/departures"
            let full = try await ClientFleet.get(port: port, path: path)
            let tag = try #require(full.headers["etag"])
            let modified = try #require(full.headers["last-modified"])
            #expect(modified == "Sun, 22 Nov 2026 22:30:00 GMT")

            func status(_ headers: [String: String]) async throws -> Int {
                try await ClientFleet.get(port: port, path: path, headers: headers).status
            }
            let notModified = try await ClientFleet.get(port: port, path: path, headers: ["If-None-Match": "\"other\", W/" + tag])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
            #expect(notModified.headers["etag"] == tag)
            #expect(notModified.headers["last-modified"] == modified)
            #expect(notModified.headers["cache-control"] == full.headers["cache-control"])
            #expect(notModified.headers["content-type"] == nil)

            #expect(try await status(["If-None-Match": "*"]) == 304)
            #expect(try await status(["If-None-Match": "\"other\""]) == 200)
            // A tag that does not match wins over a date that would.
            #expect(try await status(["If-None-Match": "\"other\"", "If-Modified-Since": modified]) == 200)
            #expect(try await status(["If-Modified-Since": modified]) == 304)
            #expect(try await status(["If-Modified-Since": "Sunday, 22-Nov-26 22:30:00 GMT"]) == 304)
            #expect(try await status(["If-Modified-Since": "Sun Nov 22 22:30:00 2026"]) == 304)
            #expect(try await status(["If-Modified-Since": "Sun, 22 Nov 2026 22:29:59 GMT"]) == 200)
            #expect(try await status(["If-Modified-Since": "yesterday"]) == 200)
        }
    }
}
