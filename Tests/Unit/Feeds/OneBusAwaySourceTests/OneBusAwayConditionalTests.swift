import DeparturesCore
import HTTPFetch
import LoopbackHTTPServer
import OneBusAwaySource
import Testing

/// `kind: onebusaway` asks again with the validators of its last answer; a 304 keeps its rows.
struct OneBusAwayConditionalTests {
    typealias F = OneBusAwayRepositoryTests

    @Test func theSecondRequestIsConditionalAndA304KeepsTheRows() async throws {
        let upstream = ValidatingUpstream(F.answer([F.visit(trip: "1_a", scheduled: F.nineThirty + 600_000)]))
        let server = try LoopbackHTTPServer(handler: upstream.reply)
        defer { server.stop() }
        let key = APIKey(header: "", source: .environment("OBA_KEY"), environment: { $0 == "OBA_KEY" ? "k3y" : nil })
        let source = OneBusAwayRepository(settings: .init(baseURL: server.baseURL, stopID: "1_75403", apiKey: key, calendar: F.calendar))
        let first = try await source.departures()
        #expect(first.map(\.tripID) == ["1_a"])
        #expect(try await source.departures() == first)
        #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "W/\"v1\""])
        #expect(server.requests.allSatisfy { $0.path.hasSuffix("key=k3y") }, "the key stays in the query of each request")

        upstream.change(to: F.answer([F.visit(trip: "1_b", scheduled: F.nineThirty + 900_000)]))
        #expect(try await source.departures().map(\.tripID) == ["1_b"])
    }
}
