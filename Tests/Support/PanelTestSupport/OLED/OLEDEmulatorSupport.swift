import Framebuffer

/// The byte streams one trace operation carries to an SSD1306-family controller: runs of
/// command bytes and RAM data bytes, in wire order.
enum OLEDWireRun: Equatable {
    case commands([UInt8])
    case data([UInt8])
    /// RES# went low: the controller returns to its reset state.
    case reset
    case none
}

enum OLEDWire {
    /// Decodes I2C control bytes (Co bit 7: one byte then another control byte; D/C# bit 6:
    /// data) and SPI's D/C field. Writes to other I2C addresses belong to other devices.
    static func runs(_ op: TraceOp, address: UInt8, chip: String) throws(EmulationError) -> [OLEDWireRun] {
        switch op {
        case .i2c(let target, let bytes):
            guard target == address else { return [] }
            var runs: [OLEDWireRun] = []
            var index = 0
            while index < bytes.count {
                let control = bytes[index]
                guard control & 0x3F == 0 else {
                    throw EmulationError("\(chip): bad I2C control byte 0x\(hex(control))")
                }
                let isData = control & 0x40 != 0
                let end = control & 0x80 != 0 ? min(index + 2, bytes.count) : bytes.count
                let payload = Array(bytes[(index + 1)..<end])
                runs.append(isData ? .data(payload) : .commands(payload))
                index = end
            }
            return runs
        case .spi(let dc, let bytes):
            switch dc {
            case 0?: return [.commands(bytes)]
            case 1?: return [.data(bytes)]
            default: throw EmulationError("\(chip): SPI write without a D/C level (3-wire SPI is not modelled)")
            }
        case .gpio(line: "reset", value: 0):
            return [.reset]
        case .gpio, .sleep, .wait:
            return [.none]
        }
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

/// Collects a command byte and its arguments, which may arrive across several writes.
struct OLEDCommandParser: Sendable {
    private var pending: (command: UInt8, needed: Int, arguments: [UInt8])?

    var isIdle: Bool { pending == nil }
    var waitingCommand: UInt8? { pending?.command }

    /// Feeds one byte; returns a complete command. `arity` gives a command's argument count, nil if unknown.
    mutating func feed(_ byte: UInt8, chip: String, arity: (UInt8) -> Int?) throws(EmulationError) -> (UInt8, [UInt8])? {
        if var open = pending {
            open.arguments.append(byte)
            if open.arguments.count == open.needed {
                pending = nil
                return (open.command, open.arguments)
            }
            pending = open
            return nil
        }
        guard let count = arity(byte) else {
            throw EmulationError("\(chip): unknown command 0x\(OLEDWire.hex(byte))")
        }
        if count == 0 { return (byte, []) }
        pending = (byte, count, [])
        return nil
    }

    mutating func reset() { pending = nil }
}

/// Page-major RAM of the mono controllers plus the display state that decides what the glass shows.
struct OLEDMonoPanel: Sendable {
    var ram: [UInt8]
    let ramColumns: Int
    var displayOn = false
    var contrast: UInt8 = 0x7F
    var inverted = false
    var entireOn = false
    var segmentRemap = false
    var comReversed = false
    var startLine = 0

    /// Power-up RAM is undefined: a stripe pattern makes a missing clear visible in tests.
    init(ramColumns: Int) {
        self.ramColumns = ramColumns
        self.ram = (0..<(ramColumns * 8)).map { $0 & 1 == 0 ? 0x55 : 0xAA }
    }

    /// The glass as the common modules are wired: 0xA1 + 0xC8 show RAM upright; 0xA0 / 0xC0 mirror.
    /// `firstColumn` is the RAM column at the glass's left edge under 0xA1; COM lines past the
    /// multiplex ratio are not driven, so those rows stay dark.
    func image(width: Int, height: Int, firstColumn: Int, multiplex: Int) -> Framebuffer {
        var frame = Framebuffer(width: width, height: height, format: .mono)
        guard displayOn else { return frame }
        for y in 0..<min(height, multiplex + 1) {
            let row = ((comReversed ? y : height - 1 - y) + startLine) & 63
            for x in 0..<width {
                let column = firstColumn + (segmentRemap ? x : width - 1 - x)
                var lit = (ram[(row >> 3) * ramColumns + column] >> UInt8(row & 7)) & 1 == 1
                if entireOn { lit = true } else if inverted { lit.toggle() }
                if lit { frame[x, y] = PixelValue(1) }
            }
        }
        return frame
    }
}
