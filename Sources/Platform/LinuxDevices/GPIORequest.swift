import GPIOLine

/// One GPIO line requested from the kernel through libgpiod (1.x or 2.x, see
/// Sources/Platform/GPIOLine) as `departure-board`: driven, read, or watched for edges.
/// The line and its chip are released by `release()` or deinit, so a restarted service
/// can request them again.
public final class GPIORequest {
    public enum Mode: Equatable, Sendable {
        /// Driven from the moment it is requested, so the panel never sees a glitch.
        case output(initial: Int)
        case input
        /// Edge events of one direction only, so the other never wakes the reader.
        case risingEdges, fallingEdges
    }

    public static let consumer = "departure-board"

    /// The chip as named: a path, `gpiochip0`, a number or a label.
    public let chip: String
    public let offset: UInt32
    private var line: OpaquePointer?

    /// Fails with `.open`, `.findLine` (the chip has fewer lines) or `.requestLine`
    /// (EBUSY: someone holds it); nothing stays open then.
    public init(chip: String, offset: UInt32, mode: Mode) throws(DeviceError) {
        self.chip = chip
        self.offset = offset
        var failure = db_gpio_failure()
        let (shimMode, initial) =
            switch mode {
            case .output(let initial): (DB_GPIO_OUTPUT, initial == 0 ? Int32(0) : 1)
            case .input: (DB_GPIO_INPUT, Int32(0))
            case .risingEdges: (DB_GPIO_RISING_EDGES, Int32(0))
            case .fallingEdges: (DB_GPIO_FALLING_EDGES, Int32(0))
            }
        guard let line = db_gpio_request(chip, offset, shimMode, initial, Self.consumer, &failure) else {
            let operation: DeviceError.Operation =
                switch failure.stage {
                case DB_GPIO_FAILED_OPEN_CHIP: .open
                case DB_GPIO_FAILED_LINE: .findLine(offset: offset, lineCount: failure.line_count)
                default: .requestLine(offset: offset, holder: Self.text(failure.owner))
                }
            throw DeviceError(device: chip, operation: operation, code: DeviceError.Code(rawValue: Int32(failure.error)))
        }
        self.line = line
    }

    deinit { release() }

    public func set(_ value: Int) throws(DeviceError) {
        let line = try held(.other("set to \(value)"))
        _ = try SystemCall.run(chip, .other("set to \(value)")) { db_gpio_set(line, value == 0 ? 0 : 1) }
    }

    /// 0 or 1.
    public func get() throws(DeviceError) -> Int {
        let line = try held(.other("read"))
        return Int(try SystemCall.run(chip, .other("read")) { db_gpio_get(line) })
    }

    /// Whether an edge arrived within `timeout`; false too when a signal cut the wait short,
    /// so the caller simply looks again.
    public func waitForEdge(timeout: Duration) throws(DeviceError) -> Bool {
        let line = try held(.other("wait for edge events"))
        let (seconds, attoseconds) = timeout.components
        let ready = db_gpio_wait_edge(line, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        if ready >= 0 { return ready > 0 }
        let code = DeviceError.Code.current
        if code == .interrupted { return false }
        throw DeviceError(device: chip, operation: .other("wait for edge events"), code: code)
    }

    /// The next edge's kernel timestamp (monotonic), or nil when none was there after all.
    public func readEdge() throws(DeviceError) -> Duration? {
        let line = try held(.other("read an edge event"))
        var nanoseconds: UInt64 = 0
        guard db_gpio_read_edge(line, &nanoseconds) == 0 else {
            let code = DeviceError.Code.current
            if code == .interrupted || code == .tryAgain { return nil }
            throw DeviceError(device: chip, operation: .other("read an edge event"), code: code)
        }
        return .nanoseconds(Int64(nanoseconds))
    }

    public func release() {
        db_gpio_release(line)
        line = nil
    }

    private func held(_ operation: DeviceError.Operation) throws(DeviceError) -> OpaquePointer {
        guard let line else { throw DeviceError(device: chip, operation: operation, code: .closed) }
        return line
    }

    /// The shim's fixed C string (a holder's name) as text; nil when empty.
    private static func text<Tuple>(_ tuple: Tuple) -> String? {
        let text = withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? nil : text
    }
}
