public import SourceAssembly
public import BoardConfig
public import BoardRender
import Framebuffer
import PanelCatalog
import YAMLTree

/// Turns a board's `display:` settings into layout options: fonts found and loaded,
/// colours parsed, defaults chosen for the display's size.
public enum LayoutAssembly {
    public static func options(for board: BoardFile) throws(AssemblyError) -> LayoutOptions {
        let display = board.display
        let upright = display.rotation % 180 == 0
        let font = try fontChain(
            display, board: board, logicalWidth: upright ? display.width : display.height,
            logicalHeight: upright ? display.height : display.width)

        var overrides: [String: RGB] = [:]
        for (name, hex) in display.colors { overrides[name] = RGB(hex: hex) }
        var routeColors: [String: RGB] = [:]
        for (route, hex) in display.routeColors { routeColors[route] = RGB(hex: hex) }

        return LayoutOptions(
            width: display.width, height: display.height, format: display.format, rotation: display.rotation,
            style: display.layout.map(LayoutOptions.Style.init), rows: display.rows, font: font,
            header: display.header, clock: SlowPanelRules.clock(for: board),
            columns: Set(SlowPanelRules.columns(for: board).map(LayoutOptions.Column.init)),
            countdown: LayoutOptions.Countdown(display.countdown),
            overflow: LayoutOptions.Overflow(display.overflow), pageInterval: display.pageInterval,
            badgeShape: LayoutOptions.BadgeShape(display.badgeShape),
            palette: Palette(
                format: display.format, overrides: overrides, routeColors: routeColors,
                redInk: panelShowsRed(board.output),
                ledMatrix: board.output.map { [.ledMatrix, .rgbMatrix].contains(PanelFacts.of($0.driver).family) } ?? false),
            alerts: display.alerts.map(LayoutOptions.AlertStyle.init) ?? defaultAlerts(board.output),
            abbreviations: display.abbreviations)
    }

    /// E-paper shows alerts as pages: a scrolling line would refresh the panel all day.
    static func defaultAlerts(_ output: OutputSettings?) -> LayoutOptions.AlertStyle? {
        guard let output, PanelFacts.of(output.driver).family == .epaper else { return nil }
        return .page
    }

    /// `Boards/x.yaml:7:9` for a display key the file sets; the file alone otherwise.
    static func place(of key: String, in board: BoardFile) -> String {
        board.display.locations[key].map { "\(board.path):\($0.line):\($0.column)" } ?? board.path
    }

    /// Display settings this board's layout cannot honour, one line each, for `validate`
    /// and `run` to warn about.
    public static func warnings(for board: BoardFile, renderer: BoardRenderer) -> [String] {
        renderer.unusedSettings(headerAsked: board.display.locations["header"] != nil).map { unused in
            "\(place(of: unused.key, in: board)): display.\(unused.key): \(unused.reason)"
        } + contrastWarnings(for: board, palette: renderer.options.palette)
            + SlowPanelRules.warnings(
                for: board, hasHeader: renderer.options.header,
                scrolls: renderer.options.style == .ticker || renderer.options.overflow == .scroll)
            + FallbackFonts.notInstalled(board.display.fallbackFonts).map { family in
                "\(place(of: "fallback_fonts", in: board)): display.fallback_fonts: \(family.name) is not installed "
                    + "(apt install \(family.package)): characters only it has are drawn as boxes"
            }
    }

    /// Colour pairs of `display.colors` (as the panel shows them) below WCAG 2's 3:1, the
    /// least for large text: riders would not read them. A `badge_text` below 3:1 on a
    /// route's colour is not used there (the layout picks black or white instead).
    public static func contrastWarnings(for board: BoardFile, palette: Palette) -> [String] {
        let format = palette.format
        func shown(_ color: LogicalColor) -> RGB { format.color(of: palette.value(color)) }
        var pairs: [(text: String, on: String, fg: RGB, bg: RGB)] = [
            ("text", "background", shown(.text), shown(.background)),
            ("dim_text", "background", shown(.dimText), shown(.background)),
            ("header", "background", shown(.header), shown(.background)),
            ("error", "background", shown(.error), shown(.background)),
            ("delay", "background", shown(.delay), shown(.background)),
            ("delay_text", "delay", shown(.delayText), shown(.delay)),
        ]
        if let chosen = board.display.colors["badge_text"].flatMap(RGB.init(hex:)), format == .rgb888 || format == .rgb565 {
            let badges =
                [("badge", board.display.colors["badge"].flatMap(RGB.init(hex:)) ?? Palette.defaultColors["badge"]!)]
                + board.display.routeColors.sorted { $0.key < $1.key }.compactMap { route, hex in
                    RGB(hex: hex).map { ("route_colors.\(route)", $0) }
                }
            pairs += badges.map {
                ("badge_text", $0.0, format.color(of: format.value(for: chosen)), format.color(of: format.value(for: $0.1)))
            }
        }
        return pairs.compactMap { pair in
            let ratio = pair.fg.contrastRatio(with: pair.bg)
            guard ratio < Palette.leastContrast else { return nil }
            let tenths = Int((ratio * 10).rounded(.down))
            return "\(place(of: "colors", in: board)): display.colors.\(pair.text): \(pair.fg.hex) on \(pair.on) \(pair.bg.hex) "
                + "has a contrast ratio of \(tenths / 10).\(tenths % 10):1, below the 3:1 riders need (WCAG 2)"
        }
    }

    /// Black/white e-paper panels draw red as black; their previews must too.
    static func panelShowsRed(_ output: OutputSettings?) -> Bool {
        guard let output else { return true }
        switch PanelFacts.of(output.driver).redInk {
        case .drawn: return true
        case .none: return false
        case .whenConfigured: return output.epaperColors == .bwr
        }
    }

    private static func font(
        _ display: DisplaySettings, board: BoardFile, logicalWidth: Int,
        logicalHeight: Int
    ) throws(AssemblyError) -> any Font {
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
        } catch {
            // Placed like every other key's error: at the `font:` line when the file has one.
            throw AssemblyError(.boardFile, "\(place(of: "font", in: board)): display.font: \(error)")
        }
    }

    /// The board's font, then its fallbacks, shaped in the board's language.
    private static func fontChain(
        _ display: DisplaySettings, board: BoardFile, logicalWidth: Int,
        logicalHeight: Int
    ) throws(AssemblyError) -> FontChain {
        let primary = try font(display, board: board, logicalWidth: logicalWidth, logicalHeight: logicalHeight)
        do {
            let fallbacks = try FallbackFonts.fonts(display.fallbackFonts, primary: primary, boardPath: board.path)
            return FontChain([primary] + fallbacks, language: board.language)
        } catch {
            throw AssemblyError(.boardFile, "\(place(of: "fallback_fonts", in: board)): display.fallback_fonts: \(error)")
        }
    }
}
