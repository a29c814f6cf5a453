import APISource
import DeparturesCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPFetch
import LoopbackHTTPServer
import Testing

/// The HTTP repository against a real HTTP server on 127.0.0.1.
struct HTTPRepositoryTests {
    static let body = """
        {"data": [{"trip_id": "T1-1", "route_short_name": "T1", "headsign": "Emu Plains",
          "scheduled_time_secs": 34200, "realtime_time_secs": 34320, "delay_s": 120, "realtime": true}]}
        """

    func repository(
        _ server: LoopbackHTTPServer, stop: String = "200060", apiKey: APIKey? = nil,
        requestTimeout: Duration = .seconds(8), maxBytes: Int = 1 << 20
    ) -> APIRepository {
        APIRepository(
            settings: .init(
                baseURL: server.baseURL + "/", stopID: stop, apiKey: apiKey,
                limits: FetchLimits(requestTimeout: requestTimeout, resourceTimeout: .seconds(15), maxResponseBytes: maxBytes)))
    }

    func fetch(
        _ reply: Reply, stop: String = "200060", apiKey: APIKey? = nil, requestTimeout: Duration = .seconds(8),
        maxBytes: Int = 1 << 20
    ) async throws -> (Result<[Departure], DeparturesError>, [RecordedRequest]) {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        let repo = repository(server, stop: stop, apiKey: apiKey, requestTimeout: requestTimeout, maxBytes: maxBytes)
        let result: Result<[Departure], DeparturesError>
        do {
            result = .success(try await repo.departures())
        } catch {
            result = .failure(error)
        }
        return (result, server.requests)
    }

    @Test func okAnswerRequestsTheContractPath() async throws {
        let (result, requests) = try await fetch(.text(Self.body, contentType: "application/json"))
        #expect(try result.get().map(\.tripID) == ["T1-1"])
        #expect(requests.map(\.path) == ["/api/v1/stops/200060/departures"])
        #expect(requests.first?.method == "GET")
    }

    @Test func stopIDIsOnePercentEncodedSegment() async throws {
        let (_, requests) = try await fetch(.text(Self.body), stop: "Central Stn/4")
        #expect(requests.map(\.path) == ["/api/v1/stops/Central%20Stn%2F4/departures"])
    }

    @Test func sendsTheAPIKeyHeaderFromTheEnvironmentOrAFile() async throws {
        let env = APIKey(header: "X-API-Key", source: .environment("BOARD_KEY"), environment: { $0 == "BOARD_KEY" ? "s3cret" : nil })
        let (_, requests) = try await fetch(.text(Self.body), apiKey: env)
        #expect(requests.first?.header("X-API-Key") == "s3cret")

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("key-\(UUID().uuidString)").path
        try "file-key\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (_, fileRequests) = try await fetch(.text(Self.body), apiKey: APIKey(header: "Authorization", source: .file(path)))
        #expect(fileRequests.first?.header("Authorization") == "file-key")
    }

    @Test func aMissingKeyFailsWithoutARequestAndNamesTheVariable() async throws {
        let missing = APIKey(header: "X-API-Key", source: .environment("NOPE_KEY"), environment: { _ in nil })
        let (result, requests) = try await fetch(.text(Self.body), apiKey: missing)
        #expect(requests.isEmpty)
        #expect(result.failure == .failed(detail: "API key: environment variable NOPE_KEY is not set"))
    }

    @Test(arguments: [404, 500, 503])
    func errorStatusesFailToLoad(status: Int) async throws {
        let (result, _) = try await fetch(.text("oops", status: status))
        #expect(result.failure?.userMessage == "Failed to load departures")
        #expect(result.failure?.description.contains("HTTP \(status)") == true)
    }

    @Test func malformedJSONAndWrongTypesAreInvalidData() async throws {
        let (garbage, _) = try await fetch(.text("<html>not json</html>"))
        guard case .invalidData(_, let error)? = garbage.failure else {
            Issue.record("expected invalid data, got \(garbage)")
            return
        }
        #expect(error.description == "not valid JSON")
        #expect(garbage.failure?.userMessage == "Failed to load departures")

        let wrongTypes = Self.body.replacing(#""delay_s": 120"#, with: #""delay_s": "120""#)
        let (typed, _) = try await fetch(.text(wrongTypes))
        guard case .invalidData(_, let typeError)? = typed.failure else {
            Issue.record("expected invalid data, got \(typed)")
            return
        }
        #expect(typeError.description == "data[0].delay_s: expected a whole number")
    }

    @Test func aBodyOverTheCapFails() async throws {
        let big = Array(repeating: UInt8(ascii: " "), count: 4_096) + Array(Self.body.utf8)
        let (result, _) = try await fetch(.respond(status: 200, body: big), maxBytes: 1_024)
        #expect(result.failure?.userMessage == "Failed to load departures")
        #expect(result.failure?.description.contains("1024") == true)
    }

    @Test func aServerSlowerThanTheTimeoutFails() async throws {
        let (result, _) = try await fetch(.delayed(.seconds(30), .text(Self.body)), requestTimeout: .milliseconds(300))
        // The 300 ms request timeout fired, as measured on the transfer thread (wall time here
        // also counts waiting for a cooperative thread, which a loaded machine may hold up).
        let detail = result.failure?.description ?? ""
        #expect(detail.contains("request timeout: no response for 300 ms"), "\(detail)")
        #expect(result.failure?.userMessage == "Failed to load departures")
    }

    @Test func aClosedPortFailsToLoad() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let repo = APIRepository(settings: .init(baseURL: "http://127.0.0.1:\(port)", stopID: "1"))
        do {
            _ = try await repo.departures()
            Issue.record("a closed port answered")
        } catch {
            #expect(error.userMessage == "Failed to load departures")
        }
    }

    /// DNS failures and unreachable networks cannot be produced on loopback, so a client
    /// double raises them as the HTTP client classifies them.
    struct FailingClient: HTTPFetching {
        let error: HTTPFetchError
        func get(_ request: HTTPRequest) async throws(HTTPFetchError) -> HTTPResponse { throw error }
    }

    @Test(arguments: [
        (HTTPFetchError.offline("Could not resolve host: api.example.org"), "No internet connection"),
        (HTTPFetchError.hostNotFound("no such host api.exmaple.org"), "Failed to load departures"),
        (HTTPFetchError.timedOut("no answer within 8 s"), "Failed to load departures"),
        (HTTPFetchError.connectionFailed("refused"), "Failed to load departures"),
        (HTTPFetchError.tls("certificate expired"), "Failed to load departures"),
    ])
    func fetchErrorsMapToTheBoardsMessages(error: HTTPFetchError, message: String) async {
        let repo = APIRepository(
            settings: .init(baseURL: "https://api.example.org", stopID: "1"),
            client: FailingClient(error: error))
        do {
            _ = try await repo.departures()
            Issue.record("expected a failure")
        } catch {
            #expect(error.userMessage == message)
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
