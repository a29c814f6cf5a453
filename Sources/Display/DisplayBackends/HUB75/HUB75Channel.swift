#if canImport(Glibc)
import Glibc
#endif
import SystemFiles

/// One link to a driver: requests out, replies back. The socket channel talks to a real
/// departure-board-hub75; the trace channel records what it would have been sent.
/// Sendable because a restart opens one on its own thread and hands it to the backend, which
/// then uses it under its lock only.
public protocol HUB75Channel: AnyObject, Sendable {
    /// Who is at the other end, for the log: the program and its pid, or the socket.
    var name: String { get }
    /// Sends one request and waits for its reply.
    func exchange(_ request: HUB75Request, timeout: Duration) throws(HUB75LinkError) -> HUB75Reply
    /// Ends the link (the driver darkens the panel and exits) and says how the driver
    /// ended, where the sign can know it ("exited with status 0").
    func end() -> String?
}

/// Opens links to a driver: starts one, or connects to one its own service runs.
public protocol HUB75Launcher: Sendable {
    var name: String { get }
    func open() throws(HUB75LinkError) -> any HUB75Channel
}

/// Starts departure-board-hub75 as the sign's child, the link on its descriptor 3.
public struct HUB75SpawnLauncher: HUB75Launcher {
    public let program: String
    public init(program: String) { self.program = program }
    public var name: String { program }

    public func open() throws(HUB75LinkError) -> any HUB75Channel {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HUB75LinkError("socketpair: \(String(cString: strerror(errno)))")
        }
        defer { close(pair[1]) }
        switch HelperProcess.spawn(program, ["--link-fd", "3"], passing: pair[1], as: 3) {
        case .success(let pid):
            return HUB75SocketChannel(fd: pair[0], name: "\(program) (pid \(pid))", child: pid)
        case .failure(let why):
            close(pair[0])
            throw HUB75LinkError("cannot start \(program): \(why)")
        }
    }
}

/// Connects to a driver run by its own service (socket-activated: connecting starts it).
public struct HUB75SocketLauncher: HUB75Launcher {
    public let path: String
    public init(path: String) { self.path = path }
    public var name: String { "at \(path)" }

    public func open() throws(HUB75LinkError) -> any HUB75Channel {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HUB75LinkError("socket: \(String(cString: strerror(errno)))") }
        guard let connected = UnixSocketAddress.with(path, { connect(fd, $0, $1) }) else {
            close(fd)
            throw HUB75LinkError("\(path): too long for a socket path")
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw HUB75LinkError("cannot connect to \(path): \(reason)")
        }
        return HUB75SocketChannel(fd: fd, name: "at \(path)", child: nil)
    }
}

/// A driver over a stream socket, with a deadline on every reply.
final class HUB75SocketChannel: HUB75Channel, @unchecked Sendable {
    let name: String
    private let fd: Int32
    private let child: pid_t?
    private var closed = false

    init(fd: Int32, name: String, child: pid_t?) {
        self.fd = fd
        self.name = name
        self.child = child
    }

    deinit { _ = end() }

    func exchange(_ request: HUB75Request, timeout: Duration) throws(HUB75LinkError) -> HUB75Reply {
        let bytes = request.encoded()
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a dead driver is an error to report, not a SIGPIPE.
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw HUB75LinkError("link write failed: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
        let deadline = ContinuousClock.now + timeout
        let header = try read(4, until: deadline)
        let length = Int(HUB75Wire.number(header[0..<4]))
        guard length >= 1, length <= HUB75Wire.largestReply else { throw HUB75LinkError("the driver sent a reply of \(length) bytes") }
        let body = try read(length, until: deadline)
        return try HUB75Reply(type: body[0], payload: Array(body[1...]))
    }

    private func read(_ count: Int, until deadline: ContinuousClock.Instant) throws(HUB75LinkError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let left = deadline - ContinuousClock.now
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(clamping: max(0, left.wholeMilliseconds)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw HUB75LinkError("no answer within \(left < .zero ? "the time allowed" : "\(left)")") }
            let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                throw HUB75LinkError("link read failed: \(String(cString: strerror(errno)))")
            }
            guard got > 0 else { throw HUB75LinkError("the driver closed the link") }
            filled += got
        }
        return buffer
    }

    /// Closing the link asks the driver to darken the panel and exit; a child that does not
    /// within 2 s is sent SIGTERM, then SIGKILL, so a stop never hangs on it.
    func end() -> String? {
        guard !closed else { return nil }
        closed = true
        Glibc.shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
        guard let child else { return nil }
        for signal in [Int32(0), SIGTERM, SIGKILL] {
            if signal != 0 { kill(child, signal) }
            for _ in 0..<100 {
                var status: Int32 = 0
                let done = waitpid(child, &status, WNOHANG)
                if done == child { return HelperProcess.describe(status) }
                if done < 0 && errno != EINTR { return nil }
                var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
                nanosleep(&pause, nil)
            }
        }
        return nil
    }
}
