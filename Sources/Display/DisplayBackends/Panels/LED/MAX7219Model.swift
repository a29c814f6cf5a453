public import Framebuffer
public import PanelCatalog

/// MAX7219 register addresses (datasheet, register address map).
enum MAX7219Register {
    static let noOp: UInt8 = 0x00
    /// Digits 0…7 sit at 0x01…0x08; on matrix modules each digit is one row of 8 LEDs.
    static let digit0: UInt8 = 0x01
    static let decodeMode: UInt8 = 0x09
    static let intensity: UInt8 = 0x0A
    static let scanLimit: UInt8 = 0x0B
    static let shutdown: UInt8 = 0x0C
    static let displayTest: UInt8 = 0x0F
}

/// MAX7219 8×8 LED modules chained on SPI: any grid of them, each module 8 digit registers of
/// one row each.
public struct MAX7219Model: ControllerModel {
    public static let catalogEntry = PanelModel.max7219
    public static let format = PixelFormat.mono
    public static let geometry = PanelGeometry.tiles(8)

    public let layout: MAX7219Layout
    public var width: Int { layout.width }
    public var height: Int { layout.height }

    public init(layout: MAX7219Layout) {
        self.layout = layout
    }

    /// Register writes for every module. Registers come up undefined and the chip in shutdown:
    /// every control register, all digits cleared, and only then out of shutdown, so no
    /// power-up garbage flashes.
    static func initSequence(intensity: UInt8) -> [PanelCommand] {
        [
            PanelCommand(MAX7219Register.decodeMode, [0x00]),  // raw segments, no Code B
            PanelCommand(MAX7219Register.scanLimit, [0x07]),  // scan all 8 rows
            PanelCommand(MAX7219Register.intensity, [intensity]),
            PanelCommand(MAX7219Register.displayTest, [0x00]),
        ]
            + (0..<8).map { PanelCommand(MAX7219Register.digit0 + UInt8($0), [0x00]) }
            + [PanelCommand(MAX7219Register.shutdown, [0x01])]
    }
}
