import LoopbackHTTPServer
import Testing

/// What the binary maps: libcurl is gone, and libssl/libcrypto are loaded only when an
/// https request is made (resident memory on every board otherwise). The dynamic loader's
/// own trace (LD_DEBUG=libs, on stderr) names every library it loads.
@Suite(.serialized)
struct SharedLibraryTests {
    static let now = "2026-11-23T09:30:00+11:00"

    func render(apiBase: String) async throws -> String {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run(["render", "--api-base", apiBase, "--stop", "1", "--now", Self.now,
                                     "--output", scratch.path("state.json")], environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        #expect(run.stderr.contains("calling init:"), "the loader's trace is there")
        return run.stderr
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
}
