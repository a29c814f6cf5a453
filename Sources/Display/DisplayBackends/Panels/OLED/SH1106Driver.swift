public import Framebuffer

/// SH1106 128×64 mono OLED (the common 1.3" modules) over I2C or 4-wire SPI.
///
/// Its RAM is 132 columns wide with the glass at `columnOffset` (2 on these modules), and it
/// only has page addressing: each page of a window gets its own page/column commands. As with
/// `SSD1306Driver`, the first push after `initialise` or after a failed push sends everything.
public final class SH1106Driver: PanelDriver {
    public let width = 128
    public let height = 64
    public let format = PixelFormat.mono
    public let bus: OLEDBus
    /// First RAM column on the glass; 2 centres 128 px in the 132-column RAM.
    public let columnOffset: Int
    public private(set) var contrast: UInt8

    static let ramColumns = 132
    private let link: OLEDLink
    private var state = OLEDFrameState()

    public init(io: any PanelIO, bus: OLEDBus = .i2c(), columnOffset: Int = 2, contrast: UInt8 = 0xCF) {
        self.link = OLEDLink(io: io, bus: bus)
        self.bus = bus
        self.columnOffset = max(0, min(columnOffset, Self.ramColumns - 128))
        self.contrast = contrast
    }

    private var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Init burst from the SH1106 datasheet's command table (values are its reset defaults
    /// except where a module needs otherwise).
    static let initSequence: [UInt8] = [
        0xAE,        // display off while configuring
        0xD5, 0x80,  // clock: divide 1, oscillator +15%
        0xA8, 0x3F,  // multiplex 64
        0xD3, 0x00,  // display offset 0
        0x40,        // start line 0
        0xAD, 0x8B,  // DC-DC converter on: modules have no external VPP
        0x32,        // pump voltage 8.0 V
        0xA1,        // segment remap: column 0 on the module's left
        0xC8,        // COM scan remapped: page 0 on top
        0xDA, 0x12,  // COM pins alternative (64-row glass)
        0xD9, 0x22,  // pre-charge 2/2 DCLK
        0xDB, 0x35,  // VCOM deselect level
        0xA4,        // output follows RAM
        0xA6,        // normal: bit 1 = lit
    ]

    public func initialise() throws(BusError) {
        state.initialising()
        try link.resetIfWired()
        try link.commands(Self.initSequence)
        try link.commands([0x81, contrast])
        // Clear all 132 columns: the off-glass ones are never written again, but cost nothing now.
        for page in 0..<(height / 8) {
            try link.commands(Self.address(page: page, column: 0))
            try link.data([UInt8](repeating: 0, count: Self.ramColumns))
        }
        try link.commands([0xAF])
        state.awake()
    }

    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try OLEDLink.check(frame, width: width, height: height, format: format, chip: "SH1106")
        let rects = state.rects(damage, bounds: bounds)
        let windows = OLEDWindow.coalesce(rects.compactMap { OLEDMono.pageWindow($0, in: bounds) }, overhead: 8)
        try state.push({ () throws(BusError) in
            for window in windows {
                for page in window.rows {
                    try link.commands(Self.address(page: page, column: columnOffset + window.columns.lowerBound))
                    try link.data(OLEDMono.pageBytes(frame, pages: page..<(page + 1), columns: window.columns))
                }
            }
        }, displayOn: { () throws(BusError) in try link.commands([0xAF]) })
    }

    public func setContrast(_ value: UInt8) throws(BusError) {
        try link.commands([0x81, value])
        contrast = value
    }

    public func sleep() throws(BusError) {
        try link.commands([0xAE])
        state.sleeping()
    }

    /// Page address, then the column split into low and high nibble commands.
    static func address(page: Int, column: Int) -> [UInt8] {
        [0xB0 | UInt8(page), UInt8(column & 0x0F), 0x10 | UInt8(column >> 4)]
    }
}
