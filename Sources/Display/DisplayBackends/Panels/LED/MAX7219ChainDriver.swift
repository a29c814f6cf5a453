public import Framebuffer
import PanelCatalog

/// A daisy chain of cascaded MAX7219 8×8 modules on SPI without a D/C line (FC-16 4-in-1
/// boards and the like). Every transaction carries one 16-bit word (register, data) per
/// module; the first word sent ends in the module farthest from the MCU.
public final class MAX7219ChainDriver: PanelDriver {
    public let model: MAX7219Model
    public var layout: MAX7219Layout { model.layout }
    public var width: Int { model.width }
    public var height: Int { model.height }
    public var format: PixelFormat { MAX7219Model.format }

    private let link: any PanelLink
    /// Kept so `initialise()` after a bus error restores the brightness the service chose.
    private var contrast: UInt8
    /// shadow[digit][module] as the chain holds it; nil = unknown, so the next push sends all.
    private var shadow: [[UInt8]]?
    /// taps[digit][module][bit 7…0 as 0…7]: (frame byte index, mask), fixed by the layout.
    private let taps: [[[(index: Int, mask: UInt8)]]]

    public init(io: any PanelIO, layout: MAX7219Layout, contrast: UInt8 = 0x80) {
        self.link = SPILink(io: io, parameters: .command, hasDCLine: false)
        self.model = MAX7219Model(layout: layout)
        self.contrast = contrast
        let stride = PixelFormat.mono.stride(forWidth: layout.width)
        taps = (0..<8).map { digit in
            (0..<layout.modules).map { module in
                (0..<8).map { k in
                    let p = layout.framePoint(module: module, digit: digit, bit: 7 - k)
                    return (p.y * stride + p.x / 8, UInt8(0x80) >> UInt8(p.x % 8))
                }
            }
        }
    }

    /// Grid of modules; see `MAX7219Layout.init(modules:…)`. Nil when the counts make no grid.
    public convenience init?(
        io: any PanelIO, modules: Int, rows: Int = 1,
        firstModule: MAX7219Layout.Side = .right, serpentine: Bool = false,
        rotation: MAX7219Layout.Rotation = .r0,
        rotations: [MAX7219Layout.Rotation]? = nil, contrast: UInt8 = 0x80
    ) {
        guard
            let layout = MAX7219Layout(
                modules: modules, rows: rows, firstModule: firstModule,
                serpentine: serpentine, rotation: rotation, rotations: rotations)
        else { return nil }
        self.init(io: io, layout: layout, contrast: contrast)
    }

    /// The intensity register for a board contrast, as the panel table maps it.
    public static func intensity(forContrast value: UInt8) -> UInt8 {
        PanelFacts.of(.max7219).contrast?.level(for: value) ?? value
    }

    public func initialise() throws(BusError) {
        shadow = nil
        for command in MAX7219Model.initSequence(intensity: Self.intensity(forContrast: contrast)) {
            try writeAll(command.code, command.parameters[0])
        }
        shadow = Array(repeating: Array(repeating: 0, count: layout.modules), count: 8)
    }

    /// One transaction per digit row whose bytes differ from what the chain holds; nothing
    /// when `damage` is empty and the chain's contents are known.
    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try model.check(frame, device: "MAX7219 chain")
        let old = shadow
        if old != nil, damage.isEmpty { return }
        let rows = digitRows(frame)
        shadow = nil  // unknown until every write has landed
        for digit in 0..<8 where old?[digit] != rows[digit] {
            try write(register: MAX7219Register.digit0 + UInt8(digit), values: rows[digit])
        }
        shadow = rows
    }

    public func setContrast(_ value: UInt8) throws(BusError) {
        contrast = value
        try writeAll(MAX7219Register.intensity, Self.intensity(forContrast: value))
    }

    /// Shutdown keeps the digit registers, but `initialise()` is the way back (it clears them).
    public func sleep() throws(BusError) {
        try writeAll(MAX7219Register.shutdown, 0x00)
    }

    /// rows[digit][module]: each module's byte for that digit register.
    private func digitRows(_ frame: Framebuffer) -> [[UInt8]] {
        frame.bytes.withUnsafeBufferPointer { pixels in
            taps.map { modules in
                modules.map { bits in
                    var byte: UInt8 = 0
                    for (k, tap) in bits.enumerated() where pixels[tap.index] & tap.mask != 0 {
                        byte |= 0x80 >> UInt8(k)
                    }
                    return byte
                }
            }
        }
    }

    private func writeAll(_ register: UInt8, _ value: UInt8) throws(BusError) {
        try write(register: register, values: Array(repeating: value, count: layout.modules))
    }

    /// values[m] is for chain module m; the last module's word goes first because each word
    /// is pushed on down the chain by the ones after it. One transfer: the chain latches when
    /// chip select rises.
    private func write(register: UInt8, values: [UInt8]) throws(BusError) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 2)
        for value in values.reversed() { bytes += [register, value] }
        try link.data(bytes)
    }
}
