@testable import HTTPFetch
import Testing

/// URL parts, redirect targets and the request head: pure, no sockets.
struct HTTPURLTests {
    @Test func partsOfAnHTTPSURL() throws {
        let url = try HTTPURL("HTTPS://user:p%40ss@Feeds.Example.org:8443/gtfs/rt?key=1#top")
        #expect(
            url
                == HTTPURL(
                    scheme: .https, userinfo: "user:p%40ss", host: "Feeds.Example.org", port: 8443,
                    target: "/gtfs/rt?key=1"))
        #expect(url.authority == "Feeds.Example.org:8443")
        #expect(!url.hostIsAddress)
    }

    @Test func defaultsAndLiterals() throws {
        #expect(try HTTPURL("http://example.org").target == "/")
        #expect(try HTTPURL("http://example.org?x=1").target == "/?x=1")
        #expect(try HTTPURL("http://example.org:80/").authority == "example.org")
        #expect(try HTTPURL("https://[::1]:8443/").authority == "[::1]:8443")
        #expect(try HTTPURL("https://[::1]/").host == "::1")
        #expect(try HTTPURL("https://10.0.0.7/").hostIsAddress)
        #expect(try HTTPURL("http://h/caf\u{E9}").target == "/caf%C3%A9")
    }

    @Test(
        "Refused URLs",
        arguments: [
            "ftp://example.org/", "example.org/path", "http://", "http://[::1", "http://[nope]/", "http://h:0/",
            "http://h:65536/", "http://h:8o/", "http://h/a b", "http://ex ample.org/", "http://bücher.example/",
        ])
    func refused(url: String) {
        #expect(throws: HTTPFetchError.self) { try HTTPURL(url) }
        guard case .invalidURL = Result(catching: { () throws(HTTPFetchError) in try HTTPURL(url) }).failure else {
            Issue.record("\(url) should be .invalidURL")
            return
        }
    }

    @Test(arguments: [
        ("http://a/b/c/d?q", "/x", "http://a/x"),
        ("http://a/b/c/d?q", "x", "http://a/b/c/x"),
        ("http://a/b/c/d?q", "../x?y", "http://a/b/x?y"),
        ("http://a/b/c/d?q", "./", "http://a/b/c/"),
        ("http://a/b/c/d?q", "?y", "http://a/b/c/d?y"),
        ("http://a/b/c/d?q", "//other:81/z", "http://other:81/z"),
        ("http://a/b/c/d?q", "https://b/", "https://b/"),
        ("http://a:8080", "next", "http://a:8080/next"),
        ("http://a/b", "/../../x", "http://a/x"),
        ("http://a/b#f", "", "http://a/b"),
    ])
    func redirectTargets(base: String, location: String, expected: String) throws {
        #expect(try HTTPURL(base).resolving(location).description == expected)
    }

    @Test func theRequestHeadCarriesOursAndTheCallersHeaders() throws {
        let url = try HTTPURL("http://Aladdin:open%20sesame@h:8080/p?q")
        let head = String(
            decoding: RequestHead.bytes(
                for: url,
                headers: [
                    HTTPHeader(name: "X-Api-Key", value: "k"), HTTPHeader(name: "user-agent", value: "mine"),
                    HTTPHeader(name: "X-Empty", value: ""), HTTPHeader(name: "Connection", value: "keep-alive"),
                ]), as: UTF8.self)
        #expect(
            head == """
                GET /p?q HTTP/1.1\r
                Host: h:8080\r
                Accept-Encoding: gzip, deflate\r
                Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==\r
                X-Api-Key: k\r
                user-agent: mine\r
                X-Empty:\r
                Connection: close\r
                \r

                """)
    }

    @Test func percentDecoding() {
        #expect(RequestHead.percentDecoded("a%40b%2fc") == Array("a@b/c".utf8))
        #expect(RequestHead.percentDecoded("100%+4%2") == Array("100%+4%2".utf8), "not an escape: kept")
    }

    @Test func base64() {
        #expect(RequestHead.base64([]) == "")
        #expect(RequestHead.base64(Array("f".utf8)) == "Zg==")
        #expect(RequestHead.base64(Array("fo".utf8)) == "Zm8=")
        #expect(RequestHead.base64(Array("foo".utf8)) == "Zm9v")
        #expect(RequestHead.base64(Array("foob".utf8)) == "Zm9vYg==")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
