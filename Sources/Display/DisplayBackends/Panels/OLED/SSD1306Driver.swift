public import Framebuffer

/// SSD1306 128×64 / 128×32 mono OLED over I2C or 4-wire SPI.
///
/// RAM is page-major (byte = 8 rows of one column, LSB on top), written in horizontal
/// addressing mode so one column+page window takes a damage rect's bytes in a single run.
/// The first push after `initialise` (or after a failed push) sends the whole frame whatever
/// damage it is given, because the RAM then holds zeros or an unknown partial write.
public final class SSD1306Driver: PanelDriver {
    public enum Size: Sendable, Equatable {
        case oled128x64, oled128x32
        var height: Int { self == .oled128x64 ? 64 : 32 }
    }

    public let width = 128
    public let height: Int
    public let format = PixelFormat.mono
    public let bus: OLEDBus
    /// Sent by `initialise`; 0xCF is the common modules' default (full range 0…255).
    public private(set) var contrast: UInt8

    private let link: OLEDLink
    private var state = OLEDFrameState()

    public init(io: any PanelIO, bus: OLEDBus = .i2c(), size: Size = .oled128x64, contrast: UInt8 = 0xCF) {
        self.link = OLEDLink(io: io, bus: bus)
        self.bus = bus
        self.height = size.height
        self.contrast = contrast
    }

    private var pages: Int { height / 8 }
    private var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The init burst (datasheet "software initialization" flow; same bytes as luma.oled).
    var initSequence: [UInt8] {
        [0xAE,                          // display off while configuring
         0xD5, 0x80,                    // clock: divide 1, oscillator 8
         0xA8, UInt8(height - 1),       // multiplex = panel rows
         0xD3, 0x00,                    // display offset 0
         0x40,                          // start line 0
         0x8D, 0x14,                    // charge pump on: modules have no external VCC
         0x20, 0x00,                    // horizontal addressing: window writes wrap page by page
         0xA1,                          // segment remap: column 0 on the module's left
         0xC8,                          // COM scan remapped: page 0 on the module's top
         0xDA, height == 64 ? 0x12 : 0x02, // COM pins: alternative for 64 rows, sequential for 32
         0xD9, 0xF1,                    // pre-charge 1/15 DCLK (internal charge pump)
         0xDB, 0x40,                    // VCOMH deselect level
         0xA4,                          // output follows RAM
         0xA6]                          // normal: bit 1 = lit
    }

    public func initialise() throws(BusError) {
        state.initialising()
        try link.resetIfWired()
        try link.commands(initSequence)
        try link.commands([0x81, contrast])
        // RAM is undefined after power-up, so clear it before the panel shows it.
        try link.commands([0x21, 0, UInt8(width - 1), 0x22, 0, UInt8(pages - 1)])
        try link.data([UInt8](repeating: 0, count: width * pages))
        try link.commands([0xAF])
        state.awake()
    }

    public func push(_ frame: Framebuffer, damage: [Rect]) throws(BusError) {
        try OLEDLink.check(frame, width: width, height: height, format: format, chip: "SSD1306")
        let rects = state.rects(damage, bounds: bounds)
        // ~8 bytes of window commands and control bytes per window, in units of 1 byte.
        let windows = OLEDWindow.coalesce(rects.compactMap { OLEDMono.pageWindow($0, in: bounds) }, overhead: 8)
        try state.push({ () throws(BusError) in
            for window in windows {
                try link.commands([0x21, UInt8(window.columns.lowerBound), UInt8(window.columns.upperBound - 1),
                                   0x22, UInt8(window.rows.lowerBound), UInt8(window.rows.upperBound - 1)])
                try link.data(OLEDMono.pageBytes(frame, pages: window.rows, columns: window.columns))
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
}
