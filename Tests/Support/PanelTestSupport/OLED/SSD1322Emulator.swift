public import Framebuffer

/// Replays SSD1322 4-wire SPI traffic (command byte with D/C low, its arguments and RAM data
/// with D/C high) into a model of its parser and 480×128 4-bit RAM, and shows the glass.
public struct SSD1322Emulator: PanelEmulator, Sendable {
    public let width: Int
    public let height: Int
    /// Column address (4 px) at the glass's left edge: (480 − width) / 8 by default.
    public let columnOffset: Int
    public private(set) var displayOn = false
    public private(set) var contrast: UInt8 = 0x7F
    public private(set) var masterContrast: UInt8 = 0x0F
    /// 0xA0's two argument bytes; modules are wired for 0x14 0x11 (see `image()`).
    public private(set) var remap: [UInt8] = [0x00, 0x01]
    public private(set) var multiplex = 127
    public private(set) var locked = false
    /// 0xA4 all off, 0xA5 all on, 0xA6 normal, 0xA7 inverse.
    public private(set) var displayMode: UInt8 = 0xA6

    static let ramColumns = 120, ramRows = 128
    private var ram = [UInt8](repeating: 0x5A, count: 120 * 2 * 128)  // undefined at power-up
    private var parser = OLEDCommandParser()
    private var columns = 0...119, rows = 0...127
    private var column = 0, row = 0, secondByte = false
    private var writingRAM = false
    private var startLine = 0

    public init(width: Int = 256, height: Int = 64, columnOffset: Int? = nil) {
        self.width = min(max(0, width), 480) & ~3
        self.height = min(max(0, height), 128)
        self.columnOffset = columnOffset ?? (480 - self.width) / 8
    }

    public mutating func apply(_ op: TraceOp) throws(EmulationError) {
        switch op {
        case .spi(dc: 0?, let bytes):
            for byte in bytes {
                if let waiting = parser.waitingCommand {
                    throw EmulationError(
                        "SSD1322: command byte 0x\(OLEDWire.hex(byte)) while 0x\(OLEDWire.hex(waiting)) waits for arguments")
                }
                writingRAM = false
                try feed(byte)
            }
        case .spi(dc: 1?, let bytes):
            for byte in bytes {
                if !parser.isIdle {
                    try feed(byte)
                } else if writingRAM {
                    write(byte)
                } else {
                    throw EmulationError("SSD1322: data byte 0x\(OLEDWire.hex(byte)) with no command or RAM write open")
                }
            }
        case .spi:
            throw EmulationError("SSD1322: SPI write without a D/C level (3-wire SPI is not modelled)")
        case .i2c:
            throw EmulationError("SSD1322: the controller has no I2C interface")
        case .gpio(line: "reset", value: 0):
            let ram = self.ram
            self = SSD1322Emulator(width: width, height: height, columnOffset: columnOffset)
            self.ram = ram
        case .gpio, .sleep, .wait:
            break
        }
    }

    /// The glass as 256×64 modules are wired: 0xA0 0x14 0x11 shows RAM upright with the high
    /// nibble on the left. Clearing the nibble-remap bit swaps each byte's pixels, the column
    /// remap bit mirrors horizontally and clearing the COM-reverse bit mirrors vertically.
    public func image() -> Framebuffer {
        var frame = Framebuffer(width: width, height: height, format: .gray4)
        guard displayOn, displayMode != 0xA4 else { return frame }
        let mode = remap[0]
        for y in 0..<min(height, multiplex + 1) {
            let line = ((mode & 0x10 != 0 ? y : height - 1 - y) + startLine) % Self.ramRows
            for x in 0..<width {
                let px = mode & 0x02 != 0 ? width - 1 - x : x
                let byte = ram[line * 240 + (columnOffset + px / 4) * 2 + (px & 3) / 2]
                let highFirst = mode & 0x04 != 0
                var level = (px & 1 == 0) == highFirst ? byte >> 4 : byte & 0x0F
                if displayMode == 0xA5 { level = 15 } else if displayMode == 0xA7 { level = 15 - level }
                frame[x, y] = PixelValue(UInt32(level))
            }
        }
        return frame
    }

    /// Argument counts from the datasheet's command table; nil = not an SSD1322 command.
    static func arity(_ command: UInt8) -> Int? {
        switch command {
        case 0x00, 0x5C, 0x5D, 0xA4...0xA7, 0xA9, 0xAE, 0xAF, 0xB9: 0
        case 0xA1, 0xA2, 0xAB, 0xB1, 0xB3, 0xB5, 0xB6, 0xBB, 0xBE, 0xC1, 0xC7, 0xCA, 0xFD: 1
        case 0x15, 0x75, 0xA0, 0xA8, 0xB4, 0xD1: 2
        case 0xB8: 15
        default: nil
        }
    }

    private mutating func feed(_ byte: UInt8) throws(EmulationError) {
        if let (command, arguments) = try parser.feed(byte, chip: "SSD1322", arity: Self.arity) {
            execute(command, arguments)
        }
    }

    private mutating func execute(_ command: UInt8, _ arguments: [UInt8]) {
        // A locked interface ignores everything but the unlock command (datasheet 0xFD).
        if command == 0xFD { locked = arguments[0] & 0x04 != 0; return }
        guard !locked else { return }
        let a = arguments.map(Int.init)
        switch command {
        case 0x15:
            columns = min(a[0], 119)...min(max(a[0], a[1]), 119)
            column = columns.lowerBound
            secondByte = false
        case 0x75:
            rows = min(a[0], 127)...min(max(a[0], a[1]), 127)
            row = rows.lowerBound
            secondByte = false
        case 0x5C: writingRAM = true
        case 0xA0: remap = arguments
        case 0xA1: startLine = a[0] & 127
        case 0xA4...0xA7: displayMode = command
        case 0xAE, 0xAF: displayOn = command == 0xAF
        case 0xC1: contrast = arguments[0]
        case 0xC7: masterContrast = arguments[0] & 0x0F
        case 0xCA: multiplex = max(15, a[0] & 127)
        default: break  // timing, voltages, grey table, partial display: no effect on the RAM picture
        }
    }

    /// Two bytes fill one column address; the pointer then moves and wraps inside the window,
    /// along rows (0xA0 bit 0 clear) or down columns (bit 0 set).
    private mutating func write(_ byte: UInt8) {
        ram[row * 240 + column * 2 + (secondByte ? 1 : 0)] = byte
        secondByte.toggle()
        guard !secondByte else { return }
        if remap[0] & 0x01 == 0 {
            if column < columns.upperBound { column += 1; return }
            column = columns.lowerBound
            row = row < rows.upperBound ? row + 1 : rows.lowerBound
        } else {
            if row < rows.upperBound { row += 1; return }
            row = rows.lowerBound
            column = column < columns.upperBound ? column + 1 : columns.lowerBound
        }
    }
}
