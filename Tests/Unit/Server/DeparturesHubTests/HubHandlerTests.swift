import DeparturesCore
import Foundation
import Testing
import WebMessages
import WebServer
@testable import DeparturesHub

/// The hub's answers, without a socket: a manual clock and scripted sources.
@Suite(.timeLimit(.minutes(10)))
struct HubHandlerTests {
    let clock = ManualBoardClock(now: HubFixtures.now)

    func request(_ handler: HubHandler, _ path: String) async -> WebResponse {
        await handler.respond(to: WebRequest(path: path))
    }

    func json(_ response: WebResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func servesTheSourcesDeparturesInTheAPIsContract() async throws {
        let feed = HubFixtures.feed(ScriptedRepository([.success(HubFixtures.departures)]), clock: clock)
        await feed.poll()
        let response = await request(HubHandler(feeds: [feed], clock: clock), "/api/v1/stops/central/departures")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let decoded = try DeparturesDecoder.decode(response.body)
        #expect(decoded.data == HubFixtures.departures, "exactly what the source returned: the sign applies the time rules")
        #expect(response.body == Array(HubFixtures.json(HubFixtures.departures).utf8))
    }

    @Test func answersCarryAStrongETagOfTheBodyAndCacheControl() async throws {
        let repository = ScriptedRepository([
            .success(HubFixtures.departures), .success(HubFixtures.departures),
            .success(Array(HubFixtures.departures.prefix(1))),
        ])
        let feed = HubFixtures.feed(repository, clock: clock)
        let handler = HubHandler(feeds: [feed], clock: clock)
        await feed.poll()
        let first = await request(handler, "/api/v1/stops/central/departures")
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"))
        #expect(first.header("Cache-Control") == "public, max-age=15, stale-while-revalidate=30, stale-if-error=885")
        #expect(first.header("Last-Modified") == "Sun, 22 Nov 2026 22:30:00 GMT")

        clock.advance(by: .seconds(30))
        await feed.poll()
        let same = await request(handler, "/api/v1/stops/central/departures")
        #expect(same.header("ETag") == tag, "same data, same tag")
        #expect(same.header("Last-Modified") == "Sun, 22 Nov 2026 22:30:00 GMT", "the date the bytes last changed")
        clock.advance(by: .seconds(30))
        await feed.poll()
        let changed = await request(handler, "/api/v1/stops/central/departures")
        #expect(changed.header("ETag") != tag)
        #expect(changed.header("Last-Modified") == "Sun, 22 Nov 2026 22:31:00 GMT")
        #expect(changed.header("Cache-Control") == "public, max-age=15, stale-while-revalidate=30, stale-if-error=885")
    }

    @Test func unknownStopsAre404WithAJSONErrorListingTheStops() async throws {
        let feeds = ["central", "town hall"].map { HubFixtures.feed(ScriptedRepository([.success([])]), clock: clock, id: $0) }
        let handler = HubHandler(feeds: feeds, clock: clock)
        let response = await request(handler, "/api/v1/stops/wynyard/departures")
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/json")
        #expect(try json(response)["error"] as? String == "unknown stop 'wynyard'; this hub serves central, town hall")
        #expect(
            await request(handler, "/api/v1/stops/town%20hall/departures").status == 503, "percent-decoded: a known stop, not yet fetched")
        #expect(await request(handler, "/api/v1/stops/%ZZ/departures").status == 404)
        #expect(await request(handler, "/api/v1/stops//departures").status == 404)
        #expect(await request(handler, "/api/v1/stops/central/departures/extra").status == 404)
        #expect(await request(handler, "/nothing").status == 404)
    }

    @Test func beforeTheFirstSuccessClientsGet503WithRetryAfter() async throws {
        let feed = HubFixtures.feed(ScriptedRepository([.failure(.failed(detail: "HTTP 500 from upstream"))]), clock: clock)
        let handler = HubHandler(feeds: [feed], clock: clock)
        let waiting = await request(handler, "/api/v1/stops/central/departures")
        #expect(waiting.status == 503)
        #expect(try json(waiting)["error"] as? String == "stop 'central' has no departures yet: the first fetch has not finished yet")

        let delay = await feed.poll()
        #expect(delay == .seconds(30))
        let failed = await request(handler, "/api/v1/stops/central/departures")
        #expect(failed.status == 503)
        #expect(failed.header("Retry-After") == "30", "the failed poll set the next attempt, 30 s on")
        #expect(failed.header("Cache-Control") == "no-store")
        #expect(
            try json(failed)["error"] as? String
                == "stop 'central' has no departures yet: Failed to load departures: HTTP 500 from upstream")
    }

    @Test func afterAFailureTheLastGoodDeparturesStayUntilTheStaleLimit() async throws {
        let repository = ScriptedRepository([.success(HubFixtures.departures), .failure(.offline(detail: "no route to host"))])
        let feed = HubFixtures.feed(repository, clock: clock)
        let handler = HubHandler(feeds: [feed], clock: clock)
        await feed.poll()
        let good = await request(handler, "/api/v1/stops/central/departures")

        clock.advance(by: .seconds(30))
        #expect(await feed.poll() == .seconds(30))
        clock.advance(by: .seconds(30))
        #expect(await feed.poll() == .seconds(60), "backs off as a sign does")
        let stale = await request(handler, "/api/v1/stops/central/departures")
        #expect(stale.status == 200)
        #expect(stale.body == good.body && stale.header("ETag") == good.header("ETag"))
        #expect(stale.header("Cache-Control") == "public, max-age=15, stale-while-revalidate=30, stale-if-error=825")
        #expect(feed.condition(at: clock.now) == .stale)

        let status = try json(await request(handler, "/status.json"))
        let stop = try #require((status["feeds"] as? [[String: Any]])?.first)
        #expect(stop["status"] as? String == "stale")
        #expect(stop["age_s"] as? Int == 60)
        #expect(stop["last_success"] as? String == "2026-11-23T09:30:00+11:00")
        #expect(stop["last_error"] as? String == "No internet connection: no route to host")
        #expect(stop["upstream_fetches"] as? Int == 3)
        #expect(stop["upstream_failures"] as? Int == 2)
        #expect(stop["requests"] as? Int == 2)

        clock.advance(by: .seconds(841))
        let expired = await request(handler, "/api/v1/stops/central/departures")
        #expect(expired.status == 503, "older than the stale limit: a sign must not take yesterday's times for today's")
        #expect(
            try json(expired)["error"] as? String
                == "stop 'central' has no departures newer than 900 s: No internet connection: no route to host")
    }

    @Test func aLimitKeepsTheSoonestDeparturesNotYetGone() async throws {
        let gone = Departure(
            tripID: "gone", routeShortName: "T2", headsign: "Leppington", scheduledTimeSecs: 33_600,
            realtimeTimeSecs: 33_600, delaySeconds: 0, isRealtime: false)  // 09:20
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: HubFixtures.zone), departedGrace: .seconds(60), limit: 1)
        let feed = HubFixtures.feed(
            ScriptedRepository([.success(HubFixtures.departures.reversed() + [gone])]),
            clock: clock, selection: rules)
        await feed.poll()
        let response = await request(HubHandler(feeds: [feed], clock: clock), "/api/v1/stops/central/departures")
        #expect(try DeparturesDecoder.decode(response.body).data.map(\.tripID) == ["T1-57"])
    }

    @Test func pollsAreSingleFlight() async throws {
        let repository = GatedRepository()
        let feed = HubFixtures.feed(repository, clock: clock)
        let first = Task { await feed.poll() }
        #expect(await eventually { repository.calls == 1 })
        await feed.poll()
        #expect(repository.calls == 1, "a poll while one is in flight does not fetch again")
        repository.open()
        _ = await first.value
        #expect(feed.status.published?.count == 2)
        #expect(feed.status.upstreamFetches == 1)
    }

    @Test func runPollsOncePerIntervalWhateverTheRequests() async throws {
        let repository = ScriptedRepository([.success(HubFixtures.departures)])
        let feed = HubFixtures.feed(repository, clock: clock)
        let handler = HubHandler(feeds: [feed], clock: clock)
        let loop = Task { await feed.run() }
        #expect(await eventually { clock.sleeperCount == 1 })
        for interval in 1...3 {
            for _ in 0..<50 { _ = await request(handler, "/api/v1/stops/central/departures") }
            #expect(repository.calls == interval)
            clock.advance(by: .seconds(30))
            #expect(await eventually { repository.calls == interval + 1 && clock.sleeperCount == 1 })
        }
        loop.cancel()
        await loop.value
        #expect(feed.status.requests == 150)
    }

    @Test func metricsAndIndexDescribeEveryStop() async throws {
        let feed = HubFixtures.feed(ScriptedRepository([.success(HubFixtures.departures)]), clock: clock)
        let handler = HubHandler(feeds: [feed], clock: clock)
        await feed.poll()
        _ = await request(handler, "/api/v1/stops/central/departures")
        clock.advance(by: .seconds(12))
        let metrics = String(decoding: await request(handler, "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"departure_hub_requests_total{stop="central"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"departure_hub_upstream_fetches_total{stop="central"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"departure_hub_data_age_seconds{stop="central"} 12"#), "\(metrics)")
        #expect(metrics.contains("departure_hub_up 1"), "\(metrics)")
        let index = String(decoding: await request(handler, "/").body, as: UTF8.self)
        #expect(index.contains("/api/v1/stops/central/departures  ok, 2 departures, 12 s old"), "\(index)")
    }
}
