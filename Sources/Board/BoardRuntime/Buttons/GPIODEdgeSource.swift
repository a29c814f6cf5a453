#if canImport(Glibc)
import Glibc
#endif
import GPIOLine

/// One line requested for edge events through libgpiod (1.x or 2.x: see Sources/Platform/GPIOLine).
///
/// `@unchecked Sendable`: the C handle is created on the opening thread and then used and
/// closed only by the single watcher thread it is handed to.
final class GPIODEdgeSource: EdgeSource, @unchecked Sendable {
    static let consumer = "departure-board"

    private let line: OpaquePointer
    private var isClosed = false

    private init(line: OpaquePointer) {
        self.line = line
    }

    /// Opens the chip and requests the button's active edge only (falling when active-low),
    /// so releases never reach the debouncer.
    static func open(_ spec: ButtonSpec) throws(ButtonError) -> GPIODEdgeSource {
        var failure = db_gpio_failure()
        let mode = spec.activeLow ? DB_GPIO_FALLING_EDGES : DB_GPIO_RISING_EDGES
        guard let line = db_gpio_request(spec.chip, spec.offset, mode, 0, consumer, &failure) else {
            switch failure.stage {
            case DB_GPIO_FAILED_OPEN_CHIP:
                throw ButtonError.opening(spec, failedAt: .openChip, errno: failure.error)
            case DB_GPIO_FAILED_LINE:
                throw ButtonError.opening(spec, failedAt: .getLine(lineCount: failure.line_count), errno: failure.error)
            default:
                let owner = withUnsafeBytes(of: failure.owner) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                throw ButtonError.opening(spec, failedAt: .request(consumer: owner.isEmpty ? nil : owner), errno: failure.error)
            }
        }
        return GPIODEdgeSource(line: line)
    }

    func waitForEdge(timeout: Duration) throws(ButtonError) -> EdgeEvent? {
        let (seconds, attoseconds) = timeout.components
        let ready = db_gpio_wait_edge(line, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        if ready == 0 { return nil }
        if ready < 0 {
            if errno == EINTR { return nil }  // a signal is not a failure; look again
            throw ButtonError("waiting for GPIO events failed: \(ButtonError.systemMessage(errno))")
        }
        var nanoseconds: UInt64 = 0
        guard db_gpio_read_edge(line, &nanoseconds) == 0 else {
            if errno == EINTR || errno == EAGAIN { return nil }
            throw ButtonError("reading a GPIO event failed: \(ButtonError.systemMessage(errno))")
        }
        return EdgeEvent(timestamp: .nanoseconds(Int64(nanoseconds)))
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        db_gpio_release(line)
    }
}
