import LinuxDevices

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

/// A panel's lines, requested on the device floor (`GPIORequest`) with consumer
/// `departure-board`; every line and its chip is released on `close()` or deinit, so a
/// restarted service can request them again.
public final class GPIOLines: LineControl {
    public static let consumer = GPIORequest.consumer

    private var lines: [String: (spec: GPIOLineSpec, request: GPIORequest)] = [:]

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
        do {
            try entry.request.set(value)
        } catch {
            throw DeviceGroup.gpio.error(error, device: entry.spec.label)
        }
    }

    public func get(_ role: String) throws(BusError) -> Int {
        let entry = try lookup(role)
        do {
            return try entry.request.get()
        } catch {
            throw DeviceGroup.gpio.error(error, device: entry.spec.label)
        }
    }

    public func close() {
        for entry in lines.values { entry.request.release() }
        lines.removeAll()
    }

    private func lookup(_ role: String) throws(BusError) -> (spec: GPIOLineSpec, request: GPIORequest) {
        guard let entry = lines[role] else {
            throw BusError(.other, device: "line '\(role)'", message: "no GPIO line with this role is configured")
        }
        return entry
    }

    private func request(_ spec: GPIOLineSpec) throws(BusError) {
        guard lines[spec.role] == nil else {
            throw BusError(.other, device: spec.label, message: "role '\(spec.role)' is configured twice")
        }
        let mode: GPIORequest.Mode =
            switch spec.direction {
            case .output(let initial): .output(initial: initial)
            case .input: .input
            }
        do {
            lines[spec.role] = (spec, try GPIORequest(chip: spec.chipPath, offset: spec.offset, mode: mode))
        } catch {
            // The chip is named by its node; a line by its role.
            if case .open = error.operation { throw DeviceGroup.gpio.error(error) }
            throw DeviceGroup.gpio.error(error, device: spec.label)
        }
    }
}
