/// The `output:` section: which driver, on which bus, wired to which lines.
enum OutputSchema {
    static let output = SectionSchema(keys: [
        "driver", "bus", "device", "address", "speed_hz", "spi_mode", "gpio_chip", "dc", "reset", "busy", "contrast",
        "modules", "first_module", "module_rotation", "colors", "full_refresh_every", "full_refresh_after",
        "min_refresh_interval", "busy_timeout",
    ])

    /// Keys that only mean something for some drivers.
    static let keyDrivers: [String: Set<OutputSettings.Driver>] = [
        "bus": [.ssd1306, .sh1106],
        "address": [.ssd1306, .sh1106, .ht16k33],
        "speed_hz": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680, .max7219],
        "spi_mode": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680, .max7219],
        "gpio_chip": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680],
        "dc": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680],
        "reset": [.ssd1306, .sh1106, .ssd1322, .uc8179, .ssd1680],
        "busy": [.uc8179, .ssd1680],
        "contrast": [.ssd1306, .sh1106, .ssd1322, .max7219, .ht16k33],
        "modules": [.max7219], "first_module": [.max7219], "module_rotation": [.max7219],
        "colors": [.uc8179],
        "full_refresh_every": [.uc8179, .ssd1680], "full_refresh_after": [.uc8179, .ssd1680],
        "min_refresh_interval": [.uc8179, .ssd1680], "busy_timeout": [.uc8179, .ssd1680],
    ]

    static func build(_ section: Section, display: DisplaySettings) throws(BoardFileError) -> OutputSettings {
        guard let driver = try section.choice("driver", as: OutputSettings.Driver.self) else {
            throw Section.error(section.file, section.mark, section.keyPath("driver"),
                                "required: one of " + OutputSettings.Driver.allCases.map(\.rawValue).joined(separator: ", "))
        }
        for key in section.order {
            if let drivers = keyDrivers[key], !drivers.contains(driver) {
                let names = OutputSettings.Driver.allCases.filter(drivers.contains).map(\.rawValue).joined(separator: ", ")
                throw section.error(key, "does not apply to driver \(driver.rawValue) (only to \(names))", atKey: true)
            }
        }
        if let expected = OutputSettings.accepts(driver, format: display.format, width: display.width, height: display.height) {
            throw section.error("driver", "\(driver.rawValue) needs a display of \(expected); display is \(display.format.rawValue), \(display.width)×\(display.height)")
        }
        let bus = try section.choice("bus", as: OutputSettings.Bus.self)
        var settings = OutputSettings.defaults(for: driver, bus: bus)
        if let device = try section.string("device") {
            guard device.hasPrefix("/") else { throw section.error("device", "expected an absolute device path such as /dev/spidev0.0; got '\(shown(device))'") }
            settings.device = device
        }
        settings.address = try section.wholeNumber("address", in: 0x03...0x77) ?? settings.address
        settings.speedHz = try section.wholeNumber("speed_hz", in: 10_000...80_000_000) ?? settings.speedHz
        settings.spiMode = try section.wholeNumber("spi_mode", in: 0...3) ?? settings.spiMode
        if let chip = try section.string("gpio_chip") {
            if let problem = Validators.filePath(chip) { throw section.error("gpio_chip", problem) }
            settings.gpioChip = chip
        }
        settings.dc = try section.wholeNumber("dc", in: 0...511) ?? settings.dc
        settings.reset = try section.wholeNumber("reset", in: 0...511) ?? settings.reset
        settings.busy = try section.wholeNumber("busy", in: 0...511) ?? settings.busy
        settings.contrast = try section.wholeNumber("contrast", in: 0...255) ?? settings.contrast
        settings.modules = try section.wholeNumber("modules", in: 1...64) ?? settings.modules
        settings.firstModule = try section.choice("first_module", as: OutputSettings.FirstModule.self) ?? settings.firstModule
        if let rotation = try section.wholeNumber("module_rotation", in: 0...270) {
            guard rotation % 90 == 0 else { throw section.error("module_rotation", "expected 0, 90, 180 or 270; got \(rotation)") }
            settings.moduleRotation = rotation
        }
        settings.epaperColors = try section.choice("colors", as: OutputSettings.EPaperColors.self) ?? settings.epaperColors
        settings.fullRefreshEvery = try section.wholeNumber("full_refresh_every", in: 1...1000) ?? settings.fullRefreshEvery
        settings.fullRefreshAfter = try section.duration("full_refresh_after", atLeast: .seconds(60), atMost: .seconds(86_400)) ?? settings.fullRefreshAfter
        settings.minRefreshInterval = try section.duration("min_refresh_interval", atLeast: .zero, atMost: .seconds(3600)) ?? settings.minRefreshInterval
        settings.busyTimeout = try section.duration("busy_timeout", atLeast: .seconds(1), atMost: .seconds(600)) ?? settings.busyTimeout
        if driver == .max7219 {
            let needed = (display.width / 8) * (display.height / 8)
            if section.has("modules"), settings.modules != needed {
                throw section.error("modules", "a \(display.width)×\(display.height) display needs \(needed) modules of 8×8; got \(settings.modules)")
            }
            settings.modules = needed
        }
        return settings
    }
}
