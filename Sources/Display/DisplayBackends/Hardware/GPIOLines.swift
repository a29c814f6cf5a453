import GPIOLine
#if canImport(Glibc)
import Glibc
#endif

/// Named control lines as `HardwareIO` uses them; `GPIOLines` on hardware, fakes in tests.
public protocol LineControl: AnyObject {
    func has(_ role: String) -> Bool
    func set(_ role: String, _ value: Int) throws(BusError)
    func get(_ role: String) throws(BusError) -> Int
    /// How errors name the line: `gpiochip0 line 17 (busy)`.
    func describe(_ role: String) -> String
}

/// One wired line: which chip and offset, and how the panel uses it.
public struct GPIOLineSpec: Equatable, Sendable {
    public enum Direction: Equatable, Sendable {
        /// Driven by us from the moment it is requested, so the panel never sees a glitch.
        case output(initial: Int)
        case input
    }

    /// The role drivers use (`dc`, `reset`, `busy`).
    public var role: String
    /// `gpiochip0`, `0` or `/dev/gpiochip0`.
    public var chip: String
    public var offset: UInt32
    public var direction: Direction

    public init(role: String, chip: String, offset: UInt32, direction: Direction) {
        self.role = role
        self.chip = chip
        self.offset = offset
        self.direction = direction
    }

    public init(role: LineRole, chip: String, offset: UInt32, direction: Direction) {
        self.init(role: role.rawValue, chip: chip, offset: offset, direction: direction)
    }

    /// The device node for `chip`: a number means gpiochipN, a bare name lives in /dev.
    public var chipPath: String {
        if chip.contains("/") { return chip }
        if let number = UInt(chip) { return "/dev/gpiochip\(number)" }
        return "/dev/" + chip
    }

    /// The chip as people write it (`gpiochip0`), for messages.
    public var chipName: String {
        chip.contains("/") ? chip : (UInt(chip).map { "gpiochip\($0)" } ?? chip)
    }

    public var label: String { "\(chipName) line \(offset) (\(role))" }
}

/// Lines requested through libgpiod (1.x or 2.x: see Sources/Platform/GPIOLine) with consumer
/// `departure-board`; every line and its chip is released on `close()` or deinit, so a
/// restarted service can request them again.
public final class GPIOLines: LineControl {
    public static let consumer = "departure-board"

    private var lines: [String: (spec: GPIOLineSpec, line: OpaquePointer)] = [:]

    /// Requests every line; on any failure the ones already taken are released again.
    public init(_ specs: [GPIOLineSpec]) throws(BusError) {
        do {
            for spec in specs { try request(spec) }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    public var roles: [String] { lines.keys.sorted() }

    public func has(_ role: String) -> Bool { lines[role] != nil }

    public func describe(_ role: String) -> String { lines[role]?.spec.label ?? "line '\(role)'" }

    public func set(_ role: String, _ value: Int) throws(BusError) {
        let entry = try lookup(role)
        if db_gpio_set(entry.line, value == 0 ? 0 : 1) < 0 {
            throw DeviceGroup.gpio.error(errno, device: entry.spec.label, operation: "set to \(value)")
        }
    }

    public func get(_ role: String) throws(BusError) -> Int {
        let entry = try lookup(role)
        let value = db_gpio_get(entry.line)
        if value < 0 { throw DeviceGroup.gpio.error(errno, device: entry.spec.label, operation: "read") }
        return Int(value)
    }

    public func close() {
        for entry in lines.values { db_gpio_release(entry.line) }
        lines.removeAll()
    }

    private func lookup(_ role: String) throws(BusError) -> (spec: GPIOLineSpec, line: OpaquePointer) {
        guard let entry = lines[role] else {
            throw BusError(.other, device: "line '\(role)'", message: "no GPIO line with this role is configured")
        }
        return entry
    }

    private func request(_ spec: GPIOLineSpec) throws(BusError) {
        guard lines[spec.role] == nil else {
            throw BusError(.other, device: spec.label, message: "role '\(spec.role)' is configured twice")
        }
        var failure = db_gpio_failure()
        let line: OpaquePointer?
        switch spec.direction {
        case .output(let initial):
            line = db_gpio_request(spec.chipPath, spec.offset, DB_GPIO_OUTPUT, initial == 0 ? 0 : 1, Self.consumer, &failure)
        case .input:
            line = db_gpio_request(spec.chipPath, spec.offset, DB_GPIO_INPUT, 0, Self.consumer, &failure)
        }
        guard let line else {
            switch failure.stage {
            case DB_GPIO_FAILED_OPEN_CHIP:
                throw DeviceGroup.gpio.error(failure.error, device: spec.chipPath, operation: "open")
            case DB_GPIO_FAILED_LINE:
                // EINVAL here means the chip has fewer lines than the offset.
                throw DeviceGroup.gpio.error(failure.error, device: spec.label, operation: "get line")
            default:
                if failure.error == EBUSY {
                    throw BusError(.other, device: spec.label,
                                   message: "line is already in use by another program or kernel driver")
                }
                throw DeviceGroup.gpio.error(failure.error, device: spec.label, operation: "request")
            }
        }
        lines[spec.role] = (spec, line)
    }
}
