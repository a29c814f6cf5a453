public import Framebuffer

/// Replays SSD1306 traffic (I2C at `address`, or 4-wire SPI) into a model of its command parser
/// and 128×64 RAM, and shows the top `height` rows as the glass would.
public struct SSD1306Emulator: PanelEmulator, Sendable {
    public let width: Int
    public let height: Int
    public let address: UInt8
    public var displayOn: Bool { panel.displayOn }
    public var contrast: UInt8 { panel.contrast }
    public private(set) var multiplex = 63
    public private(set) var comPins: UInt8 = 0x12
    public private(set) var chargePump = false
    /// 0 horizontal, 1 vertical, 2 page (reset default).
    public private(set) var addressingMode = 2

    private var panel = OLEDMonoPanel(ramColumns: 128)
    private var parser = OLEDCommandParser()
    private var columns = 0...127, pages = 0...7
    private var column = 0, page = 0

    public init(width: Int = 128, height: Int = 64, address: UInt8 = 0x3C) {
        self.width = min(max(0, width), 128)
        self.height = min(max(0, height), 64)
        self.address = address
    }

    public mutating func apply(_ op: TraceOp) throws(EmulationError) {
        for run in try OLEDWire.runs(op, address: address, chip: "SSD1306") {
            switch run {
            case .commands(let bytes):
                for byte in bytes {
                    if let (command, arguments) = try parser.feed(byte, chip: "SSD1306", arity: Self.arity) {
                        try execute(command, arguments)
                    }
                }
            case .data(let bytes):
                if let waiting = parser.waitingCommand {
                    throw EmulationError("SSD1306: RAM data while command 0x\(OLEDWire.hex(waiting)) waits for arguments")
                }
                for byte in bytes { write(byte) }
            case .reset:
                self = SSD1306Emulator(keepingRAMOf: self)
            case .none:
                break
            }
        }
    }

    public func image() -> Framebuffer {
        panel.image(width: width, height: height, firstColumn: 0, multiplex: multiplex)
    }

    private init(keepingRAMOf old: SSD1306Emulator) {
        self.init(width: old.width, height: old.height, address: old.address)
        panel.ram = old.panel.ram
    }

    /// Argument counts from the datasheet's command table; nil = not an SSD1306 command.
    static func arity(_ command: UInt8) -> Int? {
        switch command {
        case 0x00...0x1F, 0x2E, 0x2F, 0x40...0x7F, 0xA0, 0xA1, 0xA4...0xA7, 0xAE, 0xAF,
            0xB0...0xB7, 0xC0, 0xC8, 0xE3:
            0
        case 0x20, 0x81, 0x8D, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB: 1
        case 0x21, 0x22, 0xA3: 2
        case 0x29, 0x2A: 5
        case 0x26, 0x27: 6
        default: nil
        }
    }

    private mutating func execute(_ command: UInt8, _ arguments: [UInt8]) throws(EmulationError) {
        let a = arguments.map(Int.init)
        switch command {
        case 0x00...0x0F: column = (column & 0xF0) | Int(command & 0x0F)
        case 0x10...0x1F: column = (column & 0x0F) | Int(command & 0x07) << 4
        case 0x20: addressingMode = a[0] & 3
        case 0x21:
            columns = (a[0] & 127)...max(a[0] & 127, a[1] & 127)
            column = columns.lowerBound
        case 0x22:
            pages = (a[0] & 7)...max(a[0] & 7, a[1] & 7)
            page = pages.lowerBound
        case 0x40...0x7F: panel.startLine = Int(command & 0x3F)
        case 0x81: panel.contrast = arguments[0]
        case 0x8D: chargePump = a[0] & 0x04 != 0
        case 0xA0, 0xA1: panel.segmentRemap = command == 0xA1
        case 0xA4, 0xA5: panel.entireOn = command == 0xA5
        case 0xA6, 0xA7: panel.inverted = command == 0xA7
        case 0xA8: multiplex = a[0] & 63
        case 0xAE, 0xAF: panel.displayOn = command == 0xAF
        case 0xB0...0xB7: page = Int(command & 7)
        case 0xC0, 0xC8: panel.comReversed = command == 0xC8
        case 0xDA: comPins = arguments[0]
        default: break  // timing, scrolling and NOP: no effect on the RAM picture
        }
    }

    /// One RAM byte, then the pointer moves as the addressing mode says (datasheet 10.1.3).
    private mutating func write(_ byte: UInt8) {
        panel.ram[page * 128 + column] = byte
        switch addressingMode {
        case 0:
            if column < columns.upperBound { column += 1; return }
            column = columns.lowerBound
            page = page < pages.upperBound ? page + 1 : pages.lowerBound
        case 1:
            if page < pages.upperBound { page += 1; return }
            page = pages.lowerBound
            column = column < columns.upperBound ? column + 1 : columns.lowerBound
        default:
            column = (column + 1) & 127  // page mode: the page never changes
        }
    }
}
