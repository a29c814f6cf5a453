public import Framebuffer

/// The colours a layout draws with, named by role rather than value, so each pixel format
/// can map them to what stays visible on its panel.
public enum LogicalColor: Hashable, Sendable {
    case background
    case text
    /// Secondary text (scheduled-only times, separators). Same as `text` where a panel has no greys.
    case dimText
    case header
    /// A route badge in the route's colour.
    case badge(RGB)
    case badgeText(RGB)
    /// A route's own text colour (GTFS route_text_color) on its badge colour; panels without
    /// colour draw it as `badgeText` does.
    case routeText(RGB, on: RGB)
    /// The delay highlight box.
    case delay
    case delayText
    case error
}

/// Logical colours → pixel values of one format.
///
/// Colour panels use the colours as given (the seeds' blue badges, orange delays). Panels
/// without colour keep every element visible by shape instead: on mono the delay box and
/// badges are lit boxes with dark text (inverted), on gray4 they are bright boxes, on
/// black/white/red e-paper badges are black and delays red.
public struct Palette: Sendable {
    public static let defaultColors: [String: RGB] = [
        "background": RGB(0, 0, 0), "text": RGB(255, 255, 255), "dim_text": RGB(150, 150, 150),
        "header": RGB(255, 210, 0), "badge": RGB(10, 100, 200), "badge_text": RGB(255, 255, 255),
        "delay": RGB(255, 140, 0), "delay_text": RGB(0, 0, 0), "error": RGB(255, 90, 80),
    ]

    public let format: PixelFormat
    private let colors: [String: RGB]
    private let routeColors: [String: RGB]
    private let fixed: [String: PixelValue]
    /// `display.colors.badge_text` when the board sets one: kept where it reads (3:1).
    private let chosenBadgeText: RGB?
    /// An LED matrix, where dark text is unlit LEDs, which do not read inside a lit box: its
    /// badges keep lit text and dim their fill until the text reads.
    public let ledMatrix: Bool

    /// `overrides` (from `display.colors`) replace defaults by name; `routeColors` give badges.
    /// `redInk: false` is for black/white e-paper driven in the `bwr` format: what would be
    /// red is drawn black, so the preview shows what the panel can.
    public init(
        format: PixelFormat, overrides: [String: RGB] = [:], routeColors: [String: RGB] = [:], redInk: Bool = true,
        ledMatrix: Bool = false
    ) {
        self.ledMatrix = ledMatrix
        self.format = format
        self.colors = Self.defaultColors.merging(overrides) { $1 }
        self.routeColors = routeColors
        self.chosenBadgeText = overrides["badge_text"]
        var fixed: [String: PixelValue] = [:]
        for (name, rgb) in colors { fixed[name] = format.value(for: rgb) }
        switch format {
        case .rgb565, .rgb888:
            break
        case .gray4:
            fixed["dim_text"] = overrides["dim_text"].map(format.value(for:)) ?? PixelValue(7)
            fixed["delay"] = overrides["delay"].map(format.value(for:)) ?? PixelValue(15)
            fixed["delay_text"] = overrides["delay_text"].map(format.value(for:)) ?? PixelValue(0)
            fixed["header"] = overrides["header"].map(format.value(for:)) ?? PixelValue(15)
            fixed["error"] = overrides["error"].map(format.value(for:)) ?? PixelValue(15)
        case .mono:
            fixed = [
                "background": PixelValue(0), "text": PixelValue(1), "dim_text": PixelValue(1), "header": PixelValue(1),
                "delay": PixelValue(1), "delay_text": PixelValue(0), "error": PixelValue(1),
            ]
        case .bwr:
            let red = PixelValue(redInk ? 2 : 1)
            fixed = [
                "background": PixelValue(0), "text": PixelValue(1), "dim_text": PixelValue(1), "header": PixelValue(1),
                "delay": red, "delay_text": PixelValue(0), "error": red,
            ]
        }
        self.fixed = fixed
    }

    /// Whether a text in the delay colour differs from ordinary text on this panel (not on
    /// mono, nor on greys where both are white): only then can a countdown's colour say "late".
    public var showsDelayByColour: Bool { value(.delay) != value(.text) }

    /// Below this a colour the board or the feed chose for text on a badge gives way.
    public static let leastContrast = 3.0
    /// WCAG 2's ratio for small text.
    public static let smallTextContrast = 4.5

    /// The route's colour at lower brightness, the same hue, until white on it reaches 4.5:1.
    static func dimmedForLitText(_ rgb: RGB) -> RGB {
        var level = 100
        var dimmed = rgb
        while level > 0, RGB.white.contrastRatio(with: dimmed) < smallTextContrast {
            level -= 5
            func scale(_ channel: UInt8) -> UInt8 { UInt8(Int(channel) * level / 100) }
            dimmed = RGB(scale(rgb.red), scale(rgb.green), scale(rgb.blue))
        }
        return dimmed
    }

    /// The badge colour for a route: its configured colour, else the default badge colour.
    public func routeColor(_ route: String) -> RGB {
        routeColors[route] ?? colors["badge"] ?? RGB(10, 100, 200)
    }

    /// A route's badge: the board's `route_colors` entry first, then the source's own
    /// colours (a GTFS feed's route_color and route_text_color), then the board's badge colour.
    public func badge(route: String, sourceColor: String?, sourceTextColor: String?) -> (fill: LogicalColor, text: LogicalColor) {
        if routeColors[route] == nil, let fill = sourceColor.flatMap(RGB.init(hex:)) {
            return (.badge(fill), sourceTextColor.flatMap(RGB.init(hex:)).map { .routeText($0, on: fill) } ?? .badgeText(fill))
        }
        let fill = routeColor(route)
        return (.badge(fill), .badgeText(fill))
    }

    public func value(_ color: LogicalColor) -> PixelValue {
        switch color {
        case .background: return fixed["background"] ?? PixelValue(0)
        case .text: return fixed["text"] ?? PixelValue(1)
        case .dimText: return fixed["dim_text"] ?? value(.text)
        case .header: return fixed["header"] ?? value(.text)
        case .delay: return fixed["delay"] ?? value(.text)
        case .delayText: return fixed["delay_text"] ?? value(.background)
        case .error: return fixed["error"] ?? value(.text)
        case .badge(let rgb): return badgeFill(rgb)
        case .badgeText(let rgb): return badgeText(on: rgb)
        case .routeText(let text, let fill):
            // A feed's own text colour, where it reads on its badge (3:1, WCAG's for large text and pictures).
            // On an LED matrix a text darker than its badge would be unlit LEDs.
            let colour = format == .rgb565 || format == .rgb888
            let fill = ledMatrix ? Self.dimmedForLitText(fill) : fill
            let lit = !ledMatrix || text.relativeLuminance > fill.relativeLuminance
            return colour && lit && text.contrastRatio(with: fill) >= Self.leastContrast ? format.value(for: text) : badgeText(on: fill)
        }
    }

    private func badgeFill(_ rgb: RGB) -> PixelValue {
        switch format {
        case .rgb565, .rgb888: return format.value(for: ledMatrix ? Self.dimmedForLitText(rgb) : rgb)
        // A dark route colour must still read as a box against the black background.
        case .gray4: return PixelValue(UInt32(max(6, min(12, Int(rgb.luminance) >> 4))))
        case .mono, .bwr: return PixelValue(1)
        }
    }

    private func badgeText(on rgb: RGB) -> PixelValue {
        switch format {
        case .rgb565, .rgb888:
            let rgb = ledMatrix ? Self.dimmedForLitText(rgb) : rgb
            if let chosen = chosenBadgeText, chosen.contrastRatio(with: rgb) >= Self.leastContrast { return format.value(for: chosen) }
            if ledMatrix { return format.value(for: .white) }
            // Black or white, whichever has the higher contrast ratio: light routes take dark text.
            return format.value(for: rgb.bestTextColor)
        case .gray4:
            return format.color(of: badgeFill(rgb)).bestTextColor == .white ? PixelValue(15) : PixelValue(0)
        case .mono, .bwr:
            return PixelValue(0)
        }
    }
}
