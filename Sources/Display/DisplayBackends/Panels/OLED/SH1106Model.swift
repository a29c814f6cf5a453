public import Framebuffer
public import PanelCatalog

/// SH1106: 132 columns of mono RAM in 8-row pages behind 128×64 glass, page addressing only.
public struct SH1106Model: ControllerModel {
    public static let catalogEntry = PanelModel.sh1106
    public static let format = PixelFormat.mono
    public static let geometry = PanelGeometry.sizes([PanelSize(128, 64)])
    /// RAM columns; the glass shows 128 of them from a module-specific offset.
    public static let ramColumns = 132

    public var width: Int { 128 }
    public var height: Int { 64 }

    public init() {}

    /// Init burst from the SH1106 datasheet's command table (values are its reset defaults
    /// except where a module needs otherwise).
    public static let initSequence: [PanelCommand] = [
        PanelCommand(0xAE),  // display off while configuring
        PanelCommand(0xD5, [0x80]),  // clock: divide 1, oscillator +15%
        PanelCommand(0xA8, [0x3F]),  // multiplex 64
        PanelCommand(0xD3, [0x00]),  // display offset 0
        PanelCommand(0x40),  // start line 0
        PanelCommand(0xAD, [0x8B]),  // DC-DC converter on: modules have no external VPP
        PanelCommand(0x32),  // pump voltage 8.0 V
        PanelCommand(0xA1),  // segment remap: column 0 on the module's left
        PanelCommand(0xC8),  // COM scan remapped: page 0 on top
        PanelCommand(0xDA, [0x12]),  // COM pins alternative (64-row glass)
        PanelCommand(0xD9, [0x22]),  // pre-charge 2/2 DCLK
        PanelCommand(0xDB, [0x35]),  // VCOM deselect level
        PanelCommand(0xA4),  // output follows RAM
        PanelCommand(0xA6),  // normal: bit 1 = lit
    ]
}
