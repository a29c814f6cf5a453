import Glibc
import HTTPFetch
import Testing

/// Pure mapping tests: no sockets, so the offline paths are covered without outside traffic.
/// Numbers are libcurl's stable CURLcode values.
struct ClassificationTests {
    @Test("DNS failures are offline", arguments: [5 /* RESOLVE_PROXY */, 6 /* RESOLVE_HOST */])
    func dnsIsOffline(code: Int) {
        #expect(CurlHTTPClient.classify(curlCode: code, osErrno: 0).isOffline)
    }

    @Test("Unreachable network or host is offline", arguments: [ENETUNREACH, EHOSTUNREACH, ENETDOWN])
    func unreachableIsOffline(errnoValue: Int32) {
        #expect(CurlHTTPClient.classify(curlCode: 7, osErrno: Int(errnoValue)).isOffline)
    }

    @Test func refusedIsConnectionFailed() {
        let error = CurlHTTPClient.classify(curlCode: 7, osErrno: Int(ECONNREFUSED))
        #expect(error.isConnectionFailed)
        #expect(error.description.contains("refused"))
    }

    @Test("TLS codes", arguments: [35 /* SSL_CONNECT */, 60 /* PEER_FAILED_VERIFICATION */, 58, 77, 83, 90, 91])
    func tlsCodes(code: Int) {
        #expect(CurlHTTPClient.classify(curlCode: code, osErrno: 0).isTLS)
    }

    @Test func otherCodes() {
        #expect(CurlHTTPClient.classify(curlCode: 28, osErrno: 0).isTimedOut)
        #expect(CurlHTTPClient.classify(curlCode: 52, osErrno: 0).isConnectionFailed)  // GOT_NOTHING
        #expect(CurlHTTPClient.classify(curlCode: 56, osErrno: Int(ECONNRESET)).isConnectionFailed)
        #expect(CurlHTTPClient.classify(curlCode: 18, osErrno: 0).isConnectionFailed)  // PARTIAL_FILE
        #expect(CurlHTTPClient.classify(curlCode: 3, osErrno: 0).isInvalidURL)
        #expect(CurlHTTPClient.classify(curlCode: 1, osErrno: 0).isInvalidURL)
        #expect(CurlHTTPClient.classify(curlCode: 63, osErrno: 0, responseLimit: 10) == .responseTooLarge(limit: 10))
        #expect(CurlHTTPClient.classify(curlCode: 42, osErrno: 0) == .cancelled)
        guard case .other = CurlHTTPClient.classify(curlCode: 47, osErrno: 0) else {
            Issue.record("too many redirects should be .other")
            return
        }
    }

    @Test func headerDescriptionIsRedacted() {
        let request = HTTPRequest(url: "http://127.0.0.1/", headers: [HTTPHeader(name: "X-Api-Key", value: "s3cr3t-key")])
        #expect(!String(describing: request).contains("s3cr3t-key"))
        #expect(!String(describing: request.headers[0]).contains("s3cr3t-key"))
    }
}
