public import Framebuffer
public import PanelCatalog

/// SSD1306: 128 columns of mono RAM in 8-row pages, on glass 64 or 32 rows tall (as the
/// ssd1306 crate's size.rs, each size brings its multiplex and COM pin wiring).
public struct SSD1306Model: ControllerModel {
    public enum Size: Sendable, Equatable, CaseIterable {
        case oled128x64, oled128x32

        var height: Int { self == .oled128x64 ? 64 : 32 }
        /// COM pins: alternative for 64-row glass, sequential for 32.
        var comPins: UInt8 { self == .oled128x64 ? 0x12 : 0x02 }
    }

    public static let catalogEntry = PanelModel.ssd1306
    public static let format = PixelFormat.mono
    public static let geometry = PanelGeometry.sizes(Size.allCases.map { PanelSize(128, $0.height) })

    public let size: Size
    public var width: Int { 128 }
    public var height: Int { size.height }

    public init(size: Size) {
        self.size = size
    }

    /// The init burst (datasheet "software initialization" flow; same bytes as luma.oled).
    public var initSequence: [PanelCommand] {
        [
            PanelCommand(0xAE),  // display off while configuring
            PanelCommand(0xD5, [0x80]),  // clock: divide 1, oscillator 8
            PanelCommand(0xA8, [UInt8(height - 1)]),  // multiplex = panel rows
            PanelCommand(0xD3, [0x00]),  // display offset 0
            PanelCommand(0x40),  // start line 0
            PanelCommand(0x8D, [0x14]),  // charge pump on: modules have no external VCC
            PanelCommand(0x20, [0x00]),  // horizontal addressing: window writes wrap page by page
            PanelCommand(0xA1),  // segment remap: column 0 on the module's left
            PanelCommand(0xC8),  // COM scan remapped: page 0 on the module's top
            PanelCommand(0xDA, [size.comPins]),
            PanelCommand(0xD9, [0xF1]),  // pre-charge 1/15 DCLK (internal charge pump)
            PanelCommand(0xDB, [0x40]),  // VCOMH deselect level
            PanelCommand(0xA4),  // output follows RAM
            PanelCommand(0xA6),
        ]  // normal: bit 1 = lit
    }
}
