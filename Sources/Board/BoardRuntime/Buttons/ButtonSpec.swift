#if canImport(Glibc)
import Glibc
#endif

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

    public init(action: ButtonAction, chip: String, offset: UInt32, activeLow: Bool = true,
                debounce: Duration = .milliseconds(50)) {
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

    /// Which step of opening a line failed, so the message can say what to fix.
    enum Step: Sendable {
        case openChip, getLine(lineCount: UInt32), request(consumer: String?)
    }

    /// Names the chip, the line and, for permissions, the 'gpio' group: the usual fixes.
    static func opening(_ spec: ButtonSpec, failedAt step: Step, errno code: Int32) -> ButtonError {
        let chip = "'\(spec.chip)'"
        let purpose = "for the \(spec.action.rawValue) button on line \(spec.offset)"
        if code == EACCES || code == EPERM {
            return ButtonError("permission denied opening GPIO chip \(chip) \(purpose): add the user to the 'gpio' group "
                + "(sudo usermod -aG gpio $USER, then log in again)")
        }
        switch step {
        case .openChip where code == ENOENT || code == ENODEV:
            return ButtonError("GPIO chip \(chip) not found (needed \(purpose)); gpiodetect lists the chips")
        case .openChip:
            return ButtonError("cannot open GPIO chip \(chip) \(purpose): \(systemMessage(code))")
        case .getLine(let count) where code == EINVAL:
            return ButtonError("GPIO chip \(chip) has no line \(spec.offset) (it has \(count) lines), "
                + "needed for the \(spec.action.rawValue) button")
        case .getLine:
            return ButtonError("cannot get line \(spec.offset) of GPIO chip \(chip): \(systemMessage(code))")
        case .request(let consumer) where code == EBUSY:
            let owner = consumer.map { " (used by '\($0)')" } ?? ""
            return ButtonError("line \(spec.offset) of GPIO chip \(chip) is busy\(owner); "
                + "it is needed for the \(spec.action.rawValue) button")
        case .request:
            return ButtonError("cannot request edge events on line \(spec.offset) of GPIO chip \(chip) "
                + "for the \(spec.action.rawValue) button: \(systemMessage(code))")
        }
    }

    static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
