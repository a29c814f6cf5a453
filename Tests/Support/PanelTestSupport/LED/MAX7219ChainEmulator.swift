public import DisplayBackends
public import Framebuffer

/// A chain of MAX7219 modules fed from a trace: each SPI operation is one CS-low…CS-high
/// frame whose 16-bit words are shifted through the chain, then latched by every module.
public struct MAX7219ChainEmulator: PanelEmulator {
    /// One chip's registers.
    public struct Module: Sendable, Equatable {
        /// Digit registers 1…8 (one LED row each).
        public var digits: [UInt8]
        public var decodeMode: UInt8 = 0
        public var intensity: UInt8 = 0
        public var scanLimit: UInt8 = 0
        public var shutdown = true
        public var displayTest = false
    }

    public let layout: MAX7219Layout
    /// Indexed by chain position (0 = nearest DIN).
    public private(set) var modules: [Module]
    /// Each module's 16-bit shift register; what it holds at CS high is what it latches.
    private var shift: [UInt16]

    /// Power-up state per the datasheet: control registers reset, chip in shutdown. Digit
    /// registers are undefined; a visible pattern stands in so a driver that forgets to
    /// clear them is caught.
    public init(layout: MAX7219Layout) {
        self.layout = layout
        let garbage = Module(digits: (0..<8).map { UInt8(0xA5) ^ UInt8($0) })
        modules = Array(repeating: garbage, count: layout.modules)
        shift = Array(repeating: 0, count: layout.modules)
    }

    public init?(
        modules: Int, rows: Int = 1, firstModule: MAX7219Layout.Side = .right,
        serpentine: Bool = false, rotation: MAX7219Layout.Rotation = .r0,
        rotations: [MAX7219Layout.Rotation]? = nil
    ) {
        guard
            let layout = MAX7219Layout(
                modules: modules, rows: rows, firstModule: firstModule,
                serpentine: serpentine, rotation: rotation, rotations: rotations)
        else { return nil }
        self.init(layout: layout)
    }

    public mutating func apply(_ op: TraceOp) throws(EmulationError) {
        switch op {
        case .spi(let dc, let data):
            guard dc == nil else { throw EmulationError("MAX7219 has no D/C line, got dc=\(dc ?? 0)") }
            // A short or long frame leaves some module latching a stale or foreign word.
            guard data.count == 2 * modules.count else {
                throw EmulationError(
                    "MAX7219 chain of \(modules.count): SPI frame of \(data.count) bytes, expected \(2 * modules.count) (one 16-bit word per module)"
                )
            }
            for i in stride(from: 0, to: data.count, by: 2) {
                // Clocking a word in at DIN pushes every module's word on to the next one.
                shift.removeLast()
                shift.insert(UInt16(data[i]) << 8 | UInt16(data[i + 1]), at: 0)
            }
            for index in modules.indices { try latch(module: index, word: shift[index]) }
        case .sleep:
            break
        case .i2c, .gpio, .wait:
            throw EmulationError("MAX7219 chain: unexpected \(op) (SPI only, no control lines)")
        }
    }

    /// Strict about D15–D12 (don't-care on the chip) so a shifted word shows up as an error.
    private mutating func latch(module index: Int, word: UInt16) throws(EmulationError) {
        let register = UInt8(word >> 8), value = UInt8(word & 0xFF)
        switch register {
        case MAX7219Register.noOp:
            break
        case MAX7219Register.digit0...(MAX7219Register.digit0 + 7):
            modules[index].digits[Int(register - MAX7219Register.digit0)] = value
        case MAX7219Register.decodeMode:
            guard value == 0 else { throw EmulationError("module \(index): Code B decode (0x\(hex(value))) is not emulated") }
            modules[index].decodeMode = value
        case MAX7219Register.intensity:
            modules[index].intensity = value & 0x0F
        case MAX7219Register.scanLimit:
            modules[index].scanLimit = value & 0x07
        case MAX7219Register.shutdown:
            modules[index].shutdown = value & 0x01 == 0
        case MAX7219Register.displayTest:
            modules[index].displayTest = value & 0x01 == 1
        default:
            throw EmulationError("module \(index): unknown register 0x\(hex(register)) (word 0x\(hex(UInt8(word >> 8)))\(hex(value)))")
        }
    }

    /// Display test lights every LED even in shutdown; otherwise shutdown blanks the module
    /// and rows past the scan limit are never driven.
    public func image() -> Framebuffer {
        var frame = Framebuffer(width: layout.width, height: layout.height, format: .mono)
        for (index, module) in modules.enumerated() {
            for digit in 0..<8 {
                let scanned = !module.shutdown && digit <= Int(module.scanLimit)
                for bit in 0..<8 {
                    let on = module.displayTest || (scanned && module.digits[digit] >> UInt8(bit) & 1 == 1)
                    guard on else { continue }
                    let p = layout.framePoint(module: index, digit: digit, bit: bit)
                    frame[p.x, p.y] = PixelValue(1)
                }
            }
        }
        return frame
    }

    private func hex(_ byte: UInt8) -> String {
        Hex.encode([byte])
    }
}

/// The datasheet's register map, kept apart from the driver's copy: an oracle that shared the
/// driver's constants would agree with a wrong address instead of catching it.
private enum MAX7219Register {
    static let noOp: UInt8 = 0x00
    /// Digits 0…7 sit at 0x01…0x08.
    static let digit0: UInt8 = 0x01
    static let decodeMode: UInt8 = 0x09
    static let intensity: UInt8 = 0x0A
    static let scanLimit: UInt8 = 0x0B
    static let shutdown: UInt8 = 0x0C
    static let displayTest: UInt8 = 0x0F
}
