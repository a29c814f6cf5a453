public import Framebuffer
public import PanelCatalog

/// Solomon SSD1680 behind a 2.13" 250×122 black/white panel: portrait RAM of 16 bytes
/// (128 sources, 122 on glass) × 250 gate rows, BUSY active high.
public struct SSD1680Model: ControllerModel {
    public static let catalogEntry = PanelModel.ssd1680
    public static let format = PixelFormat.bwr
    public static let geometry = PanelGeometry.sizes([PanelSize(250, 122)])
    /// RAM geometry: bytes across (sources), rows (gates = the frame's width).
    public static let ramBytesPerRow = 16
    public static let ramRows = 250
    /// Sources on glass: RAM columns 0…121, the landscape frame's height.
    public static let usedColumns = 122
    /// What BUSY reads while the controller works.
    public static let busyLevel = 1

    public var width: Int { Self.ramRows }
    public var height: Int { Self.usedColumns }

    public init() {}

    /// After the SW reset (0x12): gate count, RAM entry, border, sources and temperature.
    public static let initSequence: [PanelCommand] = [
        PanelCommand(0x01, [UInt8((ramRows - 1) & 0xFF), UInt8((ramRows - 1) >> 8), 0x00]),  // gates, G0 first, no interlace
        PanelCommand(0x11, [0x03]),  // data entry: x inc, y inc, x first
        PanelCommand(0x3C, [0x05]),  // border follows the white LUT
        PanelCommand(0x21, [0x00, 0x80]),  // RAM as is; sources S8…S167
        PanelCommand(0x18, [0x80]),  // internal temperature sensor
    ]
}
