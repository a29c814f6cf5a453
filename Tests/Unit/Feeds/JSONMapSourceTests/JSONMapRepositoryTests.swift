import DeparturesCore
import HTTPFetch
import JSONMapSource
import JSONPath
import LoopbackHTTPServer
import Testing

/// `kind: json` against a real HTTP server on 127.0.0.1: the request as declared, each time
/// format, and every way an answer can fail to be what the mapping expects.
struct JSONMapRepositoryTests {
    typealias F = JSONMapFixtures

    func fetch(
        _ reply: Reply, settings: JSONMapRepository.Settings, now: Date
    )
        async throws -> (Result<[Departure], DeparturesError>, [RecordedRequest])
    {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        var settings = settings
        settings.url = settings.url.replacing("http://server", with: server.baseURL)
        let repository = JSONMapRepository(settings: settings, clock: FixedBoardClock(now: now))
        do {
            return (.success(try await repository.departures()), server.requests)
        } catch {
            return (.failure(error), server.requests)
        }
    }

    static let limits = FetchLimits(requestTimeout: .seconds(8), resourceTimeout: .seconds(15), maxResponseBytes: 1 << 20)

    @Test func aGraphQLPostWithISOTimes() async throws {
        let key = APIKey(header: "ET-Client-Name", source: .environment("CLIENT"), environment: { $0 == "CLIENT" ? "home-sign" : nil })
        let settings = JSONMapRepository.Settings(
            url: "http://server/journey-planner/v3/graphql", stopID: "NSR:StopPlace:58366", method: .post, body: F.graphQLBody,
            headers: [HTTPHeader(name: "Content-Type", value: "application/json; charset=utf-8")], apiKey: key,
            mapping: F.graphQLMapping, limits: Self.limits, calendar: F.calendar("Europe/Oslo"))
        let (result, requests) = try await fetch(
            .text(F.graphQLAnswer, contentType: "application/json"), settings: settings, now: F.osloNow)
        let rows = try result.get()
        #expect(requests.map(\.method) == ["POST"])
        #expect(requests.first?.path == "/journey-planner/v3/graphql")
        #expect(requests.first?.header("Content-Type") == "application/json; charset=utf-8")
        #expect(requests.first?.header("ET-Client-Name") == "home-sign")
        #expect(requests.first?.header("Accept") == "application/json")
        // The stop goes into the body as JSON string content.
        let sent = String(decoding: requests.first?.body ?? [], as: UTF8.self)
        #expect(sent.contains(#""variables": {"id": "NSR:StopPlace:58366"}"#))
        #expect(rows.map(\.routeShortName) == ["31", "2", "L2"])
        #expect(rows.map(\.headsign) == ["Tonsenhagen", "Ellingsrudåsen", "Stabekk"])
        #expect(rows.map(\.scheduledTimeSecs) == [9 * 3600 + 33 * 60, 9 * 3600 + 40 * 60, 9 * 3600 + 45 * 60])
        #expect(rows.map(\.realtimeTimeSecs) == [9 * 3600 + 35 * 60 + 30, 9 * 3600 + 40 * 60, 9 * 3600 + 45 * 60])
        #expect(rows.map(\.delaySeconds) == [150, 0, 0])
        // The feed's own realtime flag wins over "differs from the aimed time".
        #expect(rows.map(\.isRealtime) == [true, false, true])
        #expect(rows.map(\.isCancelled) == [false, false, true])
        #expect(rows.map(\.platform) == ["2", nil, "19"])
        #expect(rows.map(\.tripID) == ["RUT:ServiceJourney:31-1", "RUT:ServiceJourney:2-9", "VYG:ServiceJourney:L2-4"])
    }

    @Test func aRESTListWithUTCTimesAndAKeyInTheQuery() async throws {
        let key = APIKey(header: "", source: .environment("KEY"), environment: { $0 == "KEY" ? "s3cret&=" : nil })
        let settings = JSONMapRepository.Settings(
            url: "http://server/StopPoint/{stop_id}/Arrivals?mode=bus", stopID: "490008660N", apiKey: key, apiKeyQuery: "app_key",
            mapping: F.arrivalsMapping, limits: Self.limits, calendar: F.calendar("Europe/London"))
        let (result, requests) = try await fetch(
            .text(F.arrivalsAnswer, contentType: "application/json"), settings: settings, now: F.londonNow)
        let rows = try result.get()
        #expect(requests.map(\.method) == ["GET"])
        #expect(requests.map(\.path) == ["/StopPoint/490008660N/Arrivals?mode=bus&app_key=s3cret%26%3D"])
        #expect(rows.map(\.routeShortName) == ["73", "390"])
        #expect(rows.map(\.realtimeTimeSecs) == [9 * 3600 + 38 * 60, 9 * 3600 + 32 * 60 + 9])
        // No scheduled time: a prediction, realtime, with no delay to show.
        #expect(rows.map(\.isRealtime) == [true, true])
        #expect(rows.map(\.delaySeconds) == [0, 0])
        #expect(rows.map(\.platform) == ["N", "N"])
        #expect(rows.map(\.tripID) == ["LJ16EWT", "LTZ1234"])
    }

    @Test func epochMillisecondsWithAFallbackQuery() async throws {
        let settings = JSONMapRepository.Settings(
            url: "http://server/ws/v2/arrivals?locIDs=8989&json=true", mapping: F.epochMapping,
            limits: Self.limits, calendar: F.calendar("America/Los_Angeles"))
        let (result, _) = try await fetch(.text(F.epochAnswer, contentType: "application/json"), settings: settings, now: F.portlandNow)
        let rows = try result.get()
        // A number is a route name as JSON writes it.
        #expect(rows.map(\.routeShortName) == ["20", "15", "90"])
        #expect(rows.map(\.scheduledTimeSecs) == [9 * 3600 + 34 * 60, 9 * 3600 + 40 * 60, 9 * 3600 + 45 * 60])
        #expect(rows.map(\.realtimeTimeSecs) == [9 * 3600 + 36 * 60, 9 * 3600 + 40 * 60, 9 * 3600 + 45 * 60])
        #expect(rows.map(\.delaySeconds) == [120, 0, 0])
        // Untracked: the scheduled time through the fallback, equal to `scheduled`: not realtime.
        #expect(rows.map(\.isRealtime) == [true, false, false])
        // `status: "canceled"` is a word that says cancelled; "estimated" is not.
        #expect(rows.map(\.isCancelled) == [false, false, true])
    }

    @Test func serviceDaySecondsFromTheDaysStart() async throws {
        let settings = JSONMapRepository.Settings(
            url: "http://server/routing/v2/hsl/gtfs/v1", method: .post, body: "{}",
            mapping: F.serviceDayMapping, limits: Self.limits, calendar: F.calendar("Europe/Helsinki"))
        let (result, _) = try await fetch(
            .text(F.serviceDayAnswer, contentType: "application/json"), settings: settings, now: F.helsinkiNow)
        let rows = try result.get()
        #expect(rows.map(\.routeShortName) == ["55", "9", "4"])
        #expect(rows.map(\.delaySeconds) == [60, 0, 0])
        #expect(rows.map(\.isRealtime) == [true, false, true])
        #expect(rows.map(\.isCancelled) == [false, false, true])
        // 24:10 of the day before is 00:10 of this one: the same instant, whichever day counts it.
        let calendar = F.calendar("Europe/Helsinki")
        let day = calendar.localDate(at: F.helsinkiNow)
        #expect(calendar.instant(rows[1].realtimeTimeSecs, on: day) == Date(timeIntervalSince1970: Double(F.helsinkiServiceDay + 600)))
        #expect(rows[0].realtimeTimeSecs == 34_560)
    }

    // MARK: - Answers that are not what the mapping expects

    func failure(
        _ body: String, status: Int = 200, mapping: JSONMapping = F.arrivalsMapping,
        maxBytes: Int = 1 << 20
    ) async throws -> DeparturesError {
        var limits = Self.limits
        limits.maxResponseBytes = maxBytes
        let settings = JSONMapRepository.Settings(
            url: "http://server/arrivals", mapping: mapping, limits: limits,
            calendar: F.calendar("Europe/London"))
        let (result, _) = try await fetch(
            .text(body, status: status, contentType: "application/json"), settings: settings, now: F.londonNow)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return .failed(detail: "")
        }
        return error
    }

    @Test func rowsThatMatchNothingNameTheStepThatMissed() async throws {
        var mapping = F.graphQLMapping
        mapping.rows = [F.query("$.data.stop.estimatedCalls[*]")]
        let error = try await failure(F.graphQLAnswer, mapping: mapping)
        #expect(error.userMessage == DeparturesError.failedMessage)
        #expect(
            error.detail.hasSuffix(
                #"rows $.data.stop.estimatedCalls[*]: matched nothing: $.data.stop found nothing; $.data is an object with keys: stopPlace"#
            ),
            "\(error.detail)")
    }

    @Test func anEmptyListIsAnEmptyBoard() async throws {
        let settings = JSONMapRepository.Settings(
            url: "http://server/arrivals", mapping: F.graphQLMapping, limits: Self.limits,
            calendar: F.calendar("Europe/Oslo"))
        let (result, _) = try await fetch(
            .text(#"{"data": {"stopPlace": {"name": "X", "estimatedCalls": []}}}"#),
            settings: settings, now: F.osloNow)
        #expect(try result.get().isEmpty)
    }

    @Test func aFieldThatMatchesNowhereIsTheSourcesError() async throws {
        var mapping = F.arrivalsMapping
        mapping.fields[.headsign] = [JSONMapping.Query(F.query("$.destination"))]
        let error = try await failure(F.arrivalsAnswer, mapping: mapping)
        #expect(
            error.detail.hasSuffix(
                "row 0: fields.headsign $.destination: matched nothing in this row (and in all 2 rows nothing could be read)"),
            "\(error.detail)")
    }

    @Test func graphQLErrorsAreTheServersWords() async throws {
        let error = try await failure(
            #"{"errors": [{"message": "Validation error: unknown field 'estimatedCall'"}], "data": null}"#,
            mapping: F.graphQLMapping)
        #expect(error.userMessage == DeparturesError.failedMessage)
        #expect(error.detail.hasSuffix("/arrivals: the server's error: Validation error: unknown field 'estimatedCall'"), "\(error)")
    }

    @Test func anErrorStatusCarriesTheAPIsMessage() async throws {
        let error = try await failure(#"{"statusCode": 401, "message": "Invalid app_key"}"#, status: 401)
        #expect(error.userMessage == DeparturesError.failedMessage)
        #expect(
            error.detail.hasPrefix("HTTP 401 from http://127.0.0.1:") && error.detail.hasSuffix("/arrivals: Invalid app_key"),
            "\(error.detail)")
    }

    @Test func hostileAnswersAreRefusedNotTrusted() async throws {
        // Not JSON at all.
        let html = try await failure("\n<html>Service Unavailable</html>")
        #expect(
            html.detail.hasSuffix(
                "/arrivals: the answer is XML or HTML, not JSON: '<html>Service Unavailable</html>…' (does the API want ?format=json or an Accept header?)"
            ), "\(html)")
        // Deeper than the decoder's nesting guard.
        let deep = try await failure(String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000))
        #expect(deep.detail.contains("nest"), "\(deep)")
        // Larger than the source's cap.
        let huge = try await failure(
            "[" + Array(repeating: #"{"lineName": "73", "destinationName": "x"}"#, count: 2_000).joined(separator: ",") + "]",
            maxBytes: 16 * 1024)
        #expect(huge.description.contains("bytes"), "\(huge)")
        // Wrong types everywhere: the rows are there, none can be read.
        let wrong = try await failure(#"[{"lineName": [1], "destinationName": null, "expectedArrival": true}]"#)
        #expect(wrong.detail.contains("row 0: fields.route $.lineName: expected text or a number; got a list of 1"), "\(wrong)")
        // The rows query selects text, not objects: each is a row without fields.
        let texts = try await failure(#"["a", "b"]"#)
        #expect(texts.detail.contains("row 0: fields.route $.lineName: matched nothing in this row"), "\(texts)")
    }
}
