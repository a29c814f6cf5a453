public import Framebuffer

/// SSD1306 128×64 / 128×32 mono OLED over I2C or 4-wire SPI.
///
/// RAM is page-major (byte = 8 rows of one column, LSB on top), written in horizontal
/// addressing mode so one column+page window takes a damage rect's bytes in a single run.
/// The first push after `initialise` (or after a failed push) sends the whole frame whatever
/// damage it is given, because the RAM then holds zeros or an unknown partial write.
public final class SSD1306Driver: PanelDriver {
    public typealias Size = SSD1306Model.Size

    public let model: SSD1306Model
    public var width: Int { model.width }
    public var height: Int { model.height }
    public var format: PixelFormat { SSD1306Model.format }
    /// Sent by `initialise`; 0xCF is the common modules' default (full range 0…255).
    public private(set) var contrast: UInt8

    private let link: any PanelLink
    private var state = OLEDFrameState()

    public init(io: any PanelIO, bus: OLEDBus = .i2c(), size: Size = .oled128x64, contrast: UInt8 = 0xCF) {
        self.link = bus.link(io: io)
        self.model = SSD1306Model(size: size)
        self.contrast = contrast
    }

    private var pages: Int { height / 8 }
    private var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public func initialise() throws(BusError) {
        state.initialising()
        try link.reset()
        try link.commands(model.initSequence)
        try link.command(0x81, [contrast])
        // RAM is undefined after power-up, so clear it before the panel shows it.
        try link.commands(Self.window(columns: 0..<width, pages: 0..<pages))
        try link.data([UInt8](repeating: 0, count: width * pages))
        try state.switchOn(link)
    }

    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try model.check(frame, device: "SSD1306")
        let rects = state.rects(damage, bounds: bounds)
        // ~8 bytes of window commands and control bytes per window, in units of 1 byte.
        let windows = OLEDWindow.coalesce(rects.compactMap { OLEDMono.pageWindow($0, in: bounds) }, overhead: 8)
        try state.push(on: link) { () throws(BusError) in
            for window in windows {
                try link.commands(Self.window(columns: window.columns, pages: window.rows))
                try link.data(OLEDMono.pageBytes(frame, pages: window.rows, columns: window.columns))
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

    /// Column and page address windows: one write, as the chip reads parameters as commands.
    static func window(columns: Range<Int>, pages: Range<Int>) -> [PanelCommand] {
        [
            PanelCommand(0x21, [UInt8(columns.lowerBound), UInt8(columns.upperBound - 1)]),
            PanelCommand(0x22, [UInt8(pages.lowerBound), UInt8(pages.upperBound - 1)]),
        ]
    }
}
