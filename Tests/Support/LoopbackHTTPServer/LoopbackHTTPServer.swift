import Glibc
import Locking
import Synchronization

public struct ServerError: Error, CustomStringConvertible {
    public var description: String
}

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests. Connections are served one at a
/// time on a single thread; `stop()` ends that thread and closes the listener.
public final class LoopbackHTTPServer: Sendable {
    public let port: UInt16
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listenFD: Int32
    private let handler: @Sendable (RecordedRequest) -> Reply
    private let stopping = Atomic<Bool>(false)
    private let recorded = Locked<[RecordedRequest]>([])
    private let hangUps = Locked<[Duration]>([])
    private let thread = Locked<pthread_t?>(nil)
    private let recordsRequests: Bool

    /// Binds an ephemeral port and starts the accept loop. `recordRequests: false` keeps
    /// `requests` empty, for soak tests where a growing log would look like a leak.
    public init(recordRequests: Bool = true, handler: @escaping @Sendable (RecordedRequest) -> Reply) throws(ServerError) {
        let (fd, port) = try Self.bindLoopback()
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw ServerError(description: "listen failed: errno \(errno)")
        }
        self.listenFD = fd
        self.port = port
        self.handler = handler
        self.recordsRequests = recordRequests

        let context = Unmanaged.passRetained(self).toOpaque()
        var tid = pthread_t()
        let rc = pthread_create(
            &tid, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<LoopbackHTTPServer>.fromOpaque(raw).takeRetainedValue().acceptLoop()
                return nil
            }, context)
        guard rc == 0 else {
            Unmanaged<LoopbackHTTPServer>.fromOpaque(context).release()
            close(fd)
            throw ServerError(description: "pthread_create failed: \(rc)")
        }
        thread.withLock { $0 = tid }
    }

    /// Requests received so far, in arrival order.
    public var requests: [RecordedRequest] { recorded.withLock { $0 } }

    /// For each stalled reply the client closed, how long into the stall it did: measured on
    /// the server's own thread, so a test's busy cooperative pool does not stretch it. Complete
    /// once `stop()` has returned.
    public var clientHangUpsDuringStalls: [Duration] { hangUps.withLock { $0 } }

    /// Ends the accept loop (interrupting any delay), joins the thread, closes the socket. Idempotent.
    public func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        guard
            let tid = thread.withLock({ t -> pthread_t? in
                defer { t = nil }; return t
            })
        else { return }
        pthread_join(tid, nil)
        close(listenFD)
    }

    /// A port with nothing listening: bind port 0, read the port, close.
    public static func closedPort() throws(ServerError) -> UInt16 {
        let (fd, port) = try bindLoopback()
        close(fd)
        return port
    }

    private static func bindLoopback() throws(ServerError) -> (Int32, UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError(description: "socket failed: errno \(errno)") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // kernel picks
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                bind(fd, sa, length) == 0 && getsockname(fd, sa, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw ServerError(description: "bind failed: errno \(code)")
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    private var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    private func acceptLoop() {
        while !isStopping {
            // poll with a short timeout so stop() is noticed without closing the fd under accept.
            var pfd = pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 20) > 0 else { continue }
            let connection = accept(listenFD, nil, nil)
            guard connection >= 0 else { continue }
            serve(connection)
            close(connection)
        }
    }

    private func serve(_ fd: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(fd) else { return }
        if recordsRequests { recorded.withLock { $0.append(request) } }
        perform(handler(request), on: fd)
    }

    /// Reads up to the blank line ending the head, then a body of the head's Content-Length (a POST's).
    private func readRequest(_ fd: Int32) -> RecordedRequest? {
        var data: [UInt8] = []
        var body: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while data.count < 65_536 {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return nil }
            data.append(contentsOf: chunk[0..<n])
            if let range = data.firstRange(of: terminator) {
                body = Array(data[range.upperBound...])
                data.removeSubrange(range.lowerBound...)
                break
            }
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let first = lines.first else { return nil }
        let parts = first.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            return (String(line[..<colon]), String(value))
        }
        var request = RecordedRequest(method: String(parts[0]), path: String(parts[1]), headers: headers)
        let length = request.header("Content-Length").flatMap { Int($0) } ?? 0
        while body.count < min(length, 1 << 20) {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            body.append(contentsOf: chunk[0..<n])
        }
        request.body = Array(body.prefix(length))
        return request
    }

    private func perform(_ reply: Reply, on fd: Int32) {
        switch reply {
        case .respond(let status, let headers, let body):
            guard sendHead(fd, status, headers + [("Content-Length", "\(body.count)")]) else { return }
            _ = sendAll(fd, body)
        case .chunked(let status, let headers, let body, let chunkSize):
            guard sendHead(fd, status, headers + [("Transfer-Encoding", "chunked")]) else { return }
            var offset = 0
            while offset < body.count {
                let piece = body[offset..<min(body.count, offset + max(1, chunkSize))]
                let framed = Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
                guard sendAll(fd, framed) else { return }
                offset += piece.count
            }
            _ = sendAll(fd, Array("0\r\n\r\n".utf8))
        case .delayed(let delay, let next):
            if stall(fd, for: delay) { perform(next, on: fd) }
        case .headersThenStall(let status, let silence):
            guard sendHead(fd, status, [("Content-Length", "100")]) else { return }
            _ = stall(fd, for: silence)
        case .truncated(let status, let declaredLength, let body):
            guard sendHead(fd, status, [("Content-Length", "\(declaredLength)")]) else { return }
            _ = sendAll(fd, body)
        case .heldBody(let status, let headers, let body, let release, let limit):
            guard sendHead(fd, status, headers + [("Content-Length", "\(body.count)")]),
                sendAll(fd, Array(body.dropLast()))
            else { return }
            let deadline = ContinuousClock.now + limit
            while !release() && ContinuousClock.now < deadline {
                guard pause(.milliseconds(10)) else { return }
            }
            _ = sendAll(fd, Array(body.suffix(1)))
        case .trickle(let status, let bytes, let interval):
            guard sendHead(fd, status, [("Content-Length", "\(bytes)")]) else { return }
            for _ in 0..<bytes {
                guard sendAll(fd, [UInt8(ascii: "x")]), pause(interval) else { return }
            }
        case .closeWithoutAnswer:
            return
        case .redirect(let location, let status):
            _ = sendHead(fd, status, [("Location", location), ("Content-Length", "0")])
        case .raw(let bytes):
            _ = sendAll(fd, bytes)
        case .rawThenStall(let bytes, let silence):
            guard sendAll(fd, bytes) else { return }
            _ = stall(fd, for: silence)
        }
    }

    private func sendHead(_ fd: Int32, _ status: Int, _ headers: [(name: String, value: String)]) -> Bool {
        var head = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        return sendAll(fd, Array(head.utf8))
    }

    /// MSG_NOSIGNAL: a client that already gave up must not SIGPIPE the test process.
    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Silence for `duration`, ended early by `stop()` or by the client closing, which is
    /// recorded. True when the whole duration passed.
    private func stall(_ fd: Int32, for duration: Duration) -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        var scratch = [UInt8](repeating: 0, count: 512)
        // The socket is read before `stop()` is looked at, so a close that came first is recorded.
        // POLLIN alone: a peer's close makes the socket readable and recv returns 0 (Glibc's Swift
        // module has no POLLRDHUP, a _GNU_SOURCE name).
        repeat {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 10) > 0 else { continue }
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) {
                hangUps.withLock { $0.append(clock.now - start) }
                return false
            }
        } while clock.now - start < duration && !isStopping
        return !isStopping
    }

    /// Sleeps in short steps; false if stop() was called meanwhile.
    private func pause(_ duration: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + duration
        while clock.now < deadline {
            if isStopping { return false }
            usleep(10_000)
        }
        return !isStopping
    }
}
