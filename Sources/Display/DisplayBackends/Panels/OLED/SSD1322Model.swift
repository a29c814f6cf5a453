public import Framebuffer
public import PanelCatalog

/// SSD1322: 480 columns of 4-bit grey RAM (addressed 4 px at a time) behind 256×64 glass.
public struct SSD1322Model: ControllerModel {
    public static let catalogEntry = PanelModel.ssd1322
    public static let format = PixelFormat.gray4
    public static let geometry = PanelGeometry.sizes([PanelSize(256, 64)])
    /// RAM column addresses (4 px each): 480 px.
    public static let ramColumns = 120
    /// Column address of the glass's left edge on 256-px modules: (480 − 256) / 8 = 28.
    public static let glassColumnOffset = 28

    public var width: Int { 256 }
    public var height: Int { 64 }

    public init() {}

    /// Values per the datasheet's application example / luma.oled; parameters go as data.
    public static let initSequence: [PanelCommand] = [
        PanelCommand(0xFD, [0x12]),  // unlock the command interface
        PanelCommand(0xA4),  // blank while configuring (0xA6 restores normal)
        PanelCommand(0xB3, [0xF2]),  // clock: oscillator 15, divide 4
        PanelCommand(0xCA, [0x3F]),  // multiplex 64
        PanelCommand(0xA2, [0x00]),  // display offset 0
        PanelCommand(0xA1, [0x00]),  // start line 0
        PanelCommand(0xA0, [0x14, 0x11]),  // horizontal increment, nibble remap, COM reversed, dual COM
        PanelCommand(0xB5, [0x00]),  // GPIOs off
        PanelCommand(0xAB, [0x01]),  // internal VDD regulator
        PanelCommand(0xB4, [0xA0, 0xFD]),  // external VSL, enhanced low-grey quality
        PanelCommand(0xC7, [0x0F]),  // master contrast 15/15
        PanelCommand(0xB9),  // linear grey table
        PanelCommand(0xB1, [0xF0]),  // phase lengths
        PanelCommand(0xD1, [0x82, 0x20]),  // display enhancement B
        PanelCommand(0xBB, [0x0D]),  // pre-charge voltage
        PanelCommand(0xB6, [0x08]),  // second pre-charge 8 DCLK
        PanelCommand(0xBE, [0x00]),  // VCOMH lowest
        PanelCommand(0xA6),  // normal display
        PanelCommand(0xA9),  // exit partial display
    ]
}
