import Testing
@testable import BoardConfig

@Suite struct StatusSectionTests {
    func board(_ status: String) -> String {
        "source:\n  kind: demo\nstatus:\n" + status
    }

    @Test func noSectionMeansNoServer() throws {
        #expect(try loader.parse("source:\n  kind: demo\n", path: "b.yaml").status == nil)
    }

    @Test func loopbackNeedsNoToken() throws {
        let parsed = try loader.parse(board("  listen: 127.0.0.1:8081\n"), path: "b.yaml")
        #expect(parsed.status == StatusSettings(listen: ListenAddress(host: "127.0.0.1", port: 8081)))
        let v6 = try loader.parse(board("  listen: \"[::1]:9000\"\n"), path: "b.yaml")
        #expect(v6.status?.listen == ListenAddress(host: "::1", port: 9000))
        #expect(v6.status?.listen.description == "[::1]:9000")
        // An empty section serves on the default loopback port.
        #expect(try loader.parse(board("  {}\n"), path: "b.yaml").status?.listen.description == "127.0.0.1:8080")
    }

    @Test func aNonLoopbackAddressWithoutATokenIsRefusedNamingTheKey() {
        let error = boardError { () throws(BoardFileError) in try loader.parse(board("  listen: 0.0.0.0:8080\n"), path: "b.yaml") }
        #expect(
            error?.description.hasPrefix("b.yaml:4:11: status.token_env: required when listen is not a loopback address (0.0.0.0:8080)")
                == true,
            "\(String(describing: error))")
    }

    @Test func tokensComeFromAVariableOrAFileOnly() throws {
        let env = try loader.parse(board("  listen: 0.0.0.0:8080\n  token_env: SIGN_TOKEN\n"), path: "/etc/b.yaml")
        #expect(env.status?.token == .environment("SIGN_TOKEN"))
        let file = try loader.parse(board("  listen: 192.168.1.20:80\n  token_file: token.txt\n"), path: "/etc/departure-board/b.yaml")
        #expect(file.status?.token == .file("/etc/departure-board/token.txt"))
        let both = boardError { () throws(BoardFileError) in
            try loader.parse(board("  token_env: A\n  token_file: b\n"), path: "b.yaml")
        }
        #expect(both?.description.contains("status.token_file: use either token_env or token_file, not both") == true)
        let literal = boardError { () throws(BoardFileError) in try loader.parse(board("  token: hunter2\n"), path: "b.yaml") }
        #expect(literal?.description.contains("status.token") == true, "a token itself is not a key")
    }

    @Test(arguments: [
        ("8080", "expected host:port, such as 127.0.0.1:8080; got '8080'"),
        (":8080", "expected host:port with a host"),
        ("127.0.0.1:99999", "port must be 0 to 65535; got '99999'"),
        ("::1:8080", "write IPv6 addresses in brackets, such as [::1]:8080"),
        ("127.0.0.1:http", "port must be 0 to 65535; got 'http'"),
    ])
    func badAddressesSayWhy(_ text: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try loader.parse(board("  listen: \"\(text)\"\n"), path: "b.yaml") }
        #expect(error?.description.contains("status.listen: " + message) == true, "\(String(describing: error))")
    }

    @Test func loopbackIsOnlyThisMachine() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1"] {
            #expect(ListenAddress(host: host, port: 1).isLoopback, "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.2", "127.0.0.1.example.com", "1270.0.0.1"] {
            #expect(!ListenAddress(host: host, port: 1).isLoopback, "\(host)")
        }
    }
}
