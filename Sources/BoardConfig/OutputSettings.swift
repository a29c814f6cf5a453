/// Where a board's frames go: a panel driver on a bus (with its wiring), the Linux
/// framebuffer, or nothing but previews. Values left out take the usual Raspberry Pi
/// wiring for that panel (see the README's wiring tables).
public struct OutputSettings: Sendable, Equatable {
    public enum Driver: String, Sendable, Equatable, CaseIterable {
        case ssd1306, sh1106, ssd1322, uc8179, ssd1680, max7219, ht16k33, fbdev
    }

    public enum Bus: String, Sendable, Equatable, CaseIterable {
        case i2c, spi
    }

    public enum FirstModule: String, Sendable, Equatable, CaseIterable {
        case left, right
    }

    public enum EPaperColors: String, Sendable, Equatable, CaseIterable {
        case bw, bwr
    }

    public var driver: Driver
    public var bus: Bus
    /// `/dev/i2c-1`, `/dev/spidev0.0` or `/dev/fb0`.
    public var device: String
    public var address: Int
    public var speedHz: Int
    public var spiMode: Int
    /// The GPIO chip the lines are on (`gpiochip0`, a number, or a path).
    public var gpioChip: String
    public var dc: Int?
    public var reset: Int?
    public var busy: Int?
    /// Brightness or contrast, 0…255, where the controller has one.
    public var contrast: Int
    public var modules: Int
    public var firstModule: FirstModule
    public var moduleRotation: Int
    public var epaperColors: EPaperColors
    public var fullRefreshEvery: Int
    public var fullRefreshAfter: Duration
    public var minRefreshInterval: Duration
    public var busyTimeout: Duration

    public init(driver: Driver, bus: Bus, device: String, address: Int = 0x3C, speedHz: Int = 8_000_000, spiMode: Int = 0,
                gpioChip: String = "gpiochip0", dc: Int? = nil, reset: Int? = nil, busy: Int? = nil, contrast: Int = 255,
                modules: Int = 4, firstModule: FirstModule = .right, moduleRotation: Int = 0, epaperColors: EPaperColors = .bw,
                fullRefreshEvery: Int = 10, fullRefreshAfter: Duration = .seconds(1800),
                minRefreshInterval: Duration = .seconds(10), busyTimeout: Duration = .seconds(30)) {
        self.driver = driver
        self.bus = bus
        self.device = device
        self.address = address
        self.speedHz = speedHz
        self.spiMode = spiMode
        self.gpioChip = gpioChip
        self.dc = dc
        self.reset = reset
        self.busy = busy
        self.contrast = contrast
        self.modules = modules
        self.firstModule = firstModule
        self.moduleRotation = moduleRotation
        self.epaperColors = epaperColors
        self.fullRefreshEvery = fullRefreshEvery
        self.fullRefreshAfter = fullRefreshAfter
        self.minRefreshInterval = minRefreshInterval
        self.busyTimeout = busyTimeout
    }

    /// The usual Raspberry Pi wiring of each panel (BCM line numbers on gpiochip0).
    public static func defaults(for driver: Driver, bus: Bus? = nil) -> OutputSettings {
        switch driver {
        case .ssd1306, .sh1106:
            if bus == .spi {
                return OutputSettings(driver: driver, bus: .spi, device: "/dev/spidev0.0", dc: 24, reset: 25)
            }
            return OutputSettings(driver: driver, bus: .i2c, device: "/dev/i2c-1", address: 0x3C, speedHz: 0)
        case .ssd1322:
            return OutputSettings(driver: driver, bus: .spi, device: "/dev/spidev0.0", dc: 24, reset: 25)
        case .uc8179, .ssd1680:
            // The Waveshare e-Paper HAT: RST 17, DC 25, BUSY 24, CS on CE0.
            return OutputSettings(driver: driver, bus: .spi, device: "/dev/spidev0.0", speedHz: 4_000_000,
                                  dc: 25, reset: 17, busy: 24)
        case .max7219:
            return OutputSettings(driver: driver, bus: .spi, device: "/dev/spidev0.0", speedHz: 1_000_000, contrast: 32)
        case .ht16k33:
            return OutputSettings(driver: driver, bus: .i2c, device: "/dev/i2c-1", address: 0x70, speedHz: 0, contrast: 128)
        case .fbdev:
            return OutputSettings(driver: driver, bus: .spi, device: "/dev/fb0", speedHz: 0)
        }
    }

    /// The pixel formats and sizes each driver takes, for validation against `display:`.
    public static func accepts(_ driver: Driver, format: DisplaySettings.Format, width: Int, height: Int) -> String? {
        switch driver {
        case .ssd1306:
            return format == .mono && width == 128 && (height == 64 || height == 32) ? nil : "mono, 128×64 or 128×32"
        case .sh1106:
            return format == .mono && width == 128 && height == 64 ? nil : "mono, 128×64"
        case .ssd1322:
            return format == .gray4 && width == 256 && height == 64 ? nil : "gray4, 256×64"
        case .uc8179:
            return format == .bwr && width == 800 && height == 480 ? nil : "bwr, 800×480"
        case .ssd1680:
            return format == .bwr && width == 250 && height == 122 ? nil : "bwr, 250×122"
        case .max7219:
            return format == .mono && width % 8 == 0 && height % 8 == 0 ? nil : "mono, a multiple of 8 in both directions (8×8 modules)"
        case .ht16k33:
            return format == .mono && width == 16 && height == 8 ? nil : "mono, 16×8"
        case .fbdev:
            return format == .rgb565 || format == .rgb888 ? nil : "rgb565 or rgb888, the screen's size or smaller"
        }
    }
}
