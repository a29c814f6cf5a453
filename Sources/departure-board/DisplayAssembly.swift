import BoardConfig
import BoardRender
import Framebuffer
import Glibc
import ZoneInfo

/// Turns a board's `display:` settings into layout options: fonts found and loaded,
/// colours parsed, defaults chosen for the display's size.
struct DisplayAssembly {
    let options: LayoutOptions

    init(board: BoardFile, zone: TimeZoneRules) throws(CLIFailure) {
        let display = board.display
        let format = PixelFormat(display.format)
        let upright = display.rotation % 180 == 0
        let font = try Self.font(display, board: board, logicalWidth: upright ? display.width : display.height,
                                 logicalHeight: upright ? display.height : display.width)

        var overrides: [String: RGB] = [:]
        for (name, hex) in display.colors { overrides[name] = RGB(hex: hex) }
        var routeColors: [String: RGB] = [:]
        for (route, hex) in display.routeColors { routeColors[route] = RGB(hex: hex) }

        options = LayoutOptions(
            width: display.width, height: display.height, format: format, rotation: display.rotation,
            style: display.layout.map { $0 == .ticker ? .ticker : .rows }, rows: display.rows, font: font,
            header: display.header, clock: display.clock,
            columns: Set(display.columns.compactMap { LayoutOptions.Column(rawValue: $0.rawValue) }),
            overflow: display.overflow == .scroll ? .scroll : .ellipsis, pageInterval: display.pageInterval,
            badgeShape: display.badgeShape == .circle ? .circle : .rounded,
            palette: Palette(format: format, overrides: overrides, routeColors: routeColors,
                             redInk: Self.panelHasRed(board.output)), zone: zone)
    }

    /// Black/white e-paper panels draw red as black; their previews must too.
    private static func panelHasRed(_ output: OutputSettings?) -> Bool {
        switch output?.driver {
        case .ssd1680?: return false
        case .uc8179?: return output?.epaperColors == .bwr
        default: return true
        }
    }

    private static func font(_ display: DisplaySettings, board: BoardFile, logicalWidth: Int,
                             logicalHeight: Int) throws(CLIFailure) -> any Font {
        let fallback = LayoutOptions.defaultFont(logicalWidth: logicalWidth, logicalHeight: logicalHeight)
        let reference = display.font ?? fallback.name
        let lower = reference.lowercased()
        do {
            if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") {
                return try FreeTypeFont(path: reference, pixelSize: display.fontSize ?? max(10, logicalHeight / 12))
            }
            let path = lower.hasSuffix(".bdf") ? reference : try FontLocator.bundledFont(reference, boardPath: board.path)
            let scale = display.fontScale ?? (display.font == nil ? fallback.scale : 1)
            let font = try BDFFont.load(path: path)
            return scale > 1 ? ScaledFont(font, scale: scale) : font
        } catch let error as FontError {
            throw CLIFailure(.configError, "\(board.path): display.font: \(error)")
        } catch let error as CLIFailure {
            throw error
        } catch {
            throw CLIFailure(.configError, "\(board.path): display.font: \(error)")
        }
    }
}

extension PixelFormat {
    init(_ format: DisplaySettings.Format) {
        switch format {
        case .mono: self = .mono
        case .gray4: self = .gray4
        case .rgb565: self = .rgb565
        case .rgb888: self = .rgb888
        case .bwr: self = .bwr
        }
    }
}

/// Finds the bundled fonts (`Fonts/board-6x12.bdf`) from a checkout or an installation.
enum FontLocator {
    static func searchFolders(boardPath: String) -> [String] {
        var folders: [String] = []
        if let slash = boardPath.lastIndex(of: "/") {
            folders.append(String(boardPath[..<slash]) + "/../Fonts")
        }
        folders.append("Fonts")
        if let executable = executablePath(), let slash = executable.lastIndex(of: "/") {
            folders.append(String(executable[..<slash]) + "/../share/departure-board/Fonts")
        }
        folders += ["/usr/local/share/departure-board/Fonts", "/usr/share/departure-board/Fonts"]
        return folders
    }

    static func bundledFont(_ name: String, boardPath: String) throws(CLIFailure) -> String {
        let folders = searchFolders(boardPath: boardPath)
        for folder in folders {
            let path = folder + "/" + name + ".bdf"
            if access(path, R_OK) == 0 { return path }
        }
        throw CLIFailure(.configError, "\(boardPath): display.font: no bundled font '\(name)' in \(folders.joined(separator: ", "))")
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
