import PanelCatalog
import Framebuffer

/// The `output:` section: which driver, on which bus, wired to which lines.
enum OutputSchema {
    static let output = SectionSchema(
        keys: [
            "driver", "bus", "device", "address", "speed_hz", "spi_mode", "gpio_chip", "dc", "reset", "busy", "contrast",
            "modules", "first_module", "module_rotation", "colors", "full_refresh_every", "full_refresh_after",
            "min_refresh_interval", "busy_timeout", "path",
        ] + HUB75Schema.keys)

    /// The drivers a key means something for, read off the panel table.
    static func drivers(taking key: String) -> Set<OutputSettings.Driver>? {
        let applies: ((PanelFacts) -> Bool)?
        switch key {
        case "bus": applies = { $0.buses.count > 1 }
        case "device": applies = { $0.family != .imageFile && $0.family != .rgbMatrix }
        case "path": applies = { $0.family == .imageFile }
        case "address": applies = { $0.buses.contains(.i2c) }
        case "speed_hz", "spi_mode": applies = { $0.buses.contains(.spi) }
        case "gpio_chip", "dc", "reset": applies = { facts in facts.wirings.contains { $0.dc != nil || $0.reset != nil } }
        case "busy": applies = { facts in facts.wirings.contains { $0.busy != nil } }
        case "contrast": applies = { $0.contrast != nil }
        case "modules", "first_module", "module_rotation": applies = { $0.chained }
        case "colors": applies = { $0.redInk == .whenConfigured }
        case "full_refresh_every", "full_refresh_after", "min_refresh_interval", "busy_timeout": applies = { $0.family == .epaper }
        case _ where HUB75Schema.keys.contains(key): applies = { $0.family == .rgbMatrix }
        default: applies = nil
        }
        return applies.map { rule in Set(PanelFacts.all.filter(rule).map(\.model)) }
    }

    static func build(_ section: Section, display: DisplaySettings) throws(BoardFileError) -> OutputSettings {
        guard let driver = try section.choice("driver", as: OutputSettings.Driver.self) else {
            throw Section.error(
                section.file, section.mark, section.keyPath("driver"),
                "required: one of " + OutputSettings.Driver.allCases.map(\.rawValue).joined(separator: ", "))
        }
        for key in section.order {
            if let drivers = drivers(taking: key), !drivers.contains(driver) {
                let names = OutputSettings.Driver.allCases.filter(drivers.contains).map(\.rawValue).joined(separator: ", ")
                throw section.error(key, "does not apply to driver \(driver.rawValue) (only to \(names))", atKey: true)
            }
        }
        if let expected = OutputSettings.accepts(driver, format: display.format, width: display.width, height: display.height) {
            throw section.error(
                "driver",
                "\(driver.rawValue) needs a display of \(expected); display is \(display.format.rawValue), \(display.width)×\(display.height)"
            )
        }
        let bus = try section.choice("bus", as: OutputSettings.Bus.self)
        var settings = OutputSettings.defaults(for: driver, bus: bus)
        for key in section.order {
            settings.locations[key] = section.valueMark(key)
        }
        if driver == .image {
            settings.device = try imagePath(section)
        }
        if let device = try section.string("device") {
            guard device.hasPrefix("/") else {
                throw section.error("device", "expected an absolute device path such as /dev/spidev0.0; got '\(shown(device))'")
            }
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
        settings.fullRefreshAfter =
            try section.duration("full_refresh_after", atLeast: .seconds(60), atMost: .seconds(86_400)) ?? settings.fullRefreshAfter
        settings.minRefreshInterval =
            try section.duration("min_refresh_interval", atLeast: .zero, atMost: .seconds(3600)) ?? settings.minRefreshInterval
        settings.busyTimeout = try section.duration("busy_timeout", atLeast: .seconds(1), atMost: .seconds(600)) ?? settings.busyTimeout
        if driver == .hub75 {
            (settings.hub75, settings.hub75Driver) = try HUB75Schema.build(section, display: display)
        }
        if driver == .max7219 {
            let needed = (display.width / 8) * (display.height / 8)
            if section.has("modules"), settings.modules != needed {
                throw section.error(
                    "modules", "a \(display.width)×\(display.height) display needs \(needed) modules of 8×8; got \(settings.modules)")
            }
            settings.modules = needed
        }
        return settings
    }

    /// The file an `image` output writes: absolute (the service's working folder is not the
    /// board's) and of a format the encoder writes.
    private static func imagePath(_ section: Section) throws(BoardFileError) -> String {
        let example = "such as /run/departure-board/board.png"
        guard let path = try section.string("path") else {
            throw Section.error(
                section.file, section.mark, section.keyPath("path"), "required for driver image: the file to write, \(example)")
        }
        guard path.hasPrefix("/") else { throw section.error("path", "expected an absolute path \(example); got '\(shown(path))'") }
        if let problem = Validators.filePath(path) { throw section.error("path", problem) }
        guard ImageFormat(path: path) != nil else {
            let names = ImageFormat.allCases.map { "." + $0.rawValue }.joined(separator: ", ")
            throw section.error("path", "expected a file ending in \(names); got '\(shown(path))'")
        }
        return path
    }
}
