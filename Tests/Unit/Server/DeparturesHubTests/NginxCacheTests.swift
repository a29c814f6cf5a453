import SourceAssembly
import ServerAssembly
import DeparturesCore
import Foundation
import LoopbackHTTPServer
import Testing
import DeparturesHub

/// The scale-out path: Debian's nginx caching in front of the hub, with nothing but the
/// hub's own ETag and Cache-Control to go by.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct NginxCacheTests {
    @Test func twoHundredClientsThroughNginxReachTheHubAFewTimesAndTheSourceOncePerInterval() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: NginxProcess.binary),
            "nginx is required: .ci/run installs it (apt-get install nginx)")
        let upstream = try LoopbackHTTPServer { _ in
            .text(HubFixtures.json(HubFixtures.departures), contentType: "application/json")
        }
        defer { upstream.stop() }
        let scratch = try Scratch()
        let path = try scratch.write(
            "hub.yaml",
            """
            listen: 127.0.0.1:0
            stops:
              - id: central
                source: {kind: api, base_url: "\(upstream.baseURL)", stop_id: "200060", refresh_interval: 1s}
            """)
        let setup = try HubSetup(path: path, logger: HubFixtures.quietLogger)
        let started = ContinuousClock.now
        let hub = try await setup.start(logger: HubFixtures.quietLogger)
        let nginx: NginxProcess
        do {
            nginx = try NginxProcess(proxyingTo: hub.port, in: scratch)
        } catch {
            await hub.stop()
            throw error
        }
        let listening = await nginx.waitUntilListening()
        let feed = try #require(setup.feeds.first)
        let published = await eventually { feed.status.published != nil }

        var outcome = ClientFleet.Outcome()
        if listening && published {
            outcome = await ClientFleet.run(
                count: 200, port: nginx.port, path: "/api/v1/stops/central/departures",
                duration: .seconds(3))
        }
        let cached = try? await ClientFleet.get(port: nginx.port, path: "/api/v1/stops/central/departures")
        nginx.stop()
        await hub.stop()
        let elapsed = (ContinuousClock.now - started).timeInterval
        #expect(listening, "nginx did not start: \(nginx.log)")
        #expect(published)

        #expect(outcome.total >= 200)
        #expect(outcome.statuses[200] == outcome.total, "every client answered: \(outcome.statuses)")
        #expect(cached?.headers["etag"] == feed.status.published?.etag, "nginx passes the hub's validator on")
        #expect(try DeparturesDecoder.decode(cached?.body ?? []).data == HubFixtures.departures)
        // nginx asks the hub about once per max-age (1 s here), whatever the clients do…
        let hubRequests = feed.status.requests
        let seconds = Int(elapsed.rounded(.up))
        #expect(
            hubRequests >= 1 && hubRequests <= 2 * seconds + 4,
            "the hub saw \(hubRequests) of \(outcome.total) client requests in \(elapsed) s")
        // …and the hub asks its source once per refresh interval.
        let polls = upstream.requests.count
        #expect(polls >= 2 && polls <= seconds + 1, "\(polls) upstream requests in \(elapsed) s")
    }
}
