import DeparturesCore
import HTTPFetch
import LoopbackHTTPServer
import SIRISource
import Testing
import ZoneInfo

/// `kind: siri` against a real HTTP server on 127.0.0.1: what goes out (SIRI Lite's query,
/// a POSTed ServiceRequest, the key) and what comes back.
struct SIRIRepositoryTests {
    static let key = APIKey(
        header: "X-Key", source: .environment("SIRI_KEY"), valuePrefix: "Token ",
        environment: { $0 == "SIRI_KEY" ? "s3cret key/1" : nil })
    static let now = Date(timeIntervalSince1970: 1_795_386_600)  // 2026-11-23T09:30:00+11:00

    func fetch(
        _ reply: Reply, path: String = "/siri/stop-monitoring", request: SIRIRequest? = nil, keyQuery: String? = nil,
        maxBytes: Int = 1 << 20
    ) async throws -> (Result<[Departure], DeparturesError>, [RecordedRequest], String) {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        var siri = request ?? SIRIRequest(url: "", stopID: "STIF:StopPoint:Q:41322:")
        siri.url = server.baseURL + path
        let repository = SIRIRepository(
            settings: .init(
                request: siri, apiKey: Self.key, apiKeyQuery: keyQuery, routeNames: SIRIAnswerTests.routeNames,
                limits: FetchLimits(requestTimeout: .seconds(8), resourceTimeout: .seconds(15), maxResponseBytes: maxBytes),
                calendar: SIRIAnswerTests.calendar),
            clock: FixedBoardClock(now: Self.now))
        do {
            return (.success(try await repository.departures()), server.requests, repository.url)
        } catch {
            return (.failure(error), server.requests, repository.url)
        }
    }

    /// SIRI Lite: every parameter percent-encoded in the query, the key too when the board says
    /// so; the URL messages name leaves the key out.
    @Test func aLiteGETCarriesItsQueryAndTheKeyWhereTheBoardSays() async throws {
        let request = SIRIRequest(
            url: "", stopID: "STIF:StopPoint:Q:41322:", lineRef: "STIF:Line::C01727:",
            previewInterval: .seconds(3600))
        let (result, requests, url) = try await fetch(
            .text(SIRIFixtures.lite, contentType: "application/json"),
            path: "/siri/sm?format=json", request: request, keyQuery: "apikey")
        #expect(try result.get().count == 2)
        let query = "MonitoringRef=STIF%3AStopPoint%3AQ%3A41322%3A&LineRef=STIF%3ALine%3A%3AC01727%3A&PreviewInterval=PT60M"
        #expect(requests.map(\.path) == ["/siri/sm?format=json&" + query + "&apikey=s3cret%20key%2F1"])
        #expect(requests.first?.method == "GET")
        #expect(requests.first?.header("X-Key") == nil)
        #expect(url.hasSuffix("/siri/sm?format=json&" + query))

        let inHeader = try await fetch(.text(SIRIFixtures.siri20, contentType: "text/xml"))
        #expect(inHeader.1.first?.header("X-Key") == "Token s3cret key/1")
        #expect(inHeader.1.map(\.path) == ["/siri/stop-monitoring?MonitoringRef=STIF%3AStopPoint%3AQ%3A41322%3A"])
        #expect(try inHeader.0.get().count == 4)
    }

    /// The content, not the Content-Type, says what an answer is.
    @Test func jsonLabelledAsXMLIsStillRead() async throws {
        #expect(try await fetch(.text(SIRIFixtures.lite, contentType: "text/xml")).0.get().count == 2)
        #expect(try await fetch(.text("\u{FEFF}\n" + SIRIFixtures.siri20, contentType: "application/json")).0.get().count == 4)
    }

    /// A classic server's POST: a ServiceRequest with the schema's required parts (timestamps,
    /// a requestor, the MonitoringRef) in its order, as text/xml.
    @Test func aPOSTSendsAServiceRequest() async throws {
        let request = SIRIRequest(url: "", stopID: "CENTRAL:16 & <co>", lineRef: "LINE:T1", previewInterval: .seconds(5400), method: .post)
        let (result, requests, url) = try await fetch(.text(SIRIFixtures.siri20, contentType: "text/xml"), request: request)
        #expect(try result.get().count == 4)
        let sent = try #require(requests.first)
        #expect(sent.method == "POST")
        #expect(sent.path == "/siri/stop-monitoring")
        #expect(url.hasSuffix("/siri/stop-monitoring"))
        #expect(sent.header("Content-Type") == "text/xml; charset=utf-8")
        #expect(
            String(decoding: sent.body, as: UTF8.self) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <Siri xmlns="http://www.siri.org.uk/siri" version="2.0">
                <ServiceRequest>
                <RequestTimestamp>2026-11-23T09:30:00+11:00</RequestTimestamp>
                <RequestorRef>departure-board</RequestorRef>
                <StopMonitoringRequest version="2.0">
                <RequestTimestamp>2026-11-23T09:30:00+11:00</RequestTimestamp>
                <PreviewInterval>PT90M</PreviewInterval>
                <MonitoringRef>CENTRAL:16 &amp; &lt;co&gt;</MonitoringRef>
                <LineRef>LINE:T1</LineRef>
                </StopMonitoringRequest>
                </ServiceRequest>
                </Siri>

                """)
        var named = request
        named.requestorRef = "sign-42"
        let second = try await fetch(.text(SIRIFixtures.siri20), request: named)
        let secondBody = String(decoding: second.1.first?.body ?? [], as: UTF8.self)
        #expect(secondBody.contains("<RequestorRef>sign-42</RequestorRef>"))
    }

    /// The server's ErrorCondition (whatever the status) is the source's error in its words;
    /// other failures name the status; none of them the key.
    @Test func errorsSayTheServersWordsAndNeverTheKey() async throws {
        let condition = try await fetch(.text(SIRIFixtures.errorCondition, status: 400), keyQuery: "key")
        #expect(
            condition.0.failure?.description
                == "Failed to load departures: \(condition.2): SIRI error: InvalidDataReferencesError: Unknown MonitoringRef NOWHERE:1")
        let plain = try await fetch(.text("<html>oops</html>", status: 503), keyQuery: "key")
        #expect(plain.0.failure == .failed(detail: "HTTP 503 from \(plain.2)"))
        let hostile = try await fetch(.text(String(repeating: "<a>", count: 1000)), keyQuery: "key")
        #expect(
            hostile.0.failure
                == .invalidData(source: hostile.2, DeparturesDataError(path: "", problem: "refused: XML nested more than 64 levels deep")))
        let huge = try await fetch(.text(SIRIFixtures.siri20 + String(repeating: " ", count: 8192)), keyQuery: "key", maxBytes: 4096)
        #expect(huge.0.failure == .failed(detail: "response larger than 4096 bytes"))
        for outcome in [condition, plain, hostile, huge] {
            #expect(!"\(outcome.0)".contains("s3cret") && !outcome.2.contains("s3cret"))
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
