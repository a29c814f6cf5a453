public import Framebuffer

/// SH1106 128×64 mono OLED (the common 1.3" modules) over I2C or 4-wire SPI.
///
/// Its RAM is 132 columns wide with the glass at `columnOffset` (2 on these modules), and it
/// only has page addressing: each page of a window gets its own page/column commands. As with
/// `SSD1306Driver`, the first push after `initialise` or after a failed push sends everything.
public final class SH1106Driver: PanelDriver {
    public let model = SH1106Model()
    public var width: Int { model.width }
    public var height: Int { model.height }
    public var format: PixelFormat { SH1106Model.format }
    /// First RAM column on the glass; 2 centres 128 px in the 132-column RAM.
    public let columnOffset: Int
    public private(set) var contrast: UInt8

    private let link: any PanelLink
    private var state = OLEDFrameState()

    public init(io: any PanelIO, bus: OLEDBus = .i2c(), columnOffset: Int = 2, contrast: UInt8 = 0xCF) {
        self.link = bus.link(io: io)
        self.columnOffset = max(0, min(columnOffset, SH1106Model.ramColumns - 128))
        self.contrast = contrast
    }

    private var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The init burst as it goes out: one run of command bytes.
    static var initSequence: [UInt8] { SH1106Model.initSequence.flatMap(\.bytes) }

    public func initialise() throws(BusError) {
        state.initialising()
        try link.reset()
        try link.commands(SH1106Model.initSequence)
        try link.command(0x81, [contrast])
        // Clear all 132 columns: the off-glass ones are never written again, but cost nothing now.
        for page in 0..<(height / 8) {
            try link.commands(Self.address(page: page, column: 0))
            try link.data([UInt8](repeating: 0, count: SH1106Model.ramColumns))
        }
        try state.switchOn(link)
    }

    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try model.check(frame, device: "SH1106")
        let rects = state.rects(damage, bounds: bounds)
        let windows = OLEDWindow.coalesce(rects.compactMap { OLEDMono.pageWindow($0, in: bounds) }, overhead: 8)
        try state.push(on: link) { () throws(BusError) in
            for window in windows {
                for page in window.rows {
                    try link.commands(Self.address(page: page, column: columnOffset + window.columns.lowerBound))
                    try link.data(OLEDMono.pageBytes(frame, pages: page..<(page + 1), columns: window.columns))
                }
            }
        }
    }

    public func setContrast(_ value: UInt8) throws(BusError) {
        try link.command(0x81, [value])
        contrast = value
    }

    public func sleep() throws(BusError) {
        try state.sleep(link)
    }

    /// Page address, then the column split into low and high nibble commands (one write).
    static func address(page: Int, column: Int) -> [PanelCommand] {
        [PanelCommand(0xB0 | UInt8(page)), PanelCommand(UInt8(column & 0x0F)), PanelCommand(0x10 | UInt8(column >> 4))]
    }
}
