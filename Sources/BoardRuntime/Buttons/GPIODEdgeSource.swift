import CGPIOD
#if canImport(Glibc)
import Glibc
#endif

/// One line requested for edge events through libgpiod v1.
///
/// `@unchecked Sendable`: the C handles are created on the opening thread and
/// then used and closed only by the single watcher thread they are handed to.
final class GPIODEdgeSource: EdgeSource, @unchecked Sendable {
    static let consumer = "departure-board"

    private let chip: OpaquePointer
    private let line: OpaquePointer
    private var isClosed = false

    private init(chip: OpaquePointer, line: OpaquePointer) {
        self.chip = chip
        self.line = line
    }

    /// Opens the chip and requests the button's active edge only (falling when active-low),
    /// so releases never reach the debouncer.
    static func open(_ spec: ButtonSpec) throws(ButtonError) -> GPIODEdgeSource {
        guard let chip = gpiod_chip_open_lookup(spec.chip) else {
            throw ButtonError.opening(spec, failedAt: .openChip, errno: errno)
        }
        guard let line = gpiod_chip_get_line(chip, spec.offset) else {
            let code = errno
            let count = gpiod_chip_num_lines(chip)
            gpiod_chip_close(chip)
            throw ButtonError.opening(spec, failedAt: .getLine(lineCount: count), errno: code)
        }
        let status = spec.activeLow
            ? gpiod_line_request_falling_edge_events(line, consumer)
            : gpiod_line_request_rising_edge_events(line, consumer)
        guard status == 0 else {
            let code = errno
            let owner = gpiod_line_consumer(line).map { String(cString: $0) }
            gpiod_chip_close(chip)
            throw ButtonError.opening(spec, failedAt: .request(consumer: owner), errno: code)
        }
        return GPIODEdgeSource(chip: chip, line: line)
    }

    func waitForEdge(timeout: Duration) throws(ButtonError) -> EdgeEvent? {
        let (seconds, attoseconds) = timeout.components
        var limit = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        let ready = gpiod_line_event_wait(line, &limit)
        if ready == 0 { return nil }
        if ready < 0 {
            if errno == EINTR { return nil }  // a signal is not a failure; look again
            throw ButtonError("waiting for GPIO events failed: \(ButtonError.systemMessage(errno))")
        }
        var event = gpiod_line_event()
        guard gpiod_line_event_read(line, &event) == 0 else {
            if errno == EINTR || errno == EAGAIN { return nil }
            throw ButtonError("reading a GPIO event failed: \(ButtonError.systemMessage(errno))")
        }
        return EdgeEvent(timestamp: .seconds(event.ts.tv_sec) + .nanoseconds(event.ts.tv_nsec))
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        gpiod_line_release(line)
        gpiod_chip_close(chip)  // also frees the line object
    }
}
