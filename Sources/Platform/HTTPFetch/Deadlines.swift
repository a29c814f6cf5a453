#if canImport(Glibc)
import Glibc
#endif
import SystemFiles

/// What the transfer is waiting for, named in a request-timeout message.
enum Phase: String {
    case resolving = "no DNS answer"
    case connecting = "no connection"
    case tunnelling = "no answer from the proxy"
    case handshaking = "no TLS handshake"
    case awaitingHead = "no response"
    case receivingBody = "no data"
}

/// The request's two clocks: the silence allowed (reset by every sign of progress) and the
/// whole exchange's budget.
struct Deadlines {
    let start: ContinuousClock.Instant
    let requestTimeout: Duration
    let resourceTimeout: Duration
    private(set) var lastActivity: ContinuousClock.Instant
    var phase = Phase.resolving

    init(_ request: HTTPRequest, now: ContinuousClock.Instant = .now) {
        start = now
        lastActivity = now
        requestTimeout = max(.milliseconds(1), request.limits.requestTimeout)
        resourceTimeout = max(.milliseconds(1), request.limits.resourceTimeout)
    }

    var resourceDeadline: ContinuousClock.Instant { start + resourceTimeout }

    /// The earlier of the two deadlines.
    var next: ContinuousClock.Instant { min(lastActivity + requestTimeout, resourceDeadline) }

    mutating func progressed(now: ContinuousClock.Instant = .now) { lastActivity = now }

    /// The timeout that has fired by `now`, if any. The "after N ms" is measured here, on the
    /// transfer thread, so it does not count time spent waiting for a free task thread.
    func expired(now: ContinuousClock.Instant = .now) -> HTTPFetchError? {
        let elapsed = (now - start).wholeMilliseconds
        if now >= resourceDeadline {
            return .timedOut("resource timeout of \(resourceTimeout.wholeMilliseconds) ms exceeded after \(elapsed) ms")
        }
        if now >= lastActivity + requestTimeout {
            return .timedOut("request timeout: \(phase.rawValue) for \(requestTimeout.wholeMilliseconds) ms (after \(elapsed) ms)")
        }
        return nil
    }
}

enum WaitOutcome {
    case ready
    /// `until` passed; the caller decides which timeout that was.
    case timedOut
    case cancelled
}

/// Waits for `events` on `fd`, for the cancel signal, or until `deadline`, whichever is first.
/// Gives up at once if the signal was cancelled before the wait.
func wait(
    for fd: Int32, _ events: Int16, until deadline: ContinuousClock.Instant, cancel: CancelSignal
) -> WaitOutcome {
    while true {
        if cancel.isCancelled { return .cancelled }
        let now = ContinuousClock.now
        if now >= deadline { return .timedOut }
        // Rounded up, so a wait never ends just short of the deadline and spins.
        var timeout = (deadline - now).wholeMilliseconds + 1
        if cancel.fd < 0 { timeout = min(timeout, 50) }
        var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: cancel.fd, events: Int16(POLLIN), revents: 0)]
        let count = poll(&fds, nfds_t(cancel.fd >= 0 ? 2 : 1), Int32(clamping: timeout))
        if count < 0 {
            if errno == EINTR { continue }
            return .ready  // let the following read or write report the problem
        }
        if count > 0 {
            if fds[1].revents != 0 { return .cancelled }
            if fds[0].revents != 0 { return .ready }
        }
    }
}
