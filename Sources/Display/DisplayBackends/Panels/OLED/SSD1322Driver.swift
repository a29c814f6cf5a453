public import Framebuffer

/// SSD1322 256×64 4-bit grey OLED (departure-board modules) over 4-wire SPI with D/C and RESET.
///
/// `.gray4` frames already hold the controller's byte order (2 px per byte, high nibble left,
/// with the 0xA0 0x14 nibble remap), so a window's bytes are copied row by row. One column
/// address is 4 px, so damage widens to multiples of 4 px. As with the mono drivers, the first
/// push after `initialise` or after a failed push sends the whole frame.
public final class SSD1322Driver: PanelDriver {
    public let model = SSD1322Model()
    public var width: Int { model.width }
    public var height: Int { model.height }
    public var format: PixelFormat { SSD1322Model.format }
    /// Column address of the glass's left edge.
    public let columnOffset: Int
    public private(set) var contrast: UInt8

    private let link: any PanelLink
    private var state = OLEDFrameState()

    /// `resetLine`: whether RESET is wired, so `initialise` pulses it.
    public init(
        io: any PanelIO, columnOffset: Int = SSD1322Model.glassColumnOffset, contrast: UInt8 = 0x7F,
        resetLine: Bool = true
    ) {
        self.link = SPILink(io: io, parameters: .data, resetPulse: resetLine ? .oled : nil)
        self.columnOffset = max(0, min(columnOffset, SSD1322Model.ramColumns - SSD1322Model().width / 4))
        self.contrast = contrast
    }

    private var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public func initialise() throws(BusError) {
        state.initialising()
        try link.reset()
        try link.commands(SSD1322Model.initSequence)
        try link.command(0xC1, [contrast])
        // RAM is undefined after power-up, so clear it before the panel shows it.
        try write(
            OLEDWindow(columns: 0..<(width / 4), rows: 0..<height),
            bytes: [UInt8](repeating: 0, count: width * height / 2))
        try state.switchOn(link)
    }

    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try model.check(frame, device: "SSD1322")
        let rects = state.rects(damage, bounds: bounds)
        // A window costs ~7 command/argument bytes + 5 writes: about 4 units of 2 bytes.
        let windows = OLEDWindow.coalesce(rects.compactMap(columnWindow), overhead: 4)
        try state.push(on: link) { () throws(BusError) in
            for window in windows { try write(window, bytes: Self.bytes(of: frame, in: window)) }
        }
    }

    public func setContrast(_ value: UInt8) throws(BusError) {
        try link.command(0xC1, [value])
        contrast = value
    }

    public func sleep() throws(BusError) {
        try state.sleep(link)
    }

    /// A pixel rect widened to whole 4-px column addresses (window columns are glass-relative).
    private func columnWindow(_ rect: Rect) -> OLEDWindow? {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return nil }
        return OLEDWindow(columns: (r.x / 4)..<((r.maxX + 3) / 4), rows: r.y..<r.maxY)
    }

    /// Rows top to bottom, 2 bytes per column address: the frame's bytes as they are.
    static func bytes(of frame: Framebuffer, in window: OLEDWindow) -> [UInt8] {
        let source = frame.bytes, stride = frame.stride
        var out = [UInt8]()
        out.reserveCapacity(window.units * 2)
        for y in window.rows {
            let row = y * stride
            out += source[(row + window.columns.lowerBound * 2)..<(row + window.columns.upperBound * 2)]
        }
        return out
    }

    private func write(_ window: OLEDWindow, bytes: [UInt8]) throws(BusError) {
        try link.commands([
            PanelCommand(0x15, [UInt8(columnOffset + window.columns.lowerBound), UInt8(columnOffset + window.columns.upperBound - 1)]),
            PanelCommand(0x75, [UInt8(window.rows.lowerBound), UInt8(window.rows.upperBound - 1)]),
            PanelCommand(0x5C),  // write RAM
        ])
        try link.data(bytes)
    }
}
