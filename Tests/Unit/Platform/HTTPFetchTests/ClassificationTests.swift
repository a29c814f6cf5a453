import Glibc
@testable import HTTPFetch
import Testing

/// Pure mapping tests: no sockets, so the offline paths are covered without outside traffic.
struct ClassificationTests {
    @Test("DNS failures without an answer are offline and name the host", arguments: [EAI_AGAIN, EAI_FAIL])
    func dnsIsOffline(code: Int32) {
        let error = Classification.resolveFailure(code: code, errno: 0, host: "api.example.org")
        #expect(error.isOffline)
        #expect(error.description.contains("api.example.org"))
    }

    @Test func aNameTheDNSSaysDoesNotExistIsNotOffline() {
        let error = Classification.resolveFailure(code: EAI_NONAME, errno: 0, host: "api.exmaple.org")
        #expect(error == .hostNotFound("no such host api.exmaple.org (name or service not known): check the URL's spelling"))
        #expect(error.description.hasPrefix("host not found: no such host api.exmaple.org"))
    }

    @Test func aSystemErrorDuringLookupIsOfflineWithItsErrno() {
        let error = Classification.resolveFailure(code: EAI_SYSTEM, errno: ENETUNREACH, host: "h")
        #expect(error == .offline("cannot resolve h: network is unreachable"))
    }

    @Test("Unreachable network or host is offline", arguments: [ENETUNREACH, EHOSTUNREACH, ENETDOWN])
    func unreachableIsOffline(errnoValue: Int32) {
        #expect(Classification.connectFailure(errno: errnoValue, address: "192.0.2.1", port: 80).isOffline)
    }

    @Test func refusedIsConnectionFailed() {
        let error = Classification.connectFailure(errno: ECONNREFUSED, address: "127.0.0.1", port: 8080)
        #expect(error == .connectionFailed("127.0.0.1 port 8080: connection refused"))
    }

    @Test func otherSocketErrors() {
        #expect(Classification.connectFailure(errno: ETIMEDOUT, address: "::1", port: 443).isTimedOut)
        #expect(Classification.transferFailure(errno: ECONNRESET) == .connectionFailed("connection reset by peer"))
        #expect(Classification.transferFailure(errno: EPIPE).isConnectionFailed)
        #expect(Classification.transferFailure(errno: ETIMEDOUT).isTimedOut)
    }

    @Test func headerDescriptionIsRedacted() {
        let request = HTTPRequest(url: "http://127.0.0.1/", headers: [HTTPHeader(name: "X-Api-Key", value: "s3cr3t-key")])
        #expect(!String(describing: request).contains("s3cr3t-key"))
        #expect(!String(describing: request.headers[0]).contains("s3cr3t-key"))
    }
}
