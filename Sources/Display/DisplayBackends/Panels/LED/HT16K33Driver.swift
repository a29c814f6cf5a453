public import Framebuffer
import PanelCatalog

/// HT16K33 command bytes (datasheet command summary); each is a one-byte I2C write.
enum HT16K33Command {
    /// 0x00…0x0F: display RAM address pointer, followed by data bytes (auto-increment).
    static let ramAddress: UInt8 = 0x00
    /// System setup; bit 0 = internal oscillator on.
    static let systemSetup: UInt8 = 0x20
    /// Display setup; bit 0 = display on, bits 2–1 = blink rate (0 = no blink).
    static let displaySetup: UInt8 = 0x80
    /// Dimming set; low nibble = duty 1/16…16/16.
    static let dimming: UInt8 = 0xE0
    /// ROW/INT set; 0xA0 = all 16 ROW pins drive LEDs.
    static let rowIntSet: UInt8 = 0xA0
    static let ramSize = 16
}

/// A 16×8 LED matrix backpack on an HT16K33 over I2C (default address 0x70).
///
/// Mapping (as on the common 16×8 backpacks, where two 8×8 matrices share COM0–7):
/// frame row y = COM y, frame column x = ROW x. RAM byte 2y holds columns 0–7 and byte 2y+1
/// columns 8–15, bit 0 = the leftmost of the eight, so each RAM byte is the frame byte
/// bit-reversed.
public final class HT16K33Driver: PanelDriver {
    public let address: UInt8
    public let width = 16
    public let height = 8
    public var format: PixelFormat { .mono }

    private let io: any PanelIO
    /// Kept so `initialise()` after a bus error restores the chosen brightness.
    private var contrast: UInt8
    /// Display RAM as the chip holds it; nil = unknown, so the next push sends all 16 bytes.
    private var shadow: [UInt8]?

    public init(io: any PanelIO, address: UInt8 = 0x70, contrast: UInt8 = 0x80) {
        self.io = io
        self.address = address
        self.contrast = contrast
    }

    /// The dimming level for a board contrast, as the panel table maps it (duty 1/16…16/16; never off).
    public static func dimming(forContrast value: UInt8) -> UInt8 {
        PanelFacts.of(.ht16k33).contrast?.level(for: value) ?? value
    }

    /// RAM is undefined at power-up, so it is cleared before the display is switched on.
    public func initialise() throws(BusError) {
        shadow = nil
        try write([HT16K33Command.systemSetup | 0x01])
        try write([HT16K33Command.ramAddress] + Array(repeating: 0, count: HT16K33Command.ramSize))
        shadow = Array(repeating: 0, count: HT16K33Command.ramSize)
        try write([HT16K33Command.dimming | Self.dimming(forContrast: contrast)])
        try write([HT16K33Command.displaySetup | 0x01])
    }

    /// One write covering the first…last RAM byte that differs from the chip; nothing when
    /// `damage` is empty and the chip's RAM is known.
    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        guard frame.width == width, frame.height == height, frame.format == .mono else {
            throw BusError(.other, device: "HT16K33 at 0x\(Hex.encode([address]))",
                           message: "frame is \(frame.width)×\(frame.height) \(frame.format), panel takes 16×8 mono")
        }
        let old = shadow
        if old != nil, damage.isEmpty { return }
        let ram = Self.ram(for: frame)
        let changed = ram.indices.filter { old?[$0] != ram[$0] }
        guard let first = changed.first, let last = changed.last else { return }
        shadow = nil  // unknown until the write has landed
        try write([HT16K33Command.ramAddress | UInt8(first)] + ram[first...last])
        shadow = ram
    }

    public func setContrast(_ value: UInt8) throws(BusError) {
        contrast = value
        try write([HT16K33Command.dimming | Self.dimming(forContrast: value)])
    }

    /// Display off, then the oscillator (standby); RAM is kept but `initialise()` clears it.
    public func sleep() throws(BusError) {
        try write([HT16K33Command.displaySetup])
        try write([HT16K33Command.systemSetup])
    }

    /// The 16 RAM bytes for a 16×8 mono frame (stride 2: byte 2y is columns 0–7).
    static func ram(for frame: Framebuffer) -> [UInt8] {
        frame.bytes.map(reversedBits)
    }

    /// MSB-leftmost frame byte → LSB-leftmost RAM byte.
    static func reversedBits(_ byte: UInt8) -> UInt8 {
        var result: UInt8 = 0
        for bit in 0..<8 where byte & (1 << UInt8(bit)) != 0 { result |= 0x80 >> UInt8(bit) }
        return result
    }

    private func write(_ bytes: [UInt8]) throws(BusError) {
        try io.i2cWrite(address: address, bytes)
    }
}
