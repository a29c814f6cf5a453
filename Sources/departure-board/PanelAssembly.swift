import BoardConfig
import DisplayBackends
import Framebuffer

/// Builds a board's panel driver from its `output:` section, on whatever `PanelIO` it is
/// given: the hardware buses for `run`, a trace bus for `render --trace`.
enum PanelAssembly {
    /// The driver for `output`, or a usage failure for outputs that are not panels on a bus.
    static func driver(for board: BoardFile, io: any PanelIO) throws(CLIFailure) -> any PanelDriver {
        guard let output = board.output else {
            throw CLIFailure(.configError, "\(board.path): output: no panel driver; add an output section (see the README's wiring)")
        }
        let display = board.display
        let contrast = UInt8(clamping: output.contrast)
        switch output.driver {
        case .ssd1306:
            return SSD1306Driver(io: io, bus: oledBus(output), size: display.height == 32 ? .oled128x32 : .oled128x64,
                                 contrast: contrast)
        case .sh1106:
            return SH1106Driver(io: io, bus: oledBus(output), contrast: contrast)
        case .ssd1322:
            return SSD1322Driver(io: io, contrast: contrast, resetLine: output.reset != nil)
        case .max7219:
            let rows = display.height / 8
            guard let driver = MAX7219ChainDriver(
                io: io, modules: output.modules, rows: rows,
                firstModule: output.firstModule == .left ? .left : .right,
                rotation: rotation(output.moduleRotation)) else {
                throw CLIFailure(.configError, "\(board.path): output.modules: \(output.modules) modules do not make \(rows) rows")
            }
            return driver
        case .ht16k33:
            return HT16K33Driver(io: io, address: UInt8(clamping: output.address))
        case .uc8179, .ssd1680:
            return try epaperDriver(board, output: output, io: io)
        case .fbdev:
            throw CLIFailure(.usage, "\(board.path): output.driver: fbdev writes /dev/fb0 directly; it has no bus to trace")
        }
    }

    private static func oledBus(_ output: OutputSettings) -> OLEDBus {
        output.bus == .i2c ? .i2c(address: UInt8(clamping: output.address)) : .spi(reset: output.reset != nil)
    }

    private static func rotation(_ degrees: Int) -> MAX7219Layout.Rotation {
        switch degrees {
        case 90: return .r90
        case 180: return .r180
        case 270: return .r270
        default: return .r0
        }
    }
}

extension PanelAssembly {
    /// E-paper drivers with the board's refresh policy (partials, anti-ghosting full
    /// refreshes, a minimum interval) and BUSY timeout.
    static func epaperDriver(_ board: BoardFile, output: OutputSettings, io: any PanelIO) throws(CLIFailure) -> any PanelDriver {
        let policy = EPaperRefreshPolicy(fullEvery: output.fullRefreshEvery, fullAfter: output.fullRefreshAfter,
                                         minimumInterval: output.minRefreshInterval, busyTimeout: output.busyTimeout)
        if output.driver == .ssd1680 {
            return SSD1680Driver(io: io, policy: policy)
        }
        return UC8179Driver(io: io, colors: output.epaperColors == .bwr ? .blackWhiteRed : .blackWhite, policy: policy)
    }
}

extension PanelAssembly {
    /// The real buses and lines of a board's `output:` (for `run`): errors name the device
    /// node and, for permissions, the group that grants access.
    static func hardwareIO(for board: BoardFile) throws(CLIFailure) -> HardwareIO {
        guard let output = board.output, output.driver != .fbdev else {
            throw CLIFailure(.configError, "\(board.path): output: no panel on a bus")
        }
        let spi = output.bus == .spi
        var lines: [GPIOLineSpec] = []
        if spi, let dc = output.dc {
            lines.append(GPIOLineSpec(role: "dc", chip: output.gpioChip, offset: UInt32(dc), direction: .output(initial: 0)))
        }
        if let reset = output.reset, spi || output.driver == .ssd1322 {
            lines.append(GPIOLineSpec(role: "reset", chip: output.gpioChip, offset: UInt32(reset), direction: .output(initial: 1)))
        }
        if let busy = output.busy {
            lines.append(GPIOLineSpec(role: "busy", chip: output.gpioChip, offset: UInt32(busy), direction: .input))
        }
        let config = HardwareConfig(
            i2cPath: spi ? nil : output.device,
            spi: spi ? HardwareConfig.SPI(path: output.device, mode: UInt8(output.spiMode), speedHz: UInt32(output.speedHz)) : nil,
            lines: lines)
        do {
            return try HardwareIO(config)
        } catch {
            throw CLIFailure(.ioError, "\(board.path): \(error)")
        }
    }
}

extension PanelAssembly {
    /// Pushes one frame to the board's real panel and leaves it showing.
    static func show(_ frame: Framebuffer, board: BoardFile) throws(CLIFailure) {
        if board.output?.driver == .fbdev, let device = board.output?.device {
            do {
                let framebuffer = try LinuxFramebuffer(path: device)
                try framebuffer.present(frame)
                framebuffer.close()
            } catch {
                throw CLIFailure(.ioError, "\(board.path): \(error)")
            }
            return
        }
        let io = try hardwareIO(for: board)
        let backend = PanelBackend(driver: try driver(for: board, io: io), name: board.output?.driver.rawValue ?? "panel")
        do {
            try backend.present(frame, damage: [frame.bounds])
        } catch {
            throw CLIFailure(.ioError, "\(board.path): \(error)")
        }
    }
}
