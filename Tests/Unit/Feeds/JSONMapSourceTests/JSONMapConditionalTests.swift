import DeparturesCore
import HTTPFetch
import JSONMapSource
import LoopbackHTTPServer
import Testing

/// `kind: json` asks again with the validators of its last answer; a 304 keeps its rows.
struct JSONMapConditionalTests {
    typealias F = JSONMapFixtures

    @Test func theSecondGETIsConditionalAndA304KeepsTheRows() async throws {
        let upstream = ValidatingUpstream(F.epochAnswer)
        let server = try LoopbackHTTPServer(handler: upstream.reply)
        defer { server.stop() }
        let settings = JSONMapRepository.Settings(
            url: server.baseURL + "/ws/v2/arrivals?locIDs=8989&json=true", mapping: F.epochMapping,
            limits: JSONMapRepositoryTests.limits, calendar: F.calendar("America/Los_Angeles"))
        let source = JSONMapRepository(settings: settings, clock: FixedBoardClock(now: F.portlandNow))
        let first = try await source.departures()
        #expect(first.map(\.routeShortName) == ["20", "15", "90"])
        #expect(try await source.departures() == first)
        #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "W/\"v1\""])
        #expect(server.requests.map { $0.header("If-Modified-Since") } == [nil, ValidatingUpstream.lastModified])
    }
}
