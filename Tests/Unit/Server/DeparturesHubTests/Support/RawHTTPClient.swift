import Foundation
import Locking

/// A response as read off the wire.
struct RawResponse: Sendable {
    var status: Int
    /// Names in lower case.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

struct RawHTTPError: Error, CustomStringConvertible {
    var description: String
}

/// A blocking HTTP/1.1 client on one keep-alive connection to 127.0.0.1, as a sign polling
/// the hub would hold one. Used from plain threads, never from Swift's cooperative pool.
final class RawHTTPConnection {
    private let port: Int
    private var fd: Int32 = -1

    init(port: Int) {
        self.port = port
    }

    deinit { disconnect() }

    func get(_ path: String, headers: [String: String] = [:]) throws(RawHTTPError) -> RawResponse {
        if fd < 0 { try connect() }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        do {
            try send(Array(request.utf8))
            let response = try read()
            if response.headers["connection"]?.lowercased() == "close" { disconnect() }
            return response
        } catch {
            disconnect()
            throw error
        }
    }

    private var buffer: [UInt8] = []

    private func connect() throws(RawHTTPError) {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else { throw RawHTTPError(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let code = errno
            close(socketFD)
            throw RawHTTPError(description: "connect to port \(port): errno \(code)")
        }
        fd = socketFD
        buffer = []
    }

    private func disconnect() {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    private func send(_ bytes: [UInt8]) throws(RawHTTPError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawHTTPError(description: "send: errno \(errno)") }
            offset += sent
        }
    }

    /// Reads more bytes into the buffer; throws when the peer closed or timed out.
    private func fill() throws(RawHTTPError) {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw RawHTTPError(description: count == 0 ? "connection closed" : "recv: errno \(errno)") }
        buffer += chunk[0..<count]
    }

    private func take(_ count: Int) throws(RawHTTPError) -> [UInt8] {
        while buffer.count < count { try fill() }
        defer { buffer.removeFirst(count) }
        return Array(buffer[0..<count])
    }

    private func line() throws(RawHTTPError) -> String {
        while true {
            if let end = buffer.firstRange(of: [13, 10]) {
                let text = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                return text
            }
            try fill()
        }
    }

    private func read() throws(RawHTTPError) -> RawResponse {
        let statusLine = try line()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw RawHTTPError(description: "bad status line '\(statusLine)'") }
        var headers: [String: String] = [:]
        while true {
            let header = try line()
            if header.isEmpty { break }
            guard let colon = header.firstIndex(of: ":") else { continue }
            headers[header[..<colon].lowercased()] = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body: [UInt8] = []
        if status == 304 || status == 204 {
            // no body
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let size = Int(try line().split(separator: ";")[0], radix: 16) ?? 0
                if size == 0 { _ = try line(); break }
                body += try take(size)
                _ = try take(2)
            }
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            body = try take(length)
        }
        return RawResponse(status: status, headers: headers, body: body)
    }
}

/// Many clients at once, each a thread with its own keep-alive connection, as a fleet of
/// signs (or a stampede) would be.
enum ClientFleet {
    struct Outcome: Sendable {
        /// Responses by status; 0 counts transport failures.
        var statuses: [Int: Int] = [:]
        var total: Int { statuses.values.reduce(0, +) }
    }

    /// `count` clients GET `path` (pausing `pause` between requests) until `duration` has
    /// passed; each makes at least one request.
    static func run(count: Int, port: Int, path: String, duration: Duration, pause: Duration = .milliseconds(25)) async -> Outcome {
        let outcome = Locked(Outcome())
        let group = DispatchGroup()
        let deadline = ContinuousClock.now + duration
        for _ in 0..<count {
            group.enter()
            let thread = Thread {
                let connection = RawHTTPConnection(port: port)
                var local: [Int: Int] = [:]
                repeat {
                    let status = (try? connection.get(path))?.status ?? 0
                    local[status, default: 0] += 1
                    Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds))
                } while ContinuousClock.now < deadline
                outcome.withLock { total in
                    for (status, number) in local { total.statuses[status, default: 0] += number }
                }
                group.leave()
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                group.wait()
                continuation.resume()
            }
        }
        return outcome.withLock { $0 }
    }

    /// One request on a fresh connection, off the cooperative pool.
    static func get(port: Int, path: String, headers: [String: String] = [:]) async throws -> RawResponse {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try RawHTTPConnection(port: port).get(path, headers: headers) })
            }
        }
    }
}
