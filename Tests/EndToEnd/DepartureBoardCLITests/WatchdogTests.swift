import Foundation
import Locking
import Synchronization
import Testing

/// Flags and messages shared with a helper thread.
final class ThreadShared: Sendable {
    let messages = Locked<[String]>([])
    let running = Atomic<Bool>(true)
    let draining = Atomic<Bool>(true)
}

/// A service manager's end of sd_notify: a Unix datagram socket that records what arrives.
final class NotifySocketListener: Sendable {
    let path: String
    private let fd: Int32
    private let shared = ThreadShared()

    init(path: String) throws {
        self.path = path
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let shared = shared
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while shared.running.load(ordering: .relaxed) {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count > 0 {
                    let message = String(decoding: buffer[0..<count], as: UTF8.self)
                    shared.messages.withLock { $0.append(message) }
                }
            }
            close(fd)
        }.start()
    }

    var lines: [String] { shared.messages.withLock { $0 }.flatMap { $0.split(separator: "\n").map(String.init) } }
    var pings: Int { lines.filter { $0 == "WATCHDOG=1" }.count }

    func stop() {
        shared.running.store(false, ordering: .relaxed)
        unlink(path)
    }
}

/// The read end of a FIFO the board writes its trace into: draining it keeps the "bus"
/// moving; pausing makes the next write block, as a wedged bus does.
final class TraceDrain: Sendable {
    private let shared = ThreadShared()

    init(path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EEXIST) }
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        // F_SETPIPE_SZ (1031): a one-page pipe fills within a second of ticker frames.
        _ = fcntl(fd, 1031, 4096)
        let shared = shared
        Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while shared.running.load(ordering: .relaxed) {
                if shared.draining.load(ordering: .relaxed), read(fd, &buffer, buffer.count) > 0 { continue }
                usleep(5000)
            }
            close(fd)
        }.start()
    }

    func pause() { shared.draining.store(false, ordering: .relaxed) }
    func resume() { shared.draining.store(true, ordering: .relaxed) }
    func stop() { shared.running.store(false, ordering: .relaxed) }
}

/// `run` under a service manager: READY=1 after the first frame, watchdog pings only while
/// the draw loop moves.
@Suite(.serialized)
struct WatchdogTests {
    @Test func pingsStopWhileTheDrawLoopIsBlockedAndResumeAfter() async throws {
        let scratch = try ScratchDirectory()
        let manager = try NotifySocketListener(path: scratch.path("notify.sock"))
        defer { manager.stop() }
        let drain = try TraceDrain(path: scratch.path("trace.fifo"))
        defer { drain.stop() }
        // WatchdogSec=1s: the loop must ping at least every 0.5 s, ticker or not.
        let board = try RunSignalTests.RunningBoard(
            ["run", "--board", "Boards/max7219-led.yaml", "--trace", scratch.path("trace.fifo")], scratch: scratch,
            environment: ["NOTIFY_SOCKET": manager.path, "WATCHDOG_USEC": "1000000"])

        #expect(await board.waitUntil(60) { manager.lines.contains("READY=1") && manager.pings >= 3 }, "\(manager.lines) \(board.log)")
        #expect(manager.lines.first == "READY=1", "ready is said once, first")
        #expect(manager.lines.contains { $0.hasPrefix("STATUS=ok, ") && $0.hasSuffix(" rows, data 0 min old") }, "\(manager.lines)")

        // The "bus" stops taking bytes: the draw loop blocks in its write and the pings stop.
        drain.pause()
        try await Task.sleep(for: .seconds(2))
        let whileBlocked = manager.pings
        try await Task.sleep(for: .seconds(3))
        #expect(manager.pings - whileBlocked <= 1, "no pings while the draw loop is blocked (\(manager.pings - whileBlocked) in 3 s)")

        // The bus moves again: so does the loop, and the pings come back.
        drain.resume()
        let resumedFrom = manager.pings
        #expect(await board.waitUntil(60) { manager.pings >= resumedFrom + 3 }, "pings resume after the block")

        board.signal(SIGTERM)
        #expect(await board.exitStatus(within: 10) == 0)
        #expect(await board.waitUntil(5) { manager.lines.contains("STOPPING=1") }, "\(manager.lines)")
        #expect(manager.lines.filter { $0 == "READY=1" }.count == 1)
    }

    @Test func withoutANotifySocketNothingIsSentAndTheBoardRunsAsBefore() async throws {
        let scratch = try ScratchDirectory()
        let trace = scratch.path("trace.jsonl")
        let board = try RunSignalTests.RunningBoard(
            ["run", "--board", "Boards/ssd1322-spi.yaml", "--trace", trace], scratch: scratch,
            environment: ["WATCHDOG_USEC": "1000000"])
        #expect(await board.waitUntil { board.log.contains("board started") })
        board.signal(SIGTERM)
        #expect(await board.exitStatus(within: 10) == 0)
        #expect(!board.log.contains("status page"), "no status: section, no server")
    }
}
