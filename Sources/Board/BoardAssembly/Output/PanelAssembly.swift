public import SourceAssembly
public import BoardConfig
public import DisplayBackends
public import Framebuffer
import Locking
public import Logging
import PanelCatalog

/// Builds a board's panel driver from its `output:` section on whatever `PanelIO` it is
/// given — the hardware buses or a trace bus — so both get the same bytes, contrast included.
public enum PanelAssembly {
    /// The driver for the board's panel, or an error for outputs that are not panels on a bus.
    /// `now`: e-paper's clock for its refresh rules (monotonic unless a simulation runs its own).
    public static func driver(
        for board: BoardFile, io: any PanelIO,
        now: @escaping @Sendable () -> Duration = EPaperClock.monotonic()
    ) throws(AssemblyError) -> any PanelDriver {
        guard let output = board.output else {
            throw AssemblyError(.boardFile, "\(board.path): output: no panel driver; add an output section (wiring: deploy/WIRING.md)")
        }
        let display = board.display
        // 0…255 as the board says; each driver maps it to its register through the panel table.
        let contrast = UInt8(clamping: output.contrast)
        switch output.driver {
        case .ssd1306:
            return SSD1306Driver(
                io: io, bus: OLEDBus(output), size: display.height == 32 ? .oled128x32 : .oled128x64,
                contrast: contrast)
        case .sh1106:
            return SH1106Driver(io: io, bus: OLEDBus(output), contrast: contrast)
        case .ssd1322:
            return SSD1322Driver(io: io, contrast: contrast, resetLine: output.reset != nil)
        case .max7219:
            let rows = display.height / 8
            guard let rotation = MAX7219Layout.Rotation(rawValue: output.moduleRotation),
                let driver = MAX7219ChainDriver(
                    io: io, modules: output.modules, rows: rows,
                    firstModule: MAX7219Layout.Side(output.firstModule),
                    rotation: rotation, contrast: contrast)
            else {
                throw AssemblyError(.boardFile, "\(board.path): output.modules: \(output.modules) modules do not make \(rows) rows")
            }
            return driver
        case .ht16k33:
            return HT16K33Driver(io: io, address: UInt8(clamping: output.address), contrast: contrast)
        case .uc8179, .ssd1680:
            let policy = EPaperRefreshPolicy(
                fullEvery: output.fullRefreshEvery, fullAfter: output.fullRefreshAfter,
                minimumInterval: output.minRefreshInterval, busyTimeout: output.busyTimeout)
            if output.driver == .ssd1680 {
                return SSD1680Driver(io: io, policy: policy, now: now)
            }
            return UC8179Driver(io: io, colors: UC8179Driver.Colors(output.epaperColors), policy: policy, now: now)
        case .fbdev:
            throw AssemblyError(.usage, "\(board.path): output.driver: fbdev writes /dev/fb0 directly; it has no bus to trace")
        case .image:
            throw AssemblyError(.usage, "\(board.path): output.driver: image writes \(output.device); it has no bus to trace")
        case .hub75:
            throw AssemblyError(.usage, "\(board.path): output.driver: hub75 has no bus of ours; its frames go to its driver process")
        }
    }

    /// The board's real bus as a `PanelIO`: the default wherever a caller may inject a double.
    public static func hardwareBus(for board: BoardFile) throws(AssemblyError) -> any PanelIO {
        try hardwareIO(for: board)
    }

    /// The real buses and lines of a board's `output:`: errors name the device node and,
    /// for permissions, the group that grants access.
    public static func hardwareIO(for board: BoardFile) throws(AssemblyError) -> HardwareIO {
        guard let output = board.output, ![.fbdev, .image, .hub75].contains(output.driver) else {
            throw AssemblyError(.boardFile, "\(board.path): output: no panel on a bus")
        }
        let spi = output.bus == .spi
        var lines: [GPIOLineSpec] = []
        if spi, let dc = output.dc {
            lines.append(GPIOLineSpec(role: .dc, chip: output.gpioChip, offset: UInt32(dc), direction: .output(initial: 0)))
        }
        if let reset = output.reset, spi || output.driver == .ssd1322 {
            lines.append(GPIOLineSpec(role: .reset, chip: output.gpioChip, offset: UInt32(reset), direction: .output(initial: 1)))
        }
        if let busy = output.busy {
            lines.append(GPIOLineSpec(role: .busy, chip: output.gpioChip, offset: UInt32(busy), direction: .input))
        }
        let config = HardwareConfig(
            i2cPath: spi ? nil : output.device,
            spi: spi ? HardwareConfig.SPI(path: output.device, mode: UInt8(output.spiMode), speedHz: UInt32(output.speedHz)) : nil,
            lines: lines)
        do {
            return try HardwareIO(config)
        } catch {
            throw AssemblyError(.io, "\(board.path): \(error)")
        }
    }

    /// The board's own driver on a trace, as a backend: a panel driver on a trace bus, or the
    /// messages a HUB75 board's driver process would get. `sink` receives each JSON line.
    public static func traceBackend(
        for board: BoardFile, name: String, logger: Logger? = nil,
        sink: @escaping @Sendable (String) -> Void
    ) throws(AssemblyError) -> any DisplayBackend {
        if board.output?.driver == .hub75 {
            return try HUB75Assembly.backend(for: board, launcher: HUB75TraceLauncher(sink: sink), logger: logger)
        }
        return PanelBackend(driver: try driver(for: board, io: TraceIO(sink: sink)), name: name)
    }

    /// Initialises the board's driver and pushes the whole frame on a trace; returns the
    /// JSON-lines trace. `contrast` (the schedule's or the sun's) is sent as `run` sends it;
    /// `blank` (screen-off, `off_below: night`) puts the panel to sleep instead of showing the frame.
    public static func trace(
        of frame: Framebuffer, board: BoardFile, contrast: UInt8? = nil,
        blank: Bool = false
    ) throws(AssemblyError) -> String {
        let text = Locked("")
        let sink: @Sendable (String) -> Void = { line in text.withLock { $0 += line } }
        do {
            if blank, board.output?.driver != .hub75 {
                // Blanked, not dimmed to zero: the controller is set up, then sleeps; no pixels go.
                let driver = try driver(for: board, io: TraceIO(sink: sink))
                try driver.initialise()
                try driver.sleep()
            } else {
                let backend = try traceBackend(for: board, name: "trace", sink: sink)
                if let contrast { backend.setContrast(contrast) }
                try backend.present(frame, damage: [frame.bounds])
                if blank { backend.blank() }
            }
        } catch let error as AssemblyError {
            throw error
        } catch {
            throw AssemblyError(.io, "\(board.path): \(error)")
        }
        return text.withLock { $0 }
    }

    /// Pushes one frame to the board's real panel (or `/dev/fbN`) and leaves it showing. A HUB75
    /// matrix shows only while its driver runs: the frame is held for `hold`, then the driver ends.
    public static func show(_ frame: Framebuffer, board: BoardFile, hold: Duration, logger: Logger? = nil) throws(AssemblyError) {
        guard let output = board.output else {
            throw AssemblyError(.boardFile, "\(board.path): output: no panel on a bus")
        }
        if output.driver == .fbdev {
            do {
                let framebuffer = try LinuxFramebuffer(path: output.device)
                try framebuffer.present(frame)
                framebuffer.close()
            } catch {
                throw AssemblyError(.io, "\(board.path): \(error)")
            }
            return
        }
        // The backend `run` would use: a panel on its real bus, the image file, the HUB75 driver.
        let backend = try OutputTarget.board.backend(for: board, logger: logger)
        let lastsWhileDriven = output.driver == .hub75
        defer { if lastsWhileDriven { backend.shutdown() } }
        do {
            try backend.present(frame, damage: [frame.bounds])
        } catch {
            throw AssemblyError(.io, "\(board.path): \(error)")
        }
        if lastsWhileDriven { PanelBackend.sleep(hold) }
    }
}
