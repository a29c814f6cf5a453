public import Framebuffer

/// The panels a board can drive (`output.driver`).
public enum PanelModel: String, Sendable, Equatable, CaseIterable {
    case ssd1306, sh1106, ssd1322, uc8179, ssd1680, max7219, ht16k33, fbdev
    /// HUB75 RGB matrices, driven by the departure-board-hub75 process (hzeller's library).
    case hub75
    /// No panel: every frame written to an image file (a sign without hardware yet, a kiosk's picture).
    case image
}

/// The bus a panel's controller listens on.
public enum PanelBus: String, Sendable, Equatable, CaseIterable {
    case i2c, spi
}

/// What kind of device a panel is: decides which refresh and wiring options apply.
public enum PanelFamily: Sendable, Equatable {
    case oled, epaper, ledMatrix, framebuffer, imageFile
    /// HUB75 panels: no bus of ours; frames go to a driver process (`HUB75Options`).
    case rgbMatrix
}

/// How a controller takes the board's 0…255 `contrast`: the one place that maps it.
public enum ContrastControl: Sendable, Equatable {
    /// A register that takes the whole range (SSD1306/SH1106 0x81, SSD1322 0xC1).
    case fullRange
    /// Sixteen equal steps onto a 0…15 register (MAX7219 intensity, HT16K33 dimming); 0 is dimmest, not off.
    case sixteenSteps
    /// A brightness in percent, 1…100 (hzeller's library); 0 would be refused, so the dimmest is 1.
    case percent

    /// The register value for a board contrast.
    public func level(for contrast: UInt8) -> UInt8 {
        switch self {
        case .fullRange: contrast
        case .sixteenSteps: contrast >> 4
        case .percent: UInt8(max(1, (Int(contrast) * 100 + 127) / 255))
        }
    }
}

/// Whether a panel shows red ink, so previews draw what the wall will show.
public enum RedInk: Sendable, Equatable {
    /// Colour and grey panels: red is drawn as a colour (or its grey).
    case drawn
    /// Black/white e-paper: red is drawn as black.
    case none
    /// Panels sold in both variants: red only with `output.colors: bwr`.
    case whenConfigured
}

/// The display sizes a controller drives.
public enum PanelGeometry: Sendable, Equatable {
    /// Exactly these sizes (width, height).
    case sizes([PanelSize])
    /// Any size made of square tiles of this many pixels (chained 8×8 LED modules).
    case tiles(Int)
    /// Whatever the screen is, or smaller.
    case any
    /// The size the driver's own options make (HUB75: panel columns × chain by rows × parallel,
    /// then the pixel mappers); checked against those options, not a list.
    case matrixOptions
}

public struct PanelSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }
}

/// The usual Raspberry Pi wiring of a panel on one bus (BCM line offsets on gpiochip0).
public struct PanelWiring: Sendable, Equatable {
    public var bus: PanelBus?
    public var device: String
    public var address: Int
    public var speedHz: Int
    public var dc: Int?
    public var reset: Int?
    public var busy: Int?

    public init(
        bus: PanelBus?, device: String, address: Int = 0x3C, speedHz: Int = 0,
        dc: Int? = nil, reset: Int? = nil, busy: Int? = nil
    ) {
        self.bus = bus
        self.device = device
        self.address = address
        self.speedHz = speedHz
        self.dc = dc
        self.reset = reset
        self.busy = busy
    }
}

/// Everything the project knows about one panel model, as data: read by board-file
/// validation, by assembly and by the drivers, so a fact has one owner.
public struct PanelFacts: Sendable, Equatable {
    public var model: PanelModel
    public var family: PanelFamily
    /// Pixel formats the driver takes.
    public var formats: [PixelFormat]
    public var geometry: PanelGeometry
    /// The usual wiring on each bus the panel supports, the default bus first.
    public var wirings: [PanelWiring]
    /// nil where the panel has no brightness control (e-paper, framebuffers).
    public var contrast: ContrastControl?
    /// The board's `contrast` when the file names none.
    public var defaultContrast: Int
    public var redInk: RedInk
    /// Modules chained on one bus (`output.modules`, `first_module`, `module_rotation`).
    public var chained: Bool

    /// The wiring for `bus`, or the default one.
    public func wiring(on bus: PanelBus?) -> PanelWiring {
        wirings.first { $0.bus == bus } ?? wirings[0]
    }

    public var buses: [PanelBus] { wirings.compactMap(\.bus) }

    /// True when the display section describes a panel this driver can take.
    public func accepts(format: PixelFormat, width: Int, height: Int) -> Bool {
        guard formats.contains(format) else { return false }
        switch geometry {
        case .sizes(let sizes): return sizes.contains(PanelSize(width, height))
        case .tiles(let side): return width % side == 0 && height % side == 0
        case .any, .matrixOptions: return true
        }
    }

    /// The accepted displays in words, for validation errors ("mono, 128×64 or 128×32").
    public var acceptedDisplays: String {
        let formatText = formats.map(\.rawValue).joined(separator: " or ")
        switch geometry {
        case .sizes(let sizes):
            return formatText + ", " + sizes.map { "\($0.width)×\($0.height)" }.joined(separator: " or ")
        case .tiles(let side):
            return formatText + ", a multiple of \(side) in both directions (\(side)×\(side) modules)"
        case .any:
            return formatText + ", the screen's size or smaller"
        case .matrixOptions:
            return formatText + ", the size its matrix options make"
        }
    }
}
