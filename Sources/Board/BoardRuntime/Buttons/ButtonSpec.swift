import LinuxDevices

/// What a physical button asks the board to do.
public enum ButtonAction: String, Sendable, CaseIterable {
    case refresh, nextPage, speak
}

/// One button: which GPIO line it is on and how it is wired.
public struct ButtonSpec: Sendable, Equatable {
    public var action: ButtonAction
    /// "gpiochip0", "/dev/gpiochip0", a chip label or number (as gpiod_chip_open_lookup takes).
    public var chip: String
    public var offset: UInt32
    /// Button to ground with a pull-up: pressing makes a falling edge.
    public var activeLow: Bool = true
    public var debounce: Duration = .milliseconds(50)

    public init(
        action: ButtonAction, chip: String, offset: UInt32, activeLow: Bool = true,
        debounce: Duration = .milliseconds(50)
    ) {
        self.action = action
        self.chip = chip
        self.offset = offset
        self.activeLow = activeLow
        self.debounce = debounce
    }
}

/// Why the buttons could not be set up or watched; the message is meant for the operator.
public struct ButtonError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// Names the chip, the line and, for permissions, the 'gpio' group: the usual fixes.
    static func opening(_ spec: ButtonSpec, _ error: DeviceError) -> ButtonError {
        let chip = "'\(spec.chip)'"
        let purpose = "for the \(spec.action.rawValue) button on line \(spec.offset)"
        let code = error.code
        if code == .permissionDenied || code == .notPermitted {
            return ButtonError(
                "permission denied opening GPIO chip \(chip) \(purpose): add the user to the 'gpio' group "
                    + "(sudo usermod -aG gpio $USER, then log in again)")
        }
        switch error.operation {
        case .open where code == .noSuchFile || code == .noSuchDevice:
            return ButtonError("GPIO chip \(chip) not found (needed \(purpose)); gpiodetect lists the chips")
        case .open:
            return ButtonError("cannot open GPIO chip \(chip) \(purpose): \(code)")
        case .findLine(_, let count) where code == .invalidArgument:
            return ButtonError(
                "GPIO chip \(chip) has no line \(spec.offset) (it has \(count) lines), "
                    + "needed for the \(spec.action.rawValue) button")
        case .findLine:
            return ButtonError("cannot get line \(spec.offset) of GPIO chip \(chip): \(code)")
        case .requestLine(_, let holder) where code == .busy:
            let owner = holder.map { " (used by '\($0)')" } ?? ""
            return ButtonError(
                "line \(spec.offset) of GPIO chip \(chip) is busy\(owner); "
                    + "it is needed for the \(spec.action.rawValue) button")
        default:
            return ButtonError(
                "cannot request edge events on line \(spec.offset) of GPIO chip \(chip) "
                    + "for the \(spec.action.rawValue) button: \(code)")
        }
    }
}
