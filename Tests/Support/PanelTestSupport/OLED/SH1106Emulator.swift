public import Framebuffer

/// Replays SH1106 traffic (I2C at `address`, or 4-wire SPI) into a model of its command parser
/// and 132×64 page-addressed RAM, and shows the 128 columns from `columnOffset` as the glass would.
public struct SH1106Emulator: PanelEmulator, Sendable {
    public let width = 128
    public let height = 64
    public let address: UInt8
    public let columnOffset: Int
    public var displayOn: Bool { panel.displayOn }
    public var contrast: UInt8 { panel.contrast }
    public private(set) var multiplex = 63
    public private(set) var dcdcOn = false

    private var panel = OLEDMonoPanel(ramColumns: 132)
    private var parser = OLEDCommandParser()
    private var column = 0, page = 0

    public init(address: UInt8 = 0x3C, columnOffset: Int = 2) {
        self.address = address
        self.columnOffset = max(0, min(columnOffset, 4))
    }

    public mutating func apply(_ op: TraceOp) throws(EmulationError) {
        for run in try OLEDWire.runs(op, address: address, chip: "SH1106") {
            switch run {
            case .commands(let bytes):
                for byte in bytes {
                    if let (command, arguments) = try parser.feed(byte, chip: "SH1106", arity: Self.arity) {
                        execute(command, arguments)
                    }
                }
            case .data(let bytes):
                if let waiting = parser.waitingCommand {
                    throw EmulationError("SH1106: RAM data while command 0x\(OLEDWire.hex(waiting)) waits for arguments")
                }
                for byte in bytes { try write(byte) }
            case .reset:
                let ram = panel.ram
                self = SH1106Emulator(address: address, columnOffset: columnOffset)
                panel.ram = ram
            case .none:
                break
            }
        }
    }

    public func image() -> Framebuffer {
        panel.image(width: width, height: height, firstColumn: columnOffset, multiplex: multiplex)
    }

    /// Argument counts from the datasheet's command table. There is no 0x20/0x21/0x22: the
    /// SH1106 has page addressing only, so those are unknown here, as on the chip.
    static func arity(_ command: UInt8) -> Int? {
        switch command {
        case 0x00...0x1F, 0x30...0x33, 0x40...0x7F, 0xA0, 0xA1, 0xA4...0xA7, 0xAE, 0xAF,
            0xB0...0xB7, 0xC0, 0xC8, 0xE0, 0xE3, 0xEE:
            0
        case 0x81, 0xA8, 0xAD, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB: 1
        default: nil
        }
    }

    private mutating func execute(_ command: UInt8, _ arguments: [UInt8]) {
        switch command {
        case 0x00...0x0F: column = (column & 0xF0) | Int(command & 0x0F)
        case 0x10...0x1F: column = (column & 0x0F) | Int(command & 0x0F) << 4
        case 0x40...0x7F: panel.startLine = Int(command & 0x3F)
        case 0x81: panel.contrast = arguments[0]
        case 0xA0, 0xA1: panel.segmentRemap = command == 0xA1
        case 0xA4, 0xA5: panel.entireOn = command == 0xA5
        case 0xA6, 0xA7: panel.inverted = command == 0xA7
        case 0xA8: multiplex = Int(arguments[0] & 63)
        case 0xAD: dcdcOn = arguments[0] & 1 != 0
        case 0xAE, 0xAF: panel.displayOn = command == 0xAF
        case 0xB0...0xB7: page = Int(command & 7)
        case 0xC0, 0xC8: panel.comReversed = command == 0xC8
        default: break  // timing, pump voltage, read-modify-write, NOP: no effect on the picture
        }
    }

    /// The column pointer increments within the page only; running off the 132-column RAM is a
    /// driver bug we report rather than guess at.
    private mutating func write(_ byte: UInt8) throws(EmulationError) {
        guard column < 132 else {
            throw EmulationError("SH1106: RAM write past column 131 on page \(page)")
        }
        panel.ram[page * 132 + column] = byte
        column += 1
    }
}
