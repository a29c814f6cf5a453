/// A failed device call: the node, what was asked of it, and the errno the kernel gave.
/// The one error the device floor throws; panels, light sensors and buttons each turn it
/// into their own words (a panel's Unix group, a sensor's missing adapter, a button's line).
public struct DeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was asked of the device, typed where a caller tells the steps apart.
    public enum Operation: Equatable, Sendable {
        /// open(2) of a node, or of a GPIO chip.
        case open
        /// I2C_SLAVE for a 7-bit address.
        case select(address: UInt8)
        /// A GPIO chip's line by offset; `lineCount` is how many the chip has.
        case findLine(offset: UInt32, lineCount: UInt32)
        /// A line request the kernel refused; `holder` is who has the line, when it is taken.
        case requestLine(offset: UInt32, holder: String?)
        /// Anything else, in words: `write to 0x3c`, `set mode 0`, `read register 0x04`.
        case other(String)

        public var words: String {
            switch self {
            case .open: "open"
            case .select(let address): "select \(I2CAdapter.hex(address))"
            case .findLine: "get line"
            case .requestLine: "request"
            case .other(let words): words
            }
        }
    }

    /// The node as opened (`/dev/i2c-1`), or the GPIO chip as named (`gpiochip0`).
    public var device: String
    public var operation: Operation
    public var code: Code

    public init(device: String, operation: Operation, code: Code) {
        self.device = device
        self.operation = operation
        self.code = code
    }

    /// Without the device: `select 0x3c failed: Inappropriate ioctl for device`.
    public var message: String {
        switch (operation, code) {
        // EBUSY here means a kernel driver owns the address; "resource busy" would not say so.
        case (.select(let address), .busy):
            "address \(I2CAdapter.hex(address)) is claimed by a kernel driver (check dtoverlay settings)"
        case (.findLine(let offset, let lineCount), .invalidArgument):
            "the chip has no line \(offset) (it has \(lineCount) lines)"
        case (.requestLine(let offset, let holder), .busy):
            "line \(offset) is already in use by " + (holder.map { "'\($0)'" } ?? "another program or kernel driver")
        case (_, .closed):
            "\(operation.words) after close"
        default:
            "\(operation.words) failed: \(code)"
        }
    }

    public var description: String { "\(device): \(message)" }
}
