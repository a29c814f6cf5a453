import ProgramSupport
import BoardAssembly
import SourceAssembly
import BoardRuntime
import DeparturesCore
import Foundation
import HTTPFetch
import LoopbackHTTPServer
import Logging
import Locking
import Testing

/// A running sign with `status:`: the page, JSON and metrics follow its states.
@MainActor
@Suite(.serialized)
struct StatusPageTests {
    /// An upstream API whose answers the test switches between good and failing.
    final class Upstream: Sendable {
        final class Switch: Sendable { let on = Locked(false) }
        let failing = Switch()
        let server: LoopbackHTTPServer

        init() throws {
            let failing = failing
            server = try LoopbackHTTPServer { _ in
                if failing.on.withLock({ $0 }) { return .text("upstream broke", status: 500) }
                // 09:35 and 09:45 on the board's service day.
                return .text(
                    #"{"data":[{"trip_id":"a","route_short_name":"T1","headsign":"Emu Plains","scheduled_time_secs":34500,"realtime_time_secs":34500,"delay_s":0,"realtime":true},{"trip_id":"b","route_short_name":"T4","headsign":"Cronulla","scheduled_time_secs":35100,"realtime_time_secs":35160,"delay_s":60,"realtime":true}]}"#,
                    contentType: "application/json")
            }
        }

        deinit { server.stop() }
    }

    static func board(_ upstream: Upstream, extra: String = "") -> String {
        """
        name: Status Test
        timezone: Australia/Sydney
        source:
          kind: api
          base_url: \(upstream.server.baseURL)
          stop_id: "200060"
          refresh_interval: 30s
        departures:
          stale_limit: 60s
        display:
          width: 128
          height: 64
          format: mono
          font: board-6x12
        status:
          listen: 127.0.0.1:0
        \(extra)
        """
    }

    let client = HTTPFetchClient()

    func get(_ port: Int, _ path: String) async throws -> String {
        let response = try await client.get(
            HTTPRequest(
                url: "http://127.0.0.1:\(port)\(path)", limits: FetchLimits(requestTimeout: .seconds(10), resourceTimeout: .seconds(20))))
        return String(decoding: response.body, as: UTF8.self)
    }

    /// The status page's port once the service listens (bounded real-time wait).
    func listening(_ service: BoardService) async throws -> Int {
        for _ in 0..<400 {
            if let port = service.statusPort { return port }
            try await Task.sleep(for: .milliseconds(25))
        }
        return try #require(service.statusPort)
    }

    /// Polls (real time, bounded) until the page at `path` satisfies `condition`.
    func eventually(_ port: Int, _ path: String, _ condition: (String) -> Bool) async throws -> String {
        var last = ""
        for _ in 0..<600 {
            last = try await get(port, path)
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        return last
    }

    @Test func pageJSONAndMetricsFollowOkStaleAndError() async throws {
        let upstream = try Upstream()
        let scratch = try Scratch()
        let path = try scratch.write("board.yaml", Self.board(upstream))
        let clock = ManualBoardClock(now: Repository.now)
        let service = try BoardService(
            path: path, output: .imageFile(scratch.file("frame.png")), clock: clock, logger: Repository.quietLogger)
        let (events, signals) = AsyncStream<ProcessSignal>.makeStream()
        let running = Task { try await service.run(until: events) }
        defer { signals.finish() }
        let statusPort = try await listening(service)

        let ok = try await eventually(statusPort, "/status.json") { $0.contains(#""status":"ok""#) }
        #expect(ok.contains(#""status":"ok""#), "\(ok)")
        #expect(ok.contains(#""last_fetch":{"at":"2026-11-23T09:30:00+11:00","ok":true,"error":null,"fetches":1,"failures":0}"#), "\(ok)")
        #expect(ok.contains(#""width":128,"height":64"#))
        #expect(ok.contains(#""headsign":"Emu Plains""#))
        #expect(ok.contains(#""data_age_s":"#))
        let page = try await get(statusPort, "/")
        #expect(page.contains(#"<span id="status" class="ok">ok</span>"#), "\(page)")
        #expect(page.contains(#"<img id="frame" src="/frame.png?n="#) && page.contains(#"width="128" height="64""#))

        // The upstream fails: the board keeps its rows, marked stale, and says why.
        upstream.failing.on.withLock { $0 = true }
        signals.yield(.user1)
        let stale = try await eventually(statusPort, "/status.json") { $0.contains(#""status":"stale""#) }
        #expect(stale.contains(#""status":"stale""#), "\(stale)")
        #expect(stale.contains(#""message":"Failed to load departures""#))
        #expect(stale.contains(#""ok":false,"error":"Failed to load departures: HTTP 500 from "#), "\(stale)")
        #expect(stale.contains(#""failures":1"#))
        #expect(try await get(statusPort, "/").contains(#"class="stale">stale</span>"#))

        // Past the stale limit the rows go and the board shows the error.
        clock.advance(by: .seconds(120))
        let error = try await eventually(statusPort, "/status.json") { $0.contains(#""status":"error""#) }
        #expect(error.contains(#""status":"error""#), "\(error)")
        #expect(error.contains(#""data_age_s":120"#), "\(error)")
        let metrics = try await get(statusPort, "/metrics")
        #expect(metrics.contains(#"departure_board_status{status="error"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"departure_board_status{status="ok"} 0"#))

        signals.yield(.terminate)
        try await running.value
    }

    @Test func thePageSaysWhichSourceFails() async throws {
        let bus = try Upstream(), train = try Upstream()
        train.failing.on.withLock { $0 = true }
        let sign = try Self.start(
            """
            name: Two Stops
            timezone: Australia/Sydney
            sources:
              - {kind: api, base_url: \(bus.server.baseURL), stop_id: "1", label: Bus, walk: 1m}
              - {kind: api, base_url: \(train.server.baseURL), stop_id: "2", label: Train, walk: 2m}
            display: {width: 128, height: 64, format: mono, font: board-6x12}
            status: {listen: 127.0.0.1:0}

            """)
        let port = try await listening(sign.service)
        let json = try await eventually(port, "/status.json") { $0.contains(#""label":"Train","status":"error""#) }
        #expect(
            json.contains(
                #""sources":[{"label":"Bus","status":"ok","message":null,"data_age_s":0},{"label":"Train","status":"error","message":"Failed to load departures","data_age_s":null}]"#
            ), "\(json)")
        #expect(
            json.contains(#""board":{"board":"Two Stops","now":"2026-11-23T09:30:00+11:00","timezone":"Australia/Sydney","status":"ok""#),
            "the board stays ok: \(json)")
        let page = try await get(port, "/")
        #expect(page.contains(#"<span id="sources">Bus: ok, 0 s old · Train: error (Failed to load departures)</span>"#), "\(page)")
        try await sign.stop()
    }

    @Test func thePageListsEveryAlertInForceWithItsScope() async throws {
        let upstream = try LoopbackHTTPServer { _ in
            .text(
                #"""
                {"data": [{"trip_id": "a", "route_short_name": "T1", "headsign": "Emu Plains", "scheduled_time_secs": 34500,
                           "realtime_time_secs": 34500, "delay_s": 0, "realtime": true}],
                 "alerts": [{"id": "lift", "header": "Lift to platform 18 out of service", "effect": "accessibility_issue",
                             "severity": "info", "stops": ["200060"]},
                            {"id": "t1", "header": "No T1 trains to Emu Plains", "effect": "no_service", "severity": "severe",
                             "routes": ["T1"], "active_until": "2026-11-23T23:00:00+11:00"},
                            {"id": "over", "header": "Track work", "effect": "detour", "active_until": "2026-11-23T04:00:00+11:00"}]}
                """#, contentType: "application/json")
        }
        defer { upstream.stop() }
        let sign = try Self.start(
            """
            name: Alerts
            timezone: Australia/Sydney
            source: {kind: api, base_url: \(upstream.baseURL), stop_id: "200060"}
            display: {width: 128, height: 64, format: mono, font: board-6x12}
            status: {listen: 127.0.0.1:0}

            """)
        let port = try await listening(sign.service)
        let json = try await eventually(port, "/status.json") { $0.contains(#""alerts":["#) }
        #expect(json.contains(#""alert_ids":["lift","t1"]"#), "\(json)")
        let page = try await get(port, "/")
        #expect(
            page.contains(
                #"<span id="alerts">No T1 trains to Emu Plains (no service, severe; routes T1; until 23:00) · Lift to platform 18 out of service (accessibility issue, info; stops 200060)</span>"#
            ), "\(page)")
        try await sign.stop()
    }

    @Test func metricsParseWithPrometheusOwnParser() async throws {
        let upstream = try Upstream()
        let sign = try Self.start(Self.board(upstream))
        let service = sign.service
        let statusPort = try await listening(service)
        _ = try await eventually(statusPort, "/status.json") { $0.contains(#""status":"ok""#) }
        let metrics = try await get(statusPort, "/metrics")
        try await sign.stop()

        // Debian's python3-prometheus-client (installed by .ci/run): the reference parser.
        let python = "/usr/bin/python3"
        #expect(FileManager.default.isExecutableFile(atPath: python), "python3 is required: .ci/run installs python3-prometheus-client")
        let script = """
            import sys
            from prometheus_client.parser import text_string_to_metric_families
            for family in text_string_to_metric_families(sys.stdin.read()):
                for sample in family.samples:
                    print(family.type, sample.name, sample.value)
            """
        let (status, parsed, complaint) = try await Self.runOffTheMainActor(python, ["-c", script], input: metrics)
        #expect(status == 0, "\(complaint)\n\(metrics)")
        #expect(parsed.contains("counter departure_board_fetches_total 1.0"), "\(parsed)")
        #expect(parsed.contains("gauge departure_board_rows 2.0"), "\(parsed)")
        #expect(parsed.contains("gauge process_resident_memory_bytes"), "\(parsed)")
    }

    /// Runs a program with `input` on stdin on a Dispatch thread: blocking reads and waits
    /// must never hold the main actor, which other suites' boards share.
    nonisolated static func runOffTheMainActor(
        _ program: String, _ arguments: [String], input: String
    ) async throws -> (Int32, String, String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        let process = Process()
                        process.executableURL = URL(fileURLWithPath: program)
                        process.arguments = arguments
                        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
                        process.standardInput = stdin
                        process.standardOutput = stdout
                        process.standardError = stderr
                        try process.run()
                        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
                        try stdin.fileHandleForWriting.close()
                        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                        let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                        process.waitUntilExit()
                        return (process.terminationStatus, out, err)
                    })
            }
        }
    }

    @Test func aTokenVariableThatIsNotSetStopsTheStartNamingTheKey() async throws {
        let upstream = try Upstream()
        let scratch = try Scratch()
        let text = Self.board(upstream).replacingOccurrences(
            of: "  listen: 127.0.0.1:0", with: "  listen: 0.0.0.0:0\n  token_env: SIGN_STATUS_TOKEN")
        let path = try scratch.write("board.yaml", text)
        let service = try BoardService(
            path: path, output: .imageFile(scratch.file("frame.png")),
            clock: ManualBoardClock(now: Repository.now), logger: Repository.quietLogger, environment: [:])
        let (events, _) = AsyncStream<ProcessSignal>.makeStream()
        do {
            try await service.run(until: events)
            Issue.record("ran without its token")
        } catch {
            #expect(error.kind == .boardFile)
            #expect(error.message == "\(path): status.token_env: environment variable SIGN_STATUS_TOKEN is not set")
        }
    }

    @Test func withATokenThePageAsksForItAndNeverShowsIt() async throws {
        let upstream = try Upstream()
        let scratch = try Scratch()
        let text = Self.board(upstream).replacingOccurrences(
            of: "  listen: 127.0.0.1:0", with: "  listen: 127.0.0.1:0\n  token_env: SIGN_STATUS_TOKEN")
        let path = try scratch.write("board.yaml", text)
        let service = try BoardService(
            path: path, output: .imageFile(scratch.file("frame.png")), clock: ManualBoardClock(now: Repository.now),
            logger: Repository.quietLogger, environment: ["SIGN_STATUS_TOKEN": "pa55-word"])
        let (events, signals) = AsyncStream<ProcessSignal>.makeStream()
        let running = Task { try await service.run(until: events) }
        let statusPort = try await listening(service)
        let refused = try await client.get(HTTPRequest(url: "http://127.0.0.1:\(statusPort)/"))
        #expect(refused.status == 401)
        let auth = [HTTPHeader(name: "Authorization", value: "Bearer pa55-word")]
        for page in ["/", "/status.json", "/metrics"] {
            let response = try await client.get(HTTPRequest(url: "http://127.0.0.1:\(statusPort)\(page)", headers: auth))
            #expect(response.status == 200)
            #expect(!String(decoding: response.body, as: UTF8.self).contains("pa55-word"), "no secret in \(page)")
        }
        signals.yield(.terminate)
        try await running.value
    }

    /// The server runs beside the sign: killed, it comes back with the same page (the sign's
    /// health outlives it). A board without `status:` starts no server at all.
    @Test func aKilledStatusServerComesBackWithTheSamePage() async throws {
        let upstream = try Upstream()
        let sign = try Self.start(Self.board(upstream))
        let service = sign.service
        _ = try await eventually(try await listening(service), "/status.json") { $0.contains(#""status":"ok""#) }
        let first = try #require(service.statusServerProcess)
        kill(first, SIGKILL)
        for _ in 0..<400 where service.statusServerProcess == first || service.statusPort == nil {
            try await Task.sleep(for: .milliseconds(25))
        }
        let again = try await eventually(try #require(service.statusPort), "/status.json") { $0.contains(#""status":"ok""#) }
        #expect(again.contains(#""headsign":"Emu Plains""#))
        #expect(service.statusServerProcess != first)
        try await sign.stop()
        #expect(service.statusServerProcess == nil)
    }

    @Test func withoutAStatusSectionNoServerStarts() async throws {
        let upstream = try Upstream()
        let text = Self.board(upstream).replacingOccurrences(of: "status:\n  listen: 127.0.0.1:0\n", with: "")
        #expect(!text.contains("status:"))
        let sign = try Self.start(text)
        let frame = sign.scratch.file("frame.png")
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: frame) {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(FileManager.default.fileExists(atPath: frame))
        #expect(sign.service.statusServerProcess == nil && sign.service.statusPort == nil)
        try await sign.stop()
    }

    /// A sign running a board written for the test (frames to an image file, the board's
    /// clock stopped at Repository.now), and the way to stop it.
    @MainActor
    struct StartedSign {
        let scratch: Scratch
        let service: BoardService
        let signals: AsyncStream<ProcessSignal>.Continuation
        let running: Task<Void, any Error>

        func stop() async throws {
            signals.yield(.terminate)
            try await running.value
        }
    }

    static func start(_ boardText: String) throws -> StartedSign {
        let scratch = try Scratch()
        let path = try scratch.write("board.yaml", boardText)
        let service = try BoardService(
            path: path, output: .imageFile(scratch.file("frame.png")),
            clock: ManualBoardClock(now: Repository.now), logger: Repository.quietLogger)
        let (events, signals) = AsyncStream<ProcessSignal>.makeStream()
        let running = Task { try await service.run(until: events) }
        return StartedSign(scratch: scratch, service: service, signals: signals, running: running)
    }
}
