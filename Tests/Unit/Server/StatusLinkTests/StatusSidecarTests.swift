import TestTiming
import Foundation
import HTTPFetch
import LogCapture
import Logging
import StatusLink
import Locking
import Retry
import Testing
import WebMessages

/// The sign's side of the status page with the real server program (departure-board-web,
/// built beside this test binary): it answers what the server forwards, comes back after the
/// server is killed, and leaves no process behind.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct StatusSidecarTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    static var server: String {
        get throws { try #require(HelperExecutable.find(HelperExecutable.webServerName), "departure-board-web is built beside the tests") }
    }

    static func sidecar(executable: String, logger: Logger = logger, token: String? = nil) -> StatusSidecar {
        var settings = StatusSidecar.Settings(
            executable: executable, config: StatusServerConfig(host: "127.0.0.1", port: 0, token: token),
            logLevel: "error", address: { "127.0.0.1:\($0)" })
        settings.backoff = Backoff(first: .milliseconds(50), cap: .milliseconds(200), resetAfter: .seconds(60))
        return StatusSidecar(settings, logger: logger) { request in
            if request.path == "/metrics" {
                return .metrics([MetricSample("sidecar_test_total", .counter, help: "A test counter.", value: 3)])
            }
            return .response(.bytes(Array("answered \(request.path)".utf8), type: "text/plain"))
        }
    }

    /// Until `condition` holds; the suite's time limit catches a hang.
    static func eventually(_ condition: () -> Bool) async throws {
        #expect(await TestTiming.eventually(every: .milliseconds(25), condition))
    }

    static func get(_ port: Int, _ path: String, token: String? = nil) async throws -> (Int, String) {
        let headers = token.map { [HTTPHeader(name: "Authorization", value: "Bearer \($0)")] } ?? []
        let response = try await HTTPFetchClient().get(
            HTTPRequest(
                url: "http://127.0.0.1:\(port)\(path)", headers: headers,
                limits: FetchLimits(requestTimeout: .seconds(10), resourceTimeout: .seconds(20))))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    /// Runs `body` with the sidecar started, and stops it however the body ends.
    static func running(_ sidecar: StatusSidecar, _ body: (StatusSidecar) async throws -> Void) async throws {
        sidecar.start()
        do {
            try await body(sidecar)
        } catch {
            await sidecar.stop()
            throw error
        }
        await sidecar.stop()
    }

    static func alive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }

    @Test func answersForwardedRequestsAndMetricsInPrometheusFormat() async throws {
        let sidecar = Self.sidecar(executable: try Self.server)
        try await Self.running(sidecar) { sidecar in
            try await Self.eventually { sidecar.port != nil }
            let port = try #require(sidecar.port)
            #expect(try await Self.get(port, "/status.json") == (200, "answered /status.json"))
            let (status, metrics) = try await Self.get(port, "/metrics")
            #expect(status == 200)
            #expect(metrics.contains("# TYPE sidecar_test_total counter\nsidecar_test_total 3"), "\(metrics)")
        }
    }

    @Test func theTokenTravelsOverTheLinkAndIsAskedOfClients() async throws {
        let sidecar = Self.sidecar(executable: try Self.server, token: "link-token")
        try await Self.running(sidecar) { sidecar in
            try await Self.eventually { sidecar.port != nil }
            let port = try #require(sidecar.port)
            #expect(try await Self.get(port, "/").0 == 401)
            #expect(try await Self.get(port, "/", token: "link-token") == (200, "answered /"))
            // Not in the server's command line or environment.
            let pid = try #require(sidecar.serverProcess)
            let seen =
                try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
                + String(decoding: FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data(), as: UTF8.self)
            #expect(!seen.contains("link-token"))
        }
    }

    @Test func aKilledServerIsLoggedByNameAndRestarted() async throws {
        let lines = LogLines()
        let sidecar = Self.sidecar(executable: try Self.server, logger: .capturing(into: lines))
        try await Self.running(sidecar) { sidecar in
            try await Self.eventually { sidecar.port != nil }
            let first = try #require(sidecar.serverProcess)
            kill(first, SIGKILL)
            try await Self.eventually { sidecar.starts == 2 && sidecar.port != nil }
            #expect(sidecar.serverProcess != first)
            #expect(try await Self.get(#require(sidecar.port), "/again") == (200, "answered /again"))
            #expect(
                lines.all.contains {
                    $0.hasPrefix("error: status server ") && $0.contains("departure-board-web (pid \(first)) was killed by signal 9")
                },
                "\(lines.all)")
        }
    }

    @Test func stopEndsTheServerProcess() async throws {
        let sidecar = Self.sidecar(executable: try Self.server)
        sidecar.start()
        try await Self.eventually { sidecar.port != nil }
        let pid = try #require(sidecar.serverProcess)
        // Even a server that stopped reading (SIGSTOP) does not hold the sign up.
        kill(pid, SIGSTOP)
        await sidecar.stop()
        #expect(!Self.alive(pid))
        #expect(sidecar.serverProcess == nil)
    }

    @Test func aServerSpeakingGarbageIsKilledAndReplaced() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sidecar-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("garbage-server").path
        // A frame of 5 bytes of kind 99, then silence.
        try "#!/bin/sh\nprintf '\\000\\000\\000\\005\\143abcd' >&3\nexec sleep 30\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let lines = LogLines()
        let sidecar = Self.sidecar(executable: script, logger: .capturing(into: lines))
        try await Self.running(sidecar) { sidecar in
            try await Self.eventually { sidecar.starts >= 2 }
            #expect(lines.all.contains("error: status server link: unknown message kind"), "\(lines.all)")
            #expect(sidecar.port == nil)
        }
    }

    @Test func aMissingProgramIsLoggedAndRetriedWithoutCrashing() async throws {
        let lines = LogLines()
        let sidecar = Self.sidecar(executable: "/nonexistent/departure-board-web", logger: .capturing(into: lines))
        sidecar.start()
        try await Self.eventually {
            lines.all.filter { $0.contains("cannot start /nonexistent/departure-board-web: No such file or directory") }.count >= 2
        }
        await sidecar.stop()
        #expect(sidecar.starts == 0)
    }
}
