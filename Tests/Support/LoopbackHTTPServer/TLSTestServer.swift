import Dispatch
import Glibc

/// Certificates made for one test run with the `openssl` command: a CA (`caFile`), a server
/// certificate it signed for localhost and 127.0.0.1 ("good"), one it signed for another name
/// ("wrong"), and a self-signed one for localhost ("rogue").
public struct TestCertificates: Sendable {
    public let directory: String
    public var caFile: String { directory + "/ca.pem" }

    public static func make() throws -> TestCertificates {
        var template = Array("/tmp/http-fetch-tls-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestSetupError("mkdtemp failed") }
        let directory = String(cString: made)
        let script = """
            set -e
            cd "$1"
            key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1.key" 2>/dev/null; }
            key ca
            openssl req -x509 -key ca.key -out ca.pem -days 3 -subj "/CN=departure-board test CA" \
                -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
            leaf() {
                key "$1"
                openssl req -new -key "$1.key" -out "$1.csr" -subj "/CN=$1"
                printf 'subjectAltName=%s\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n' "$2" > "$1.ext"
                openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -days 3 \
                    -extfile "$1.ext" -out "$1.pem" 2>/dev/null
            }
            leaf good "DNS:localhost,IP:127.0.0.1"
            leaf wrong "DNS:wrong.example"
            key rogue
            openssl req -x509 -key rogue.key -out rogue.pem -days 3 -subj "/CN=localhost" \
                -addext "subjectAltName=DNS:localhost,IP:127.0.0.1"
            """
        let status = try ChildProcess.run(["/bin/sh", "-c", script, "sh", directory])
        guard status == 0 else { throw TestSetupError("openssl could not make the test certificates (exit \(status))") }
        return TestCertificates(directory: directory)
    }

    public func remove() { _ = try? ChildProcess.run(["/bin/rm", "-rf", directory]) }
}

/// A TLS server on 127.0.0.1 (python3's ssl module) that answers every request with `body`,
/// or by default with the SNI name it was offered ("sni=localhost", "sni=None"); "GET /close"
/// gets a body ended by closing. A client that refuses its certificate just ends that connection.
public struct TLSTestServer: Sendable {
    public let port: UInt16
    private let pid: pid_t

    static let script = """
        import socket, ssl, sys
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        offered = {}
        context.sni_callback = lambda sock, name, ctx: offered.__setitem__("sni", name)
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        print(server.getsockname()[1], flush=True)
        while True:
            conn, _ = server.accept()
            conn.settimeout(5)
            offered["sni"] = None
            try:
                tls = context.wrap_socket(conn, server_side=True)
                head = b""
                while b"\\r\\n\\r\\n" not in head:
                    data = tls.recv(4096)
                    if not data:
                        break
                    head += data
                body = sys.argv[3].encode() if len(sys.argv) > 3 else ("sni=%s" % offered["sni"]).encode()
                if head.startswith(b"GET /close "):
                    tls.sendall(b"HTTP/1.1 200 OK\\r\\nConnection: close\\r\\n\\r\\n" + body)
                else:
                    tls.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Length: %d\\r\\n\\r\\n" % len(body) + body)
                tls.close()
            except Exception:
                pass
            finally:
                conn.close()
        """

    /// Starts the server with `certificate` (and its key) from `certificates`, e.g. "good".
    public init(certificates: TestCertificates, certificate: String, body: String? = nil) throws {
        let base = certificates.directory + "/" + certificate
        let arguments = ["python3", "-c", Self.script, base + ".pem", base + ".key"] + (body.map { [$0] } ?? [])
        let (pid, output) = try ChildProcess.spawn(arguments)
        defer { close(output) }
        self.pid = pid
        var pfd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while !line.contains(10), poll(&pfd, 1, 10_000) > 0, read(output, &byte, 1) == 1 { line.append(byte) }
        guard let port = UInt16(String(decoding: line.filter { $0 != 10 }, as: UTF8.self)) else {
            kill(pid, SIGKILL)
            _ = ChildProcess.wait(pid)
            throw TestSetupError("the python3 TLS server did not start")
        }
        self.port = port
    }

    public func stop() {
        kill(pid, SIGKILL)
        _ = ChildProcess.wait(pid)
    }
}

public struct TestSetupError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// posix_spawnp with the test's environment; stdout of `spawn` comes back as a pipe.
public enum ChildProcess {
    static func run(_ arguments: [String]) throws -> Int32 {
        let (pid, output) = try spawn(arguments)
        var sink = [UInt8](repeating: 0, count: 4096)
        while read(output, &sink, sink.count) > 0 {}
        close(output)
        return wait(pid)
    }

    /// Runs `arguments` (the program found on PATH) to the end: its exit status, and what it
    /// wrote on stdout and stderr together.
    public static func output(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let (pid, output) = try spawn(arguments, standardErrorToo: true)
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(output, &chunk, chunk.count), count > 0 { text += chunk[..<count] }
        close(output)
        return (wait(pid), String(decoding: text, as: UTF8.self))
    }

    /// `output` on a Dispatch thread, off Swift's cooperative pool: a compiler run takes seconds,
    /// and the pool has one thread per core, which other tests' async work (draw loops) needs.
    public static func outputOffPool(_ arguments: [String]) async throws -> (status: Int32, text: String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try output(arguments) }) }
        }
    }

    static func spawn(_ arguments: [String], standardErrorToo: Bool = false) throws -> (pid_t, Int32) {
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else { throw TestSetupError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        if standardErrorToo { posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 2) }
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(pipeFDs[1])
        guard rc == 0 else {
            close(pipeFDs[0])
            throw TestSetupError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))")
        }
        return (pid, pipeFDs[0])
    }

    /// A program that writes more than anyone reads: stdout and stderr go to `output`.
    static func spawn(_ arguments: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard rc == 0 else { throw TestSetupError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// The program's path on PATH (or in /usr/sbin and /usr/bin, which a test's PATH may lack).
    static func find(_ program: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin"]
        return directories.map { $0 + "/" + program }.first { access($0, X_OK) == 0 }
    }

    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
