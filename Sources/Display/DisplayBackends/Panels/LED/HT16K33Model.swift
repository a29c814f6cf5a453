public import Framebuffer
public import PanelCatalog

/// HT16K33 command bytes (datasheet command summary); each is a one-byte I2C write.
enum HT16K33Command {
    /// 0x00…0x0F: display RAM address pointer, followed by data bytes (auto-increment).
    static let ramAddress: UInt8 = 0x00
    /// System setup; bit 0 = internal oscillator on.
    static let systemSetup: UInt8 = 0x20
    /// Display setup; bit 0 = display on, bits 2–1 = blink rate (0 = no blink).
    static let displaySetup: UInt8 = 0x80
    /// Dimming set; low nibble = duty 1/16…16/16.
    static let dimming: UInt8 = 0xE0
    /// ROW/INT set; 0xA0 = all 16 ROW pins drive LEDs.
    static let rowIntSet: UInt8 = 0xA0
    static let ramSize = 16
}

/// HT16K33 on a 16×8 LED matrix backpack: 16 bytes of display RAM, one per 8 LEDs.
public struct HT16K33Model: ControllerModel {
    public static let catalogEntry = PanelModel.ht16k33
    public static let format = PixelFormat.mono
    public static let geometry = PanelGeometry.sizes([PanelSize(16, 8)])

    public var width: Int { 16 }
    public var height: Int { 8 }

    public init() {}

    /// Oscillator on, RAM cleared (it is undefined at power-up), brightness, and only then the
    /// display on.
    static func initSequence(dimming level: UInt8) -> [PanelCommand] {
        [
            PanelCommand(HT16K33Command.systemSetup | 0x01),
            PanelCommand(HT16K33Command.ramAddress, [UInt8](repeating: 0, count: HT16K33Command.ramSize)),
            PanelCommand(HT16K33Command.dimming | level),
            PanelCommand(HT16K33Command.displaySetup | 0x01),
        ]
    }
}
