public import PanelCatalog

/// Where a board's frames go: a panel driver on a bus (with its wiring), the Linux
/// framebuffer, or nothing but previews. Values left out take the usual Raspberry Pi
/// wiring for that panel (deploy/WIRING.md).
public struct OutputSettings: Sendable, Equatable {
    /// The panel models and buses are the catalogue's own types: no mapping to keep in step.
    public typealias Driver = PanelModel
    public typealias Bus = PanelBus

    public enum FirstModule: String, Sendable, Equatable, CaseIterable {
        case left, right
    }

    public enum EPaperColors: String, Sendable, Equatable, CaseIterable {
        case bw, bwr
    }

    public var driver: Driver
    public var bus: Bus
    /// `/dev/i2c-1`, `/dev/spidev0.0`, `/dev/fb0`, or the file an `image` output writes.
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
    /// Where the file sets each key, so warnings point at the line (or say a value is the default).
    public var locations = KeyLocations()
    /// HUB75 matrices: the library's options (nil for every other driver).
    public var hub75: HUB75Options?
    /// Where a HUB75 board's driver process is.
    public var hub75Driver: HUB75Driver = .spawn(program: nil)

    /// The sign starts the driver as its child (a named program, or departure-board-hub75 found
    /// beside it), or connects to one its own service runs (`output.driver_socket`).
    public enum HUB75Driver: Sendable, Equatable {
        case spawn(program: String?)
        case socket(String)
    }

    public init(
        driver: Driver, bus: Bus, device: String, address: Int = 0x3C, speedHz: Int = 8_000_000, spiMode: Int = 0,
        gpioChip: String = "gpiochip0", dc: Int? = nil, reset: Int? = nil, busy: Int? = nil, contrast: Int = 255,
        modules: Int = 4, firstModule: FirstModule = .right, moduleRotation: Int = 0, epaperColors: EPaperColors = .bw,
        fullRefreshEvery: Int = 10, fullRefreshAfter: Duration = .seconds(1800),
        minRefreshInterval: Duration = .seconds(10), busyTimeout: Duration = .seconds(30),
        hub75: HUB75Options? = nil
    ) {
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
        self.hub75 = hub75
    }

    /// The usual Raspberry Pi wiring of each panel, from the panel table.
    public static func defaults(for driver: Driver, bus: Bus? = nil) -> OutputSettings {
        let facts = PanelFacts.of(driver)
        let wiring = facts.wiring(on: bus)
        // A framebuffer has no bus; the field is unused for it.
        return OutputSettings(
            driver: driver, bus: wiring.bus ?? .spi, device: wiring.device, address: wiring.address,
            speedHz: wiring.speedHz, dc: wiring.dc, reset: wiring.reset, busy: wiring.busy,
            contrast: facts.defaultContrast, hub75: driver == .hub75 ? HUB75Options() : nil)
    }

    /// nil when the driver takes this display, else the displays it takes in words.
    public static func accepts(_ driver: Driver, format: DisplaySettings.Format, width: Int, height: Int) -> String? {
        let facts = PanelFacts.of(driver)
        return facts.accepts(format: format, width: width, height: height) ? nil : facts.acceptedDisplays
    }
}
