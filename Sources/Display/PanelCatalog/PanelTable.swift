import Framebuffer

/// One row per panel model: formats and sizes from each controller's datasheet, wiring as
/// the common Raspberry Pi HATs and breakouts have it (deploy/WIRING.md).
extension PanelFacts {
    public static func of(_ model: PanelModel) -> PanelFacts {
        switch model {
        case .ssd1306: return oled(.ssd1306, sizes: [PanelSize(128, 64), PanelSize(128, 32)])
        case .sh1106: return oled(.sh1106, sizes: [PanelSize(128, 64)])
        case .ssd1322:
            return PanelFacts(
                model: .ssd1322, family: .oled, formats: [.gray4], geometry: .sizes([PanelSize(256, 64)]),
                wirings: [PanelWiring(bus: .spi, device: "/dev/spidev0.0", speedHz: 8_000_000, dc: 24, reset: 25)],
                contrast: .fullRange, defaultContrast: 255, redInk: .drawn, chained: false)
        case .uc8179: return epaper(.uc8179, size: PanelSize(800, 480), redInk: .whenConfigured)
        case .ssd1680: return epaper(.ssd1680, size: PanelSize(250, 122), redInk: .none)
        case .max7219:
            return PanelFacts(
                model: .max7219, family: .ledMatrix, formats: [.mono], geometry: .tiles(8),
                wirings: [PanelWiring(bus: .spi, device: "/dev/spidev0.0", speedHz: 1_000_000)],
                contrast: .sixteenSteps, defaultContrast: 32, redInk: .drawn, chained: true)
        case .ht16k33:
            return PanelFacts(
                model: .ht16k33, family: .ledMatrix, formats: [.mono], geometry: .sizes([PanelSize(16, 8)]),
                wirings: [PanelWiring(bus: .i2c, device: "/dev/i2c-1", address: 0x70)],
                contrast: .sixteenSteps, defaultContrast: 128, redInk: .drawn, chained: false)
        case .fbdev:
            return PanelFacts(
                model: .fbdev, family: .framebuffer, formats: [.rgb565, .rgb888], geometry: .any,
                wirings: [PanelWiring(bus: nil, device: "/dev/fb0")],
                contrast: nil, defaultContrast: 255, redInk: .drawn, chained: false)
        case .hub75:
            // No device of ours: `output.driver_socket` or the spawned driver program reach the panel.
            return PanelFacts(
                model: .hub75, family: .rgbMatrix, formats: [.rgb888], geometry: .matrixOptions,
                wirings: [PanelWiring(bus: nil, device: "")],
                contrast: .percent, defaultContrast: 255, redInk: .drawn, chained: false)
        case .image:
            // `output.path` names the file; it has no default.
            return PanelFacts(
                model: .image, family: .imageFile, formats: PixelFormat.allCases, geometry: .any,
                wirings: [PanelWiring(bus: nil, device: "")],
                contrast: nil, defaultContrast: 255, redInk: .drawn, chained: false)
        }
    }

    public static let all: [PanelFacts] = PanelModel.allCases.map(of)

    /// SSD1306 and SH1106 breakouts: I2C at 0x3C by default, or 4-wire SPI with D/C and RESET.
    private static func oled(_ model: PanelModel, sizes: [PanelSize]) -> PanelFacts {
        PanelFacts(
            model: model, family: .oled, formats: [.mono], geometry: .sizes(sizes),
            wirings: [
                PanelWiring(bus: .i2c, device: "/dev/i2c-1", address: 0x3C),
                PanelWiring(bus: .spi, device: "/dev/spidev0.0", speedHz: 8_000_000, dc: 24, reset: 25),
            ],
            contrast: .fullRange, defaultContrast: 255, redInk: .drawn, chained: false)
    }

    /// The Waveshare e-Paper HAT: RST 17, DC 25, BUSY 24, CS on CE0, 4 MHz.
    private static func epaper(_ model: PanelModel, size: PanelSize, redInk: RedInk) -> PanelFacts {
        PanelFacts(
            model: model, family: .epaper, formats: [.bwr], geometry: .sizes([size]),
            wirings: [PanelWiring(bus: .spi, device: "/dev/spidev0.0", speedHz: 4_000_000, dc: 25, reset: 17, busy: 24)],
            contrast: nil, defaultContrast: 255, redInk: redInk, chained: false)
    }
}
