public import Glibc

/// tinyproxy from Debian on 127.0.0.1, started by the test with a configuration written to a
/// folder of its own, and killed by `stop()`. Never assumed to be running already.
public struct TestProxy: Sendable {
    public static let program = "tinyproxy"
    public let port: UInt16
    public let pid: pid_t
    private let directory: String

    public var url: String { "http://127.0.0.1:\(port)" }
    public var hostAndPort: String { "127.0.0.1:\(port)" }

    /// `rules` are more configuration lines: "BasicAuth user secret", "ConnectPort 443",
    /// "Filter \"<file>\"" (a file made with `write(_:as:)` first). Fails, saying how to
    /// install it, when tinyproxy is not installed.
    public static func start(_ rules: [String] = [], files: [String: String] = [:]) throws -> TestProxy {
        guard let executable = ChildProcess.find(program) else {
            throw TestSetupError("\(program) is not installed: run deploy/prepare.sh --tests (Debian package tinyproxy)")
        }
        var template = Array("/tmp/departure-board-proxy-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestSetupError("mkdtemp failed") }
        let directory = String(cString: made)
        do {
            for (name, text) in files { try write(text, to: directory + "/" + name) }
            // The port is free when looked at; another process may take it first, so try a few.
            var lastLog = ""
            for _ in 0..<5 {
                let port = try LoopbackHTTPServer.closedPort()
                let rules = rules.map { $0.replacing("$DIR", with: directory) }
                try write(
                    ([
                        "Port \(port)", "Listen 127.0.0.1", "Timeout 30", "MaxClients 20", "Allow 127.0.0.1",
                        "LogLevel Info",
                    ] + rules).joined(separator: "\n") + "\n", to: directory + "/tinyproxy.conf")
                let pid = try ChildProcess.spawn(
                    [executable, "-d", "-c", directory + "/tinyproxy.conf"],
                    output: directory + "/tinyproxy.log")
                let proxy = TestProxy(port: port, pid: pid, directory: directory)
                if proxy.waitUntilListening() { return proxy }
                proxy.kill()
                lastLog = proxy.log
            }
            throw TestSetupError("\(program) did not start listening:\n\(lastLog)")
        } catch {
            _ = try? ChildProcess.run(["/bin/rm", "-rf", directory])
            throw error
        }
    }

    /// What tinyproxy logged (requests it carried, refusals), for a failing test's message.
    public var log: String {
        guard let file = fopen(directory + "/tinyproxy.log", "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Kills the proxy, waits for it, and removes its folder.
    public func stop() {
        kill()
        _ = try? ChildProcess.run(["/bin/rm", "-rf", directory])
    }

    private func kill() {
        Glibc.kill(pid, SIGKILL)
        _ = ChildProcess.wait(pid)
    }

    /// Connects until the proxy accepts, for up to 10 s; false when it exited first.
    private func waitUntilListening() -> Bool {
        for _ in 0..<200 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return false }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(fd)
            if connected { return true }
            usleep(50_000)
        }
        return false
    }

    private static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw TestSetupError("cannot write \(path)") }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw TestSetupError("cannot write \(path)") }
    }
}
