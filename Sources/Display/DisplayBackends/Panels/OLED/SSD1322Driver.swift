public import Framebuffer

/// SSD1322 256×64 4-bit grey OLED (departure-board modules) over 4-wire SPI with D/C and RESET.
///
/// `.gray4` frames already hold the controller's byte order (2 px per byte, high nibble left,
/// with the 0xA0 0x14 nibble remap), so a window's bytes are copied row by row. One column
/// address is 4 px, so damage widens to multiples of 4 px. As with the mono drivers, the first
/// push after `initialise` or after a failed push sends the whole frame.
public final class SSD1322Driver: PanelDriver {
    public let width = 256
    public let height = 64
    public let format = PixelFormat.gray4
    /// Column address of the glass's left edge: (480 − 256) / 8 = 28 on 256-px modules.
    public let columnOffset: Int
    /// Whether `initialise` pulses the "reset" line.
    public let resetLine: Bool
    public private(set) var contrast: UInt8

    private let io: any PanelIO
    private var state = OLEDFrameState()

    public init(io: any PanelIO, columnOffset: Int = 28, contrast: UInt8 = 0x7F, resetLine: Bool = true) {
        self.io = io
        self.columnOffset = max(0, min(columnOffset, 120 - 64))
        self.contrast = contrast
        self.resetLine = resetLine
    }

    private var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// (command, arguments) pairs; values per the datasheet's application example / luma.oled.
    static let initSequence: [(UInt8, [UInt8])] = [
        (0xFD, [0x12]),        // unlock the command interface
        (0xA4, []),            // blank while configuring (0xA6 restores normal)
        (0xB3, [0xF2]),        // clock: oscillator 15, divide 4
        (0xCA, [0x3F]),        // multiplex 64
        (0xA2, [0x00]),        // display offset 0
        (0xA1, [0x00]),        // start line 0
        (0xA0, [0x14, 0x11]),  // horizontal increment, nibble remap, COM reversed, dual COM
        (0xB5, [0x00]),        // GPIOs off
        (0xAB, [0x01]),        // internal VDD regulator
        (0xB4, [0xA0, 0xFD]),  // external VSL, enhanced low-grey quality
        (0xC7, [0x0F]),        // master contrast 15/15
        (0xB9, []),            // linear grey table
        (0xB1, [0xF0]),        // phase lengths
        (0xD1, [0x82, 0x20]),  // display enhancement B
        (0xBB, [0x0D]),        // pre-charge voltage
        (0xB6, [0x08]),        // second pre-charge 8 DCLK
        (0xBE, [0x00]),        // VCOMH lowest
        (0xA6, []),            // normal display
        (0xA9, []),            // exit partial display
    ]

    public func initialise() throws(BusError) {
        state.initialising()
        if resetLine { try OLEDLink.pulseReset(io) }
        for (command, arguments) in Self.initSequence { try send(command, arguments) }
        try send(0xC1, [contrast])
        // RAM is undefined after power-up, so clear it before the panel shows it.
        try write(OLEDWindow(columns: 0..<(width / 4), rows: 0..<height),
                  bytes: [UInt8](repeating: 0, count: width * height / 2))
        try send(0xAF, [])
        state.awake()
    }

    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try OLEDLink.check(frame, width: width, height: height, format: format, chip: "SSD1322")
        let rects = state.rects(damage, bounds: bounds)
        // A window costs ~7 command/argument bytes + 5 writes: about 4 units of 2 bytes.
        let windows = OLEDWindow.coalesce(rects.compactMap(columnWindow), overhead: 4)
        try state.push({ () throws(BusError) in
            for window in windows { try write(window, bytes: Self.bytes(of: frame, in: window)) }
        }, displayOn: { () throws(BusError) in try send(0xAF, []) })
    }

    public func setContrast(_ value: UInt8) throws(BusError) {
        try send(0xC1, [value])
        contrast = value
    }

    public func sleep() throws(BusError) {
        try send(0xAE, [])
        state.sleeping()
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
        try send(0x15, [UInt8(columnOffset + window.columns.lowerBound), UInt8(columnOffset + window.columns.upperBound - 1)])
        try send(0x75, [UInt8(window.rows.lowerBound), UInt8(window.rows.upperBound - 1)])
        try send(0x5C, [])
        for chunk in OLEDLink.chunks(bytes, size: OLEDLink.spiChunk) { try io.spiWrite(Array(chunk), dc: 1) }
    }

    /// The command byte with D/C low, then its arguments as one write with D/C high.
    private func send(_ command: UInt8, _ arguments: [UInt8]) throws(BusError) {
        try io.spiWrite([command], dc: 0)
        if !arguments.isEmpty { try io.spiWrite(arguments, dc: 1) }
    }
}
