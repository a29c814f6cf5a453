import DisplayBackends
public import Framebuffer

/// An HT16K33 16×8 backpack fed from a trace: command bytes and display-RAM writes through
/// the auto-incrementing address pointer. Mapping as `HT16K33Driver` states it.
public struct HT16K33Emulator: PanelEmulator {
    public let address: UInt8
    /// Display RAM 0x00…0x0F.
    public private(set) var ram: [UInt8]
    public private(set) var oscillatorOn = false
    public private(set) var displayOn = false
    /// Blink bits from display setup (0 = steady); the image ignores blinking.
    public private(set) var blink: UInt8 = 0
    /// Dimming 0…15; the chip powers up at full duty.
    public private(set) var dimming: UInt8 = 15

    /// Power-up: standby, display off. RAM is undefined; a visible pattern stands in so a
    /// driver that forgets to clear it is caught.
    public init(address: UInt8 = 0x70) {
        self.address = address
        ram = (0..<HT16K33Command.ramSize).map { UInt8(0x5A) ^ UInt8($0) }
    }

    public mutating func apply(_ op: TraceOp) throws(EmulationError) {
        switch op {
        case .i2c(let to, let data):
            guard to == address else { throw EmulationError("HT16K33 at 0x\(Hex.encode([address])): write to 0x\(Hex.encode([to]))") }
            guard let command = data.first else { throw EmulationError("HT16K33: empty write") }
            try execute(command, then: Array(data.dropFirst()))
        case .sleep:
            break
        case .spi, .gpio, .wait:
            throw EmulationError("HT16K33: unexpected \(op) (I2C only)")
        }
    }

    private mutating func execute(_ command: UInt8, then data: [UInt8]) throws(EmulationError) {
        // Only a RAM pointer write carries data; anything after a command byte is a bug.
        if command >> 4 != 0, !data.isEmpty {
            throw EmulationError("HT16K33: \(data.count) stray byte(s) after command 0x\(Hex.encode([command]))")
        }
        switch command & 0xF0 {
        case HT16K33Command.ramAddress:
            var pointer = Int(command & 0x0F)
            for byte in data {
                ram[pointer] = byte
                pointer = (pointer + 1) % HT16K33Command.ramSize  // the pointer wraps within RAM
            }
        case HT16K33Command.systemSetup where command & 0x0E == 0:
            oscillatorOn = command & 0x01 == 1
        case HT16K33Command.displaySetup where command & 0x08 == 0:
            displayOn = command & 0x01 == 1
            blink = (command >> 1) & 0x03
        case HT16K33Command.dimming:
            dimming = command & 0x0F
        case HT16K33Command.rowIntSet where command == HT16K33Command.rowIntSet:
            break  // ROW outputs, the backpack's only sensible setting
        default:
            throw EmulationError("HT16K33: unknown or unsupported command 0x\(Hex.encode([command]))")
        }
    }

    /// Dark unless both the oscillator runs and the display is on.
    public func image() -> Framebuffer {
        var frame = Framebuffer(width: 16, height: 8, format: .mono)
        guard oscillatorOn, displayOn else { return frame }
        for y in 0..<8 {
            for x in 0..<16 where ram[2 * y + x / 8] >> UInt8(x % 8) & 1 == 1 {
                frame[x, y] = PixelValue(1)
            }
        }
        return frame
    }
}

/// The datasheet's command bytes, kept apart from the driver's copy: an oracle that shared the
/// driver's constants would agree with a wrong command instead of catching it.
private enum HT16K33Command {
    /// 0x00…0x0F: display RAM address pointer, then data bytes.
    static let ramAddress: UInt8 = 0x00
    static let systemSetup: UInt8 = 0x20
    static let displaySetup: UInt8 = 0x80
    static let dimming: UInt8 = 0xE0
    static let rowIntSet: UInt8 = 0xA0
    static let ramSize = 16
}
