@testable import HTTPFetch
import Testing

/// The one URL parser and RFC 3986 §5 reference resolution, with the RFC's own examples.
struct URLResolutionTests {
    static let base = "http://a/b/c/d;p?q"

    /// RFC 3986 §5.4.1. An empty path is "/" here ("//g" gives "http://g/"): HTTP sends "/" for it anyway.
    @Test(arguments: [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g/"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q"),
        ("g#s", "http://a/b/c/g"), ("g?y#s", "http://a/b/c/g?y"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
        ("../../", "http://a/"), ("../../g", "http://a/g"),
    ])
    func normalExamples(reference: String, expected: String) throws {
        #expect(try HTTPURL(Self.base).resolving(reference).description == expected)
    }

    /// RFC 3986 §5.4.2: more ".." than segments, dots inside names, queries that look like paths.
    @Test(arguments: [
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g"), ("g#s/../x", "http://a/b/c/g"),
    ])
    func abnormalExamples(reference: String, expected: String) throws {
        #expect(try HTTPURL(Self.base).resolving(reference).description == expected)
    }

    @Test func absoluteAndSchemeRelativeReferencesKeepTheirOwnAuthority() throws {
        let base = try HTTPURL("https://user:pw@feeds.example/gtfs/rt")
        let absolute = try base.resolving("http://other.example:8080/a/./b/../c?x#f")
        #expect(absolute == HTTPURL(scheme: .http, host: "other.example", port: 8080, target: "/a/c?x"))
        let schemeRelative = try base.resolving("//[::1]:8443/z")
        #expect(schemeRelative == HTTPURL(scheme: .https, host: "::1", port: 8443, target: "/z"))
        let relative = try base.resolving("../v2/rt")
        #expect(relative.userinfo == "user:pw", "same authority, same userinfo")
        #expect(relative.description == "https://feeds.example/v2/rt", "printed without the userinfo")
        #expect(try base.resolving("  /spaced  ").target == "/spaced", "optional whitespace trimmed")
        #expect(try base.resolving("/caf\u{E9}").target == "/caf%C3%A9")
    }

    @Test func schemeRules() throws {
        // "http:g" is absolute by RFC 3986's strict rule, and has no host.
        #expect(throws: HTTPFetchError.self) { try HTTPURL(Self.base).resolving("http:g") }
        #expect(throws: HTTPFetchError.invalidURL("redirect to a non-HTTP location")) {
            try HTTPFetchClient.redirect(from: HTTPURL(Self.base), to: "ftp://a/file")
        }
        #expect(throws: HTTPFetchError.invalidURL("redirect to a non-HTTP location")) {
            try HTTPFetchClient.redirect(from: HTTPURL(Self.base), to: "mailto:someone@example.org")
        }
        #expect(throws: HTTPFetchError.invalidURL("redirect to a bad URL: bad port")) {
            try HTTPFetchClient.redirect(from: HTTPURL(Self.base), to: "//a:99999/")
        }
        #expect(throws: HTTPFetchError.invalidURL("redirect to a bad URL: the URL contains a space or control character")) {
            try HTTPFetchClient.redirect(from: HTTPURL(Self.base), to: "/a b")
        }
        // A colon after a slash starts no scheme: a relative path.
        #expect(try HTTPURL(Self.base).resolving("./x:y").description == "http://a/b/c/x:y")
    }

    @Test func portsHostsAndOrigins() throws {
        let plain = try HTTPURL("http://Example.ORG/")
        #expect(plain.explicitPort == nil && plain.port == 80)
        #expect(try HTTPURL("http://example.org:80/").explicitPort == 80)
        #expect(try HTTPURL("https://[2001:db8::1]/").port == 443)
        #expect(try HTTPURL("https://[2001:db8::1]/").hostAndPort == "[2001:db8::1]:443")
        #expect(try HTTPURL("http://h:8080").hostAndPort == "h:8080")
        #expect(try plain.origin == HTTPURL("http://example.org:80/x").origin, "host case and a default port do not matter")
        #expect(try plain.origin != HTTPURL("https://example.org/").origin)
        #expect(try HTTPURL("http://a@b@h/").userinfo == "a@b", "the last @ ends the userinfo")
    }

    @Test func dotSegmentRemoval() {
        #expect(HTTPURL.removingDotSegments("/a/b/c/./../../g") == "/a/g")
        #expect(HTTPURL.removingDotSegments("mid/content=5/../6") == "/mid/6")
        #expect(HTTPURL.removingDotSegments("/..") == "/")
        #expect(HTTPURL.removingDotSegments("") == "/")
    }
}
