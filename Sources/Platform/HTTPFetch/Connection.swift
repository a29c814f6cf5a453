#if canImport(Glibc)
import Glibc
#endif
import CTLSLoader
import SystemFiles

/// A connected TCP socket, non-blocking, optionally wrapped in TLS. Every read and write tries
/// first and waits in poll() only when the socket (or OpenSSL) asks to, up to the request's
/// deadlines, waking at once on cancel.
struct Connection: ~Copyable {
    private let fd: Int32
    private var tls: TLSSession?

    init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Tries each address in turn. All but the last get an equal share of the time left, so
    /// an address that swallows packets cannot use up the whole request timeout.
    static func open(
        _ addresses: [SocketAddress], port: UInt16, deadlines: inout Deadlines, cancel: CancelSignal
    ) throws(HTTPFetchError) -> Connection {
        deadlines.phase = .connecting
        var lastError = HTTPFetchError.connectionFailed("no address to connect to")
        var onlyOffline = true
        // One family unreachable (no IPv6 route, say) while another address failed otherwise is not "offline".
        func note(_ error: HTTPFetchError) {
            if case .offline = error {
                if onlyOffline { lastError = error }
            } else {
                onlyOffline = false
                lastError = error
            }
        }
        for (index, address) in addresses.enumerated() {
            let now = ContinuousClock.now
            if let expired = deadlines.expired(now: now) { throw expired }
            let share = (deadlines.next - now) / (addresses.count - index)
            let attemptDeadline = index == addresses.count - 1 ? deadlines.next : now + share
            let fd = socket(address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                note(Classification.connectFailure(errno: errno, address: address.text, port: port))
                continue
            }
            switch connect(fd, address, until: attemptDeadline, cancel: cancel) {
            case 0:
                deadlines.progressed()
                return Connection(fd: fd)
            case ECANCELED:
                close(fd)
                throw .cancelled
            case ETIME:
                close(fd)
                if let expired = deadlines.expired() { throw expired }
                note(.timedOut("\(address.text) port \(port): no answer within \(share.wholeMilliseconds) ms"))
            case let code:
                close(fd)
                note(Classification.connectFailure(errno: code, address: address.text, port: port))
            }
        }
        throw lastError
    }

    /// 0 when connected, else an errno; ETIME when `deadline` passed, ECANCELED when cancelled.
    private static func connect(
        _ fd: Int32, _ address: SocketAddress, until deadline: ContinuousClock.Instant,
        cancel: CancelSignal
    ) -> Int32 {
        let rc = address.bytes.withUnsafeBytes { raw in
            Glibc.connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if rc == 0 { return 0 }
        guard errno == EINPROGRESS || errno == EINTR else { return errno }
        switch wait(for: fd, Int16(POLLOUT), until: deadline, cancel: cancel) {
        case .cancelled: return ECANCELED
        case .timedOut: return ETIME
        case .ready:
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
            return code
        }
    }

    /// The TLS handshake, certificate and host name checked (see TLSSession).
    mutating func startTLS(
        host: String, isAddress: Bool, trustStore: String?, deadlines: inout Deadlines, cancel: CancelSignal
    ) throws(HTTPFetchError) {
        deadlines.phase = .handshaking
        let session = try TLSSession(fd: fd, host: host, isAddress: isAddress, trustStore: trustStore)
        tls = session
        while true {
            let result = session.handshake()
            if result == DB_TLS_DONE { break }
            try waitAsAsked(result, deadlines: &deadlines, cancel: cancel)
        }
        deadlines.progressed()
    }

    func send(_ bytes: [UInt8], deadlines: inout Deadlines, cancel: CancelSignal) throws(HTTPFetchError) {
        var offset = 0
        while offset < bytes.count {
            let sent = try bytes.withBytes { (raw) throws(HTTPFetchError) -> Int in
                try writeSome(UnsafeRawBufferPointer(rebasing: raw[offset...]), deadlines: &deadlines, cancel: cancel)
            }
            offset += sent
        }
    }

    /// Bytes read into `buffer`, or 0 at the end of the stream.
    func receive(
        into buffer: UnsafeMutableRawBufferPointer, deadlines: inout Deadlines, cancel: CancelSignal
    ) throws(HTTPFetchError) -> Int {
        while true {
            // Checked before each read too: data that keeps flowing never lets a poll time out.
            if let expired = deadlines.expired() { throw expired }
            if cancel.isCancelled { throw .cancelled }
            let result = try readOnce(buffer)
            if result == DB_TLS_CLOSED { return 0 }
            if result > 0 {
                deadlines.progressed()
                return result
            }
            try waitAsAsked(result, deadlines: &deadlines, cancel: cancel)
        }
    }

    private func writeSome(
        _ bytes: UnsafeRawBufferPointer, deadlines: inout Deadlines, cancel: CancelSignal
    ) throws(HTTPFetchError) -> Int {
        while true {
            if cancel.isCancelled { throw .cancelled }
            let result = try writeOnce(bytes)
            if result > 0 { return result }
            try waitAsAsked(result, deadlines: &deadlines, cancel: cancel)
        }
    }

    /// One attempt, in db_tls_read's terms: a byte count, DB_TLS_CLOSED (0), or a DB_TLS_WANT_* / FAILED code.
    private func readOnce(_ buffer: UnsafeMutableRawBufferPointer) throws(HTTPFetchError) -> Int {
        if let tls { return tls.read(buffer) }
        let count = recv(fd, buffer.baseAddress, buffer.count, 0)
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EINTR { return DB_TLS_WANT_READ }
        throw Classification.transferFailure(errno: errno)
    }

    private func writeOnce(_ bytes: UnsafeRawBufferPointer) throws(HTTPFetchError) -> Int {
        if let tls { return tls.write(bytes) }
        // MSG_NOSIGNAL: a server that hung up must not raise SIGPIPE.
        let count = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EINTR { return DB_TLS_WANT_WRITE }
        throw Classification.transferFailure(errno: errno)
    }

    /// Waits as a DB_TLS_WANT_* result asks, or throws for a failure.
    private func waitAsAsked(_ result: Int, deadlines: inout Deadlines, cancel: CancelSignal) throws(HTTPFetchError) {
        let events: Int16
        switch result {
        case DB_TLS_WANT_READ: events = Int16(POLLIN)
        case DB_TLS_WANT_WRITE: events = Int16(POLLOUT)
        default:
            throw tls?.failure ?? .connectionFailed("unexpected end of stream")
        }
        switch wait(for: fd, events, until: deadlines.next, cancel: cancel) {
        case .ready: return
        case .cancelled: throw .cancelled
        case .timedOut: if let expired = deadlines.expired() { throw expired }
        }
    }
}
