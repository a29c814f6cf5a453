import Foundation
import LoopbackHTTPServer
import Locking

/// Debian's nginx as the HTTP cache in front of a hub: the configuration in deploy/FLEET.md,
/// with every path inside a scratch folder, run in the foreground as one process so a
/// test can always end it.
final class NginxProcess {
    static let binary = "/usr/sbin/nginx"

    let port: Int
    private let process = Process()
    private let prefix: String

    init(proxyingTo hubPort: Int, in scratch: Scratch) throws {
        prefix = scratch.file("nginx")
        for folder in ["", "/tmp", "/cache"] {
            try FileManager.default.createDirectory(atPath: prefix + folder, withIntermediateDirectories: true)
        }
        port = Int(try LoopbackHTTPServer.closedPort())
        let config = Self.config(prefix: prefix, port: port, hubPort: hubPort)
        try config.write(toFile: prefix + "/nginx.conf", atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: prefix + "/stderr.log", contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["-p", prefix, "-c", prefix + "/nginx.conf", "-g", "daemon off;"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: prefix + "/stderr.log"))
        try Self.runWithSignalsUnblocked(process)
    }

    /// A child inherits its spawning thread's signal mask, and the test runner's threads
    /// block SIGTERM: nginx would never see it. So spawn from a thread that blocks nothing.
    private static func runWithSignalsUnblocked(_ process: Process) throws {
        let outcome = Locked<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var nothing = sigset_t()
            sigemptyset(&nothing)
            pthread_sigmask(SIG_SETMASK, &nothing, nil)
            do { try process.run() } catch { outcome.withLock { $0 = error } }
            done.signal()
        }
        thread.start()
        done.wait()
        if let error = outcome.withLock({ $0 }) { throw error }
    }

    deinit { stop() }

    /// The cache of deploy/FLEET.md ("nginx in front"): keyed by URL, fresh for the hub's max-age,
    /// stale answers while it updates in the background (stale-while-revalidate), one
    /// request to the hub per expired stop (lock).
    static func config(prefix: String, port: Int, hubPort: Int) -> String {
        """
        master_process off;
        pid \(prefix)/nginx.pid;
        error_log \(prefix)/error.log warn;
        events { worker_connections 2048; }
        http {
            access_log off;
            client_body_temp_path \(prefix)/tmp/body;
            proxy_temp_path \(prefix)/tmp/proxy;
            fastcgi_temp_path \(prefix)/tmp/fastcgi;
            uwsgi_temp_path \(prefix)/tmp/uwsgi;
            scgi_temp_path \(prefix)/tmp/scgi;
            proxy_cache_path \(prefix)/cache levels=1:2 keys_zone=departures:1m max_size=64m inactive=1h use_temp_path=off;
            upstream hub {
                server 127.0.0.1:\(hubPort);
                keepalive 8;
            }
            server {
                listen 127.0.0.1:\(port);
                location / {
                    proxy_pass http://hub;
                    proxy_http_version 1.1;
                    proxy_set_header Connection "";
                    proxy_cache departures;
                    proxy_cache_lock on;
                    proxy_cache_lock_timeout 5s;
                    # No proxy_cache_use_stale: the hub's stale-while-revalidate and stale-if-error decide,
                    # so a dead hub's answers are not served past its stale limit.
                    proxy_cache_background_update on;
                    proxy_cache_revalidate on;
                    add_header X-Cache-Status $upstream_cache_status always;
                }
            }
        }
        """
    }

    /// What nginx said on stderr and in its error log.
    var log: String {
        [prefix + "/stderr.log", prefix + "/error.log"]
            .compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// Waits until nginx accepts connections; false when it exited (or the test's time limit
    /// cancelled the wait: a sanitizer build's hub can take many seconds to answer).
    func waitUntilListening() async -> Bool {
        while process.isRunning && !Task.isCancelled {
            if (try? await ClientFleet.get(port: port, path: "/status.json")) != nil { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// SIGTERM (nginx's fast shutdown), then SIGKILL if it lingers. Idempotent.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
