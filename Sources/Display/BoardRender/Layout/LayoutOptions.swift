public import Framebuffer

/// Everything the layout needs to know about a display, already resolved: fonts loaded,
/// colours mapped. The command line builds it from the board file.
public struct LayoutOptions: Sendable {
    public enum Style: String, Sendable, CaseIterable {
        /// One departure per row, with optional header and status line.
        case rows
        /// One line scrolling right to left, for LED matrices a few pixels tall.
        case ticker
    }

    public enum Overflow: String, Sendable, CaseIterable {
        case ellipsis, scroll
    }

    public enum BadgeShape: String, Sendable, CaseIterable {
        case rounded, circle
    }

    /// The parts of a departure row, drawn in this order from left to right. `source` (the
    /// place's label) and `leave` (leave-by) take room only when a row on the page has one.
    public enum Column: String, Sendable, CaseIterable {
        case route, headsign, crowding, source, platform, leave, delay, countdown, time
    }

    /// How alerts that stop riders are told (rows are marked in every style).
    public enum AlertStyle: String, Sendable, CaseIterable {
        /// The bottom line, scrolling when longer than the panel: LED and OLED panels.
        case line
        /// A page of its own for each, between the pages of rows: e-paper and large screens.
        case page
        case off
    }

    /// What the countdown column counts down to.
    public enum Countdown: String, Sendable, CaseIterable {
        /// The departure (`5 min`).
        case departure
        /// The moment to leave the sign (`leave in 2 min`), always beside the departure time.
        case leave
    }

    /// The panel's own size (before rotation).
    public var width: Int
    public var height: Int
    public var format: PixelFormat
    /// Clockwise degrees: 0, 90, 180 or 270.
    public var rotation: Int
    public var style: Style
    /// Departure rows per page; nil fits as many as the height allows.
    public var rows: Int?
    public var font: any Font
    public var header: Bool
    public var clock: Bool
    /// The row parts shown; narrow panels may still drop the time to keep the headsign readable.
    public var columns: Set<Column>
    public var countdown: Countdown
    public var overflow: Overflow
    /// How long each page of rows shows; the board file owns the default (`DisplaySettings`).
    public var pageInterval: Duration
    public var badgeShape: BadgeShape
    public var palette: Palette
    /// Scrolling speed of tickers and long headsigns, in pixels per second.
    public var scrollSpeed: Int
    public var alerts: AlertStyle
    /// Whole words a narrow row may shorten in headsigns (`Station` → `Stn`), from the board file.
    public var abbreviations: [String: String]

    public init(
        width: Int, height: Int, format: PixelFormat, rotation: Int = 0, style: Style? = nil, rows: Int? = nil,
        font: any Font, header: Bool = true, clock: Bool = true, columns: Set<Column> = Set(Column.allCases),
        countdown: Countdown = .departure, overflow: Overflow = .ellipsis, pageInterval: Duration, badgeShape: BadgeShape = .rounded,
        palette: Palette? = nil, scrollSpeed: Int = 24, alerts: AlertStyle? = nil, abbreviations: [String: String] = [:]
    ) {
        self.width = width
        self.height = height
        self.format = format
        self.rotation = rotation
        let logicalHeight = rotation % 180 == 0 ? height : width
        self.style = style ?? (logicalHeight <= 16 ? .ticker : .rows)
        self.rows = rows
        self.font = font
        self.header = header
        self.clock = clock
        self.columns = columns
        self.countdown = countdown
        self.overflow = overflow
        self.pageInterval = pageInterval
        self.badgeShape = badgeShape
        self.palette = palette ?? Palette(format: format)
        self.scrollSpeed = scrollSpeed
        // A screen tall enough for a paragraph reads one; a short panel has a line to spare.
        self.alerts = alerts ?? (logicalHeight >= 200 ? .page : .line)
        self.abbreviations = abbreviations
    }

    /// The size the layout draws at: width and height swap for a panel on its side.
    public var logicalSize: (width: Int, height: Int) {
        rotation % 180 == 0 ? (width, height) : (height, width)
    }

    /// The bundled fonts with their advance and line height, smallest first. The compact
    /// LED fonts are named by boards, never chosen by size: scaled up they look crude.
    static let bundledFonts: [(name: String, advance: Int, lineHeight: Int, chosenBySize: Bool)] = [
        ("board-4x6", 4, 7, false), ("board-5x7n", 5, 10, false),
        ("board-5x7", 6, 10, true), ("board-6x12", 6, 12, true), ("board-8x16", 8, 16, true),
    ]

    /// The bundled font and scale for a display of this logical size: the largest text
    /// that still leaves 40 characters across (badge, headsign, delay, countdown, time) and
    /// 8 lines down; panels too small for that get the font that fits their height.
    public static func defaultFont(logicalWidth width: Int, logicalHeight height: Int) -> (name: String, scale: Int) {
        var best: (name: String, scale: Int, lineHeight: Int)?
        for font in bundledFonts where font.chosenBySize {
            for scale in 1...16 where width / (font.advance * scale) >= 40 && height / (font.lineHeight * scale) >= 8 {
                if font.lineHeight * scale >= best?.lineHeight ?? 0 {
                    best = (font.name, scale, font.lineHeight * scale)
                }
            }
        }
        if let best { return (best.name, best.scale) }
        switch height {
        case ..<48: return ("board-5x7", 1)
        case ..<100: return ("board-6x12", 1)
        default: return ("board-8x16", 1)
        }
    }
}
