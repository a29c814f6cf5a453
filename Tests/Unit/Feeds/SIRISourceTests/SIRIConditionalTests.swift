import DeparturesCore
import HTTPFetch
import LoopbackHTTPServer
import SIRISource
import Testing

/// `kind: siri`: StopMonitoring's GET and the SituationExchange feed each ask again with the
/// validators of their last answer; a 304 keeps rows and situations. A POST is never conditional.
struct SIRIConditionalTests {
    @Test func stopMonitoringAndSituationsAreAskedConditionally() async throws {
        let monitoring = ValidatingUpstream(SIRIFixtures.siri20, contentType: "text/xml")
        let situations = ValidatingUpstream(SIRISituationFixtures.all, contentType: "text/xml")
        let server = try LoopbackHTTPServer { request in
            request.path.hasPrefix("/sx") ? situations.reply(request) : monitoring.reply(request)
        }
        defer { server.stop() }
        let source = SIRIRepository(
            settings: .init(
                request: SIRIRequest(url: server.baseURL + "/sm", stopID: "CENTRAL:16"), apiKey: SIRIRepositoryTests.key,
                apiKeyQuery: "key", calendar: SIRIAnswerTests.calendar, situationsURL: server.baseURL + "/sx"),
            clock: FixedBoardClock(now: SIRIRepositoryTests.now))
        let first = try await source.answer()
        let second = try await source.answer()
        #expect(first.departures.count == 4)
        #expect(!first.alerts.isEmpty)
        #expect(second.departures == first.departures)
        #expect(second.alerts == first.alerts, "the situations' 304 keeps them")
        for path in ["/sm", "/sx"] {
            let asked = server.requests.filter { $0.path.hasPrefix(path) }
            #expect(asked.map { $0.header("If-None-Match") } == [nil, "W/\"v1\""], "\(path)")
        }
    }

    @Test func aPOSTedServiceRequestIsNeverConditional() async throws {
        let monitoring = ValidatingUpstream(SIRIFixtures.siri20, contentType: "text/xml")
        let server = try LoopbackHTTPServer(handler: monitoring.reply)
        defer { server.stop() }
        let source = SIRIRepository(
            settings: .init(
                request: SIRIRequest(url: server.baseURL + "/sm", stopID: "CENTRAL:16", method: .post), calendar: SIRIAnswerTests.calendar),
            clock: FixedBoardClock(now: SIRIRepositoryTests.now))
        _ = try await source.departures()
        _ = try await source.departures()
        #expect(server.requests.map(\.method) == ["POST", "POST"])
        #expect(server.requests.allSatisfy { $0.header("If-None-Match") == nil })
    }
}
