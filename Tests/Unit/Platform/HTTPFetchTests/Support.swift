import Glibc
import HTTPFetch
import LoopbackHTTPServer

/// Runs `body` against a fresh loopback server and always stops it (no leaked threads or fds).
func withServer<T>(
    _ handler: @escaping @Sendable (RecordedRequest) -> Reply,
    _ body: (LoopbackHTTPServer) async throws -> T
) async throws -> T {
    let server = try LoopbackHTTPServer(handler: handler)
    defer { server.stop() }
    return try await body(server)
}

/// The request's outcome as a value, so tests can assert on either side.
func fetch(_ request: HTTPRequest) async -> Result<HTTPResponse, HTTPFetchError> {
    await outcome(HTTPFetchClient(), request)
}

/// `client`'s outcome for a GET of `url`, with a request timeout loose enough for a loaded machine.
func outcome(_ client: HTTPFetchClient, _ url: String) async -> Result<HTTPResponse, HTTPFetchError> {
    await outcome(client, HTTPRequest(url: url, limits: FetchLimits(requestTimeout: .seconds(10))))
}

private func outcome(_ client: HTTPFetchClient, _ request: HTTPRequest) async -> Result<HTTPResponse, HTTPFetchError> {
    do {
        return .success(try await client.get(request))
    } catch {
        return .failure(error)
    }
}

/// Runs `body` against a python3 TLS server on 127.0.0.1 with `certificate` ("good",
/// "wrong", "rogue") from certificates made for it, and always stops it.
func withTLSServer(
    _ certificate: String, _ body: (TestCertificates, TLSTestServer) async throws -> Void
) async throws {
    let certificates = try TestCertificates.make()
    defer { certificates.remove() }
    let server = try TLSTestServer(certificates: certificates, certificate: certificate)
    defer { server.stop() }
    try await body(certificates, server)
}

extension Result where Failure == HTTPFetchError {
    var error: HTTPFetchError? {
        if case .failure(let e) = self { return e }
        return nil
    }
    var response: Success? { try? get() }
}

extension HTTPFetchError {
    var isTimedOut: Bool { if case .timedOut = self { true } else { false } }
    var isConnectionFailed: Bool { if case .connectionFailed = self { true } else { false } }
    var isOffline: Bool { if case .offline = self { true } else { false } }
    var isTLS: Bool { if case .tls = self { true } else { false } }
    var isInvalidURL: Bool { if case .invalidURL = self { true } else { false } }
}

/// Number of open file descriptors in this process.
func openFileDescriptorCount() -> Int { procEntryCount("/proc/self/fd") }

/// Number of threads in this process.
func threadCount() -> Int { procEntryCount("/proc/self/task") }

private func procEntryCount(_ path: String) -> Int {
    guard let dir = opendir(path) else { return -1 }
    defer { closedir(dir) }
    var count = 0
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { count += 1 }
    }
    return count
}

func milliseconds(_ d: Duration) -> Double {
    let (s, a) = d.components
    return Double(s) * 1000 + Double(a) / 1e15
}
