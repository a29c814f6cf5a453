import Foundation
import TestPaths
import LoopbackHTTPServer
import Testing

/// CTLSLoader reaches OpenSSL through dlsym, so the compiler never sees a call's real target:
/// its table is typed from OpenSSL's own headers instead. A call or a table entry that does not
/// fit OpenSSL's prototype must then fail to build (it would be undefined behaviour at run
/// time), and the object must still reference nothing of OpenSSL, so only dlopen maps libssl.
@Suite struct TLSLoaderTypeTests {
    static let root = PackageRoot.path
    static let loader = root + "/Sources/Platform/CTLSLoader/CTLSLoader.c"
    /// Its own header's folder, and the loaders' shared macros' (CLoaderSupport).
    static let includes = [
        "-I", root + "/Sources/Platform/CTLSLoader/include",
        "-I", root + "/Sources/Platform/C/CLoaderSupport/include",
    ]

    /// A misuse beside the same use with OpenSSL's types, which must build (so the failure is
    /// the misuse's, not the probe's).
    struct Probe: CustomTestStringConvertible, Sendable {
        var name: String
        var wrong: String
        var right: String
        var testDescription: String { name }
    }

    static let probes = [
        Probe(
            name: "SSL_read's length given as a pointer",
            wrong: "int probe(db_tls_session *s, char *text) { return s->library->SSL_read(s->ssl, text, text); }",
            right: "int probe(db_tls_session *s, char *text) { return s->library->SSL_read(s->ssl, text, 4); }"),
        Probe(
            name: "a table entry declared by hand with SSL_read_ex's size_t length",
            wrong: "void probe(const db_tls_library *l) { int (*f)(SSL *, void *, size_t) = l->SSL_read; (void)f; }",
            right: "void probe(const db_tls_library *l) { int (*f)(SSL *, void *, int) = l->SSL_read; (void)f; }"),
        Probe(
            name: "SSL_CTX_set_verify's callback declared as a data pointer",
            wrong: "void probe(const db_tls_library *l) { void (*f)(SSL_CTX *, int, void *) = l->SSL_CTX_set_verify; (void)f; }",
            right: "void probe(const db_tls_library *l) { void (*f)(SSL_CTX *, int, SSL_verify_cb) = l->SSL_CTX_set_verify; (void)f; }"),
        Probe(
            name: "a session freed as a context",
            wrong: "void probe(db_tls_session *s) { s->library->SSL_CTX_free(s->ssl); }",
            right: "void probe(db_tls_session *s) { s->library->SSL_free(s->ssl); }"),
    ]

    /// The C compilers to try: CC (default cc, as Tests/EndToEnd/HUB75 builds with) and the toolchain's clang,
    /// which SwiftPM compiles the target with.
    static let compilers: [String] = {
        var names = [ProcessInfo.processInfo.environment["CC"] ?? "cc"]
        if !names.contains("clang") { names.append("clang") }
        return names.filter { name in
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
        }
    }()

    @Test func theLoaderBuildsWithoutWarningsAndReferencesNoOpenSSLSymbol() async throws {
        #expect(!Self.compilers.isEmpty, "no C compiler on PATH")
        let scratch = try Scratch()
        for compiler in Self.compilers {
            let object = scratch.path("loader.o")
            let build = try await ChildProcess.outputOffPool(
                [compiler, "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-c", Self.loader]
                    + Self.includes + ["-o", object])
            #expect(build.status == 0, "\(compiler): \(build.text)")
            let undefined = try await ChildProcess.outputOffPool(["nm", "--undefined-only", object])
            #expect(undefined.status == 0, "\(undefined.text)")
            #expect(undefined.text.contains("dlsym"), "\(undefined.text)")
            for prefix in ["SSL_", "TLS_", "ERR_", "X509_", "OPENSSL_"] {
                #expect(!undefined.text.contains(" U " + prefix), "\(compiler): the object links OpenSSL: \(undefined.text)")
            }
        }
    }

    @Test(arguments: probes)
    func aCallOrEntryThatDoesNotFitOpenSSLsPrototypeDoesNotBuild(_ probe: Probe) async throws {
        let scratch = try Scratch()
        for compiler in Self.compilers {
            // No -Werror: the loader's own pragmas must make these errors.
            let wrong = try await compile(probe.wrong, with: compiler, in: scratch, flags: [])
            #expect(wrong.status != 0, "\(compiler) built \(probe.name)")
            #expect(wrong.text.contains("error"), "\(compiler): \(wrong.text)")
            let right = try await compile(probe.right, with: compiler, in: scratch, flags: ["-Wall", "-Werror"])
            #expect(right.status == 0, "\(compiler): \(right.text)")
        }
    }

    private func compile(
        _ code: String, with compiler: String, in scratch: Scratch, flags: [String]
    ) async throws -> (status: Int32, text: String) {
        let file = scratch.path("probe.c")
        try "#include \"\(Self.loader)\"\n\(code)\n".write(toFile: file, atomically: true, encoding: .utf8)
        return try await ChildProcess.outputOffPool([compiler, "-std=gnu11", "-fsyntax-only"] + Self.includes + flags + [file])
    }

    /// A private folder for one test's files.
    final class Scratch {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("tls-loader-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }
}
