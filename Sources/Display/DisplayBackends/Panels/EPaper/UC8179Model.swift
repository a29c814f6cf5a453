public import Framebuffer
public import PanelCatalog

/// UltraChip UC8179 behind a 7.5" 800×480 panel, black/white or black/white/red; BUSY_N
/// active low.
public struct UC8179Model: ControllerModel {
    public enum Colors: Sendable, Equatable {
        /// KW mode: red pixels of the frame show black.
        case blackWhite
        /// KWR mode (7.5" V2 B class panels).
        case blackWhiteRed
    }

    public static let catalogEntry = PanelModel.uc8179
    public static let format = PixelFormat.bwr
    public static let geometry = PanelGeometry.sizes([PanelSize(800, 480)])
    /// What BUSY_N reads while the controller works.
    public static let busyLevel = 0

    public let colors: Colors
    public var width: Int { 800 }
    public var height: Int { 480 }

    public init(colors: Colors) {
        self.colors = colors
    }

    /// VGH/VGL ±20 V, VDH/VDL ±15 V (the Waveshare V2 values), soft start, then power on:
    /// BUSY until the pumps are up.
    public static let powerOn: [PanelCommand] = [
        PanelCommand(0x01, [0x07, 0x07, 0x3F, 0x3F]),
        PanelCommand(0x06, [0x17, 0x17, 0x28, 0x17]),  // booster soft start
        PanelCommand(0x04),
    ]

    /// BDZ = 0, BDV = 01, N2OCP = 0, DDX = 01; CDI = 0x07 (10 hsync).
    public static let borderNormal: [UInt8] = [0x11, 0x07]

    /// Once powered: panel setting, resolution, interface and timing.
    public var initSequence: [PanelCommand] {
        // 0x1F: OTP LUT, KW mode, scan up/right, booster on, no soft reset; 0x0F: the same in KWR.
        [
            PanelCommand(0x00, [colors == .blackWhite ? 0x1F : 0x0F]),
            PanelCommand(0x61, [UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF)]),
            PanelCommand(0x15, [0x00]),  // dual SPI off
            PanelCommand(0x50, Self.borderNormal),
            PanelCommand(0x60, [0x22]),
        ]  // TCON: non-overlap S2G/G2S
    }
}
