public import SourceAssembly
public import BoardRender
public import DeparturesCore
public import DisplayBackends
import BoardConfig
import Framebuffer
import Glibc
import ZoneInfo
import BoardAssembly

/// One bench scene: a display, the states it shows frame after frame, and where frames go.
public struct BenchScene {
    public var name: String
    public var options: LayoutOptions
    public var states: [BoardState]
    /// Time between frames, for scrolling.
    public var step: Duration
    public var sink: BenchSink?
}

/// Where a scene's frames are encoded: a panel driver on a byte-counting bus, or a Linux
/// framebuffer backed by a scratch file.
public enum BenchSink {
    case panel(any PanelDriver, CountingIO)
    case framebuffer(LinuxFramebuffer)

    /// Resets the panel (untimed), so the next push is a whole frame as after power-up.
    func prepareWholeFrame() {
        if case .panel(let driver, let io) = self {
            try? driver.initialise()
            io.reset()
        }
    }

    /// Encodes and sends one frame; returns the bytes that went to the panel or memory.
    func push(_ frame: Framebuffer, damage: [Rect]) -> Int {
        switch self {
        case .panel(let driver, let io):
            io.reset()
            try? driver.push(frame, damage: damage)
            return io.bytes
        case .framebuffer(let device):
            try? device.present(frame, damage: damage)
            return Damage.area(damage) * device.geometry.bitsPerPixel / 8
        }
    }
}

public enum BenchScenes {
    public static func all(frames: Int) throws(AssemblyError) -> [BenchScene] {
        let zone = try zone()
        let states = departures(frames: frames, zone: zone)
        func font(width: Int, height: Int) throws(AssemblyError) -> any Font {
            let choice = LayoutOptions.defaultFont(logicalWidth: width, logicalHeight: height)
            let base: BDFFont
            do {
                base = try BDFFont.load(path: try FontLocator.bundledFont(choice.name, boardPath: "Boards/bench.yaml"))
            } catch let error as AssemblyError {
                throw error
            } catch {
                throw AssemblyError(.boardFile, "bench: \(error)")
            }
            return choice.scale > 1 ? ScaledFont(base, scale: choice.scale) : base
        }
        func panel(_ driver: any PanelDriver, _ io: CountingIO) -> BenchSink {
            try? driver.initialise()
            return .panel(driver, io)
        }
        let page = DisplaySettings.standardPageInterval
        var scenes: [BenchScene] = []

        let ledIO = CountingIO()
        if let driver = MAX7219ChainDriver(io: ledIO, modules: 4) {
            scenes.append(
                BenchScene(
                    name: "max7219",
                    options: LayoutOptions(
                        width: 32, height: 8, format: .mono,
                        font: try font(width: 32, height: 8), pageInterval: page),
                    states: states, step: .milliseconds(42), sink: panel(driver, ledIO)))
        }
        let oledIO = CountingIO()
        scenes.append(
            BenchScene(
                name: "ssd1306",
                options: LayoutOptions(
                    width: 128, height: 64, format: .mono,
                    font: try font(width: 128, height: 64), pageInterval: page),
                states: states, step: .zero, sink: panel(SSD1306Driver(io: oledIO), oledIO)))
        let greyIO = CountingIO()
        scenes.append(
            BenchScene(
                name: "ssd1322",
                options: LayoutOptions(
                    width: 256, height: 64, format: .gray4, rows: 3,
                    font: try font(width: 256, height: 64), pageInterval: page),
                states: states, step: .zero, sink: panel(SSD1322Driver(io: greyIO), greyIO)))
        let paperIO = CountingIO()
        // Black/white, the variant with partial refresh; no minimum interval, so every frame is pushed.
        let paper = UC8179Driver(
            io: paperIO, colors: .blackWhite,
            policy: EPaperRefreshPolicy(minimumInterval: .zero))
        scenes.append(
            BenchScene(
                name: "epaper-7in5",
                options: LayoutOptions(
                    width: 800, height: 480, format: .bwr,
                    font: try font(width: 800, height: 480), pageInterval: page),
                states: states, step: .zero, sink: panel(paper, paperIO)))
        for (name, format, bits) in [("fbdev-rgb565", PixelFormat.rgb565, 16), ("fbdev-xrgb8888", PixelFormat.rgb888, 32)] {
            let device = try framebuffer(bitsPerPixel: bits)
            scenes.append(
                BenchScene(
                    name: name,
                    options: LayoutOptions(
                        width: 1920, height: 1080, format: format,
                        font: try font(width: 1920, height: 1080), pageInterval: page),
                    states: states, step: .zero, sink: .framebuffer(device)))
        }
        return scenes
    }

    /// Three departures and a clock, every countdown moving each frame (a minute per frame).
    static func departures(frames: Int, zone: TimeZoneRules) -> [BoardState] {
        (0..<frames).map { frame -> BoardState in
            let now = Date.benchStart.addingTimeInterval(Double(frame) * 60)
            let rows = [("T1", "Emu Plains", 3, 2), ("T4", "Cronulla", 9, nil), ("T8", "Macarthur via Airport", 14, 1)]
                .enumerated().map { index, item in
                    BenchRow.make(route: item.0, headsign: item.1, minutes: (item.2 + frame) % 60, minutesLate: item.3, index: index)
                }
            return BoardState(boardName: "Central", now: now, status: .ok, message: nil, updated: now, rows: rows, zone: zone)
        }
    }

    /// A 1920×1080 framebuffer in a scratch file (unlinked at once), with the bitfields a
    /// Raspberry Pi's HDMI framebuffer reports.
    static func framebuffer(bitsPerPixel: Int) throws(AssemblyError) -> LinuxFramebuffer {
        let geometry: FramebufferGeometry
        if bitsPerPixel == 16 {
            geometry = FramebufferGeometry(
                width: 1920, height: 1080, bitsPerPixel: 16, lineLength: 3840,
                red: PixelBitfield(offset: 11, length: 5), green: PixelBitfield(offset: 5, length: 6),
                blue: PixelBitfield(offset: 0, length: 5))
        } else {
            geometry = FramebufferGeometry(
                width: 1920, height: 1080, bitsPerPixel: 32, lineLength: 7680,
                red: PixelBitfield(offset: 16, length: 8), green: PixelBitfield(offset: 8, length: 8),
                blue: PixelBitfield(offset: 0, length: 8))
        }
        var template = Array("/tmp/departure-board-bench-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fd >= 0, ftruncate(fd, off_t(geometry.requiredBytes)) == 0 else {
            throw AssemblyError(.io, "bench: cannot create a scratch framebuffer file in /tmp")
        }
        close(fd)
        defer { unlink(path) }
        do {
            return try LinuxFramebuffer(path: path, geometry: geometry)
        } catch {
            throw AssemblyError(.io, "bench: \(error)")
        }
    }

    static func zone() throws(AssemblyError) -> TimeZoneRules {
        do {
            return try TimeZoneRules.load("Australia/Sydney")
        } catch {
            throw AssemblyError(.boardFile, "bench: \(error)")
        }
    }
}
