@testable import HTTPFetch
import LoopbackHTTPServer
import Testing

/// HTTPS against a real TLS server on 127.0.0.1 with certificates made for the run: the
/// client trusts the test CA only through its `trustStore`.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct HTTPSTests {
    @Test func aTrustedCertificateForTheNameIsAccepted() async throws {
        try await withTLSServer("good") { certificates, server in
            let client = HTTPFetchClient(trustStore: certificates.caFile)
            let response = try await client.get(HTTPRequest(url: "https://localhost:\(server.port)/"))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "sni=localhost", "the name went out as SNI")

            let closing = try await client.get(HTTPRequest(url: "https://localhost:\(server.port)/close"))
            #expect(String(decoding: closing.body, as: UTF8.self) == "sni=localhost", "a body ended by close")
        }
    }

    @Test func anIPAddressIsCheckedAsOneAndSentWithoutSNI() async throws {
        try await withTLSServer("good") { certificates, server in
            let response = try await HTTPFetchClient(trustStore: certificates.caFile)
                .get(HTTPRequest(url: "https://127.0.0.1:\(server.port)/"))
            #expect(String(decoding: response.body, as: UTF8.self) == "sni=None")
        }
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        try await withTLSServer("wrong") { certificates, server in
            let client = HTTPFetchClient(trustStore: certificates.caFile)
            let byName = await outcome(client, "https://localhost:\(server.port)/")
            #expect(byName.error == .tls("certificate verify failed (hostname mismatch)"))
            let byAddress = await outcome(client, "https://127.0.0.1:\(server.port)/")
            #expect(byAddress.error == .tls("certificate verify failed (IP address mismatch)"))
        }
    }

    @Test func anUntrustedCertificateIsRefused() async throws {
        try await withTLSServer("rogue") { certificates, server in
            let result = await outcome(HTTPFetchClient(trustStore: certificates.caFile), "https://localhost:\(server.port)/")
            #expect(result.error == .tls("certificate verify failed (self-signed certificate)"))
        }
        try await withTLSServer("good") { _, server in
            // The system's roots do not include the test CA.
            let result = await outcome(HTTPFetchClient(), "https://localhost:\(server.port)/")
            #expect(result.error == .tls("certificate verify failed (unable to get local issuer certificate)"))
            #expect(result.error?.description == "TLS error: certificate verify failed (unable to get local issuer certificate)")
        }
    }

    @Test func aPlainHTTPServerIsNotMistakenForTLS() async throws {
        try await withServer({ _ in .text("plain") }) { server in
            let result = await outcome(HTTPFetchClient(), "https://127.0.0.1:\(server.port)/")
            #expect(result.error?.isTLS == true, "\(result)")
        }
    }

    @Test func anUnreadableTrustStoreIsNamed() async throws {
        try await withTLSServer("good") { _, server in
            let result = await outcome(HTTPFetchClient(trustStore: "/nonexistent/ca.pem"), "https://localhost:\(server.port)/")
            guard case .tls(let message) = result.error else {
                Issue.record("expected .tls, got \(result)")
                return
            }
            #expect(message.hasPrefix("cannot load trusted certificates from /nonexistent/ca.pem"))
        }
    }

    @Test func aMissingLibraryNamesItAndItsPackage() {
        guard case .failed(let message) = TLSLibrary.open("libssl-missing.so.3") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(message.hasPrefix("cannot load libssl-missing.so.3 (Debian package libssl3)"))
    }
}
