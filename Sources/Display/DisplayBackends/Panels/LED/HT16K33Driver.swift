public import Framebuffer
import PanelCatalog

/// A 16×8 LED matrix backpack on an HT16K33 over I2C (default address 0x70).
///
/// Mapping (as on the common 16×8 backpacks, where two 8×8 matrices share COM0–7):
/// frame row y = COM y, frame column x = ROW x. RAM byte 2y holds columns 0–7 and byte 2y+1
/// columns 8–15, bit 0 = the leftmost of the eight, so each RAM byte is the frame byte
/// bit-reversed.
public final class HT16K33Driver: PanelDriver {
    public let model = HT16K33Model()
    public let address: UInt8
    public var width: Int { model.width }
    public var height: Int { model.height }
    public var format: PixelFormat { HT16K33Model.format }

    private let link: any PanelLink
    /// Kept so `initialise()` after a bus error restores the chosen brightness.
    private var contrast: UInt8
    /// Display RAM as the chip holds it; nil = unknown, so the next push sends all 16 bytes.
    private var shadow: [UInt8]?

    public init(io: any PanelIO, address: UInt8 = 0x70, contrast: UInt8 = 0x80) {
        self.link = I2CLink(io: io, address: address, framing: .commandFirst)
        self.address = address
        self.contrast = contrast
    }

    /// The dimming level for a board contrast, as the panel table maps it (duty 1/16…16/16; never off).
    public static func dimming(forContrast value: UInt8) -> UInt8 {
        PanelFacts.of(.ht16k33).contrast?.level(for: value) ?? value
    }

    public func initialise() throws(BusError) {
        shadow = nil
        try link.commands(HT16K33Model.initSequence(dimming: Self.dimming(forContrast: contrast)))
        shadow = Array(repeating: 0, count: HT16K33Command.ramSize)
    }

    /// One write covering the first…last RAM byte that differs from the chip; nothing when
    /// `damage` is empty and the chip's RAM is known.
    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try model.check(frame, device: "HT16K33 at 0x\(Hex.encode([address]))")
        let old = shadow
        if old != nil, damage.isEmpty { return }
        let ram = Self.ram(for: frame)
        let changed = ram.indices.filter { old?[$0] != ram[$0] }
        guard let first = changed.first, let last = changed.last else { return }
        shadow = nil  // unknown until the write has landed
        try link.command(HT16K33Command.ramAddress | UInt8(first), Array(ram[first...last]))
        shadow = ram
    }

    public func setContrast(_ value: UInt8) throws(BusError) {
        contrast = value
        try link.command(HT16K33Command.dimming | Self.dimming(forContrast: value))
    }

    /// Display off, then the oscillator (standby); RAM is kept but `initialise()` clears it.
    public func sleep() throws(BusError) {
        try link.commands([PanelCommand(HT16K33Command.displaySetup), PanelCommand(HT16K33Command.systemSetup)])
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
}
