import Foundation
import LoopbackHTTPServer
import Testing

/// What the binary maps: libcurl is gone, and libssl/libcrypto are loaded only when an
/// https request is made (resident memory on every board otherwise). The dynamic loader's
/// own trace (LD_DEBUG=libs, on stderr) names every library it loads. And https end to end,
/// trusting the system's default verify paths.
@Suite(.serialized)
struct SharedLibraryTests {
    static let now = "2026-11-23T09:30:00+11:00"

    func render(apiBase: String) async throws -> String {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(
            [
                "render", "--api-base", apiBase, "--stop", "1", "--now", Self.now,
                "--output", scratch.path("state.json"),
            ], environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        #expect(run.stderr.contains("calling init:"), "the loader's trace is there")
        return run.stderr
    }

    /// The board's state after one https fetch from a server whose certificate only the test CA vouches for.
    func renderOverTLS(environment: [String: String]) async throws -> (state: String, stderr: String) {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let body =
            #"{"data": [{"trip_id": "x", "route_short_name": "T4", "headsign": "Cronulla", "scheduled_time_secs": 34380, "realtime_time_secs": 34380, "delay_s": 0, "realtime": true}]}"#
        let server = try TLSTestServer(certificates: certificates, certificate: "good", body: body)
        defer { server.stop() }
        let scratch = try ScratchDirectory()
        let environment = environment.mapValues { $0.replacing("$CA", with: certificates.caFile) }
        let run = try await CLI.run(
            [
                "render", "--api-base", "https://localhost:\(server.port)", "--stop", "1", "--now", Self.now,
                "--output", scratch.path("state.json"),
            ], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        return (try scratch.read("state.json"), run.stderr)
    }

    @Test func aPlainHTTPBoardLoadsNoTLSOrCurlLibrary() async throws {
        let server = try LoopbackHTTPServer { _ in .text(#"{"data": []}"#) }
        defer { server.stop() }
        let trace = try await render(apiBase: server.baseURL)
        for library in ["libcurl", "libssl", "libcrypto", "libgnutls"] {
            #expect(!trace.contains(library), "\(library) was loaded")
        }
    }

    @Test func anHTTPSRequestLoadsLibsslThen() async throws {
        // Plain HTTP behind an https URL: the handshake fails, after libssl was loaded for it.
        let server = try LoopbackHTTPServer { _ in .text("not TLS") }
        defer { server.stop() }
        let trace = try await render(apiBase: "https://127.0.0.1:\(server.port)")
        #expect(trace.contains("libssl.so.3"))
    }

    /// FreeType is loaded by the first font that needs it: a board in the bundled BDF fonts
    /// never maps it, nor the libpng and brotli it brings; DejaVu Sans (a TrueType font) does.
    @Test func freeTypeIsLoadedOnlyForAFontThatNeedsIt() async throws {
        let scratch = try ScratchDirectory()
        func render(_ board: String) async throws -> String {
            let run = try await CLI.run(
                [
                    "render", "--board", CLI.packageRoot.appendingPathComponent("Boards/\(board)").path,
                    "--now", Self.now, "--output", scratch.path("\(board).png"),
                ], environment: ["LD_DEBUG": "libs"])
            #expect(run.status == 0, "\(board): \(run.stderr.suffix(2000))")
            #expect(run.stderr.contains("calling init:"), "the loader's trace is there")
            return run.stderr
        }
        let bdf = try await render("ssd1322-spi.yaml")
        for library in ["libfreetype", "libpng", "libbrotli"] {
            #expect(!bdf.contains(library), "\(library) was loaded for a BDF board")
        }
        let trueType = try await render("hdmi-fbdev.yaml")
        #expect(trueType.contains("libfreetype.so.6"))
    }

    @Test func theSystemTrustStoreHonoursSSLCertFile() async throws {
        let trusted = try await renderOverTLS(environment: ["SSL_CERT_FILE": "$CA"])
        #expect(trusted.state.contains(#""route":"T4","headsign":"Cronulla""#), "\(trusted.stderr)")

        let untrusted = try await renderOverTLS(environment: [:])
        #expect(untrusted.state.contains(#""status":"error""#))
        #expect(untrusted.stderr.contains("certificate verify failed (unable to get local issuer certificate)"))
    }
}
