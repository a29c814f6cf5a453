import CGPIOD
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

/// Lines requested through libgpiod v1 with consumer `departure-board`; every line and chip
/// is released on `close()` or deinit, so a restarted service can request them again.
public final class GPIOLines: LineControl {
    public static let consumer = "departure-board"

    private var chips: [String: OpaquePointer] = [:]
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
        if gpiod_line_set_value(entry.line, value == 0 ? 0 : 1) < 0 {
            throw DeviceGroup.gpio.error(errno, device: entry.spec.label, operation: "set to \(value)")
        }
    }

    public func get(_ role: String) throws(BusError) -> Int {
        let entry = try lookup(role)
        let value = gpiod_line_get_value(entry.line)
        if value < 0 { throw DeviceGroup.gpio.error(errno, device: entry.spec.label, operation: "read") }
        return Int(value)
    }

    public func close() {
        for entry in lines.values { gpiod_line_release(entry.line) }
        lines.removeAll()
        for chip in chips.values { gpiod_chip_close(chip) }
        chips.removeAll()
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
        let chip = try openChip(spec)
        guard let line = gpiod_chip_get_line(chip, spec.offset) else {
            // EINVAL here means the chip has fewer lines than the offset.
            throw DeviceGroup.gpio.error(errno, device: spec.label, operation: "get line")
        }
        let result: Int32
        switch spec.direction {
        case .output(let initial):
            result = gpiod_line_request_output(line, Self.consumer, initial == 0 ? 0 : 1)
        case .input:
            result = gpiod_line_request_input(line, Self.consumer)
        }
        if result < 0 {
            let code = errno
            if code == EBUSY {
                throw BusError(.other, device: spec.label,
                               message: "line is already in use by another program or kernel driver")
            }
            throw DeviceGroup.gpio.error(code, device: spec.label, operation: "request")
        }
        lines[spec.role] = (spec, line)
    }

    private func openChip(_ spec: GPIOLineSpec) throws(BusError) -> OpaquePointer {
        let path = spec.chipPath
        if let chip = chips[path] { return chip }
        guard let chip = gpiod_chip_open(path) else {
            throw DeviceGroup.gpio.error(errno, device: path, operation: "open")
        }
        chips[path] = chip
        return chip
    }
}
