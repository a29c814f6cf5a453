public import Framebuffer
public import YAMLTree

/// How a board looks: the panel's size and pixel format, and the layout's choices.
/// Values left out are nil where the layout picks a default that fits the display size.
public struct DisplaySettings: Sendable, Equatable {
    /// The framebuffer's own pixel formats: board files name them as the renderer does.
    public typealias Format = PixelFormat

    public enum Layout: String, Sendable, Equatable, CaseIterable {
        /// One departure per row, with optional header and status line.
        case rows
        /// One scrolling line, for tiny LED matrices.
        case ticker
    }

    public enum Overflow: String, Sendable, Equatable, CaseIterable {
        /// Headsigns too long for their column end in "…".
        case ellipsis
        /// Headsigns too long for their column scroll.
        case scroll
    }

    public enum BadgeShape: String, Sendable, Equatable, CaseIterable {
        case rounded, circle
    }

    /// The parts of a departure row; a board lists those it shows. `source` and `leave` take
    /// room only on boards whose sources have labels, or a walk.
    public enum Column: String, Sendable, Equatable, CaseIterable {
        case route, headsign, crowding, source, platform, leave, delay, countdown, time
    }

    /// How disruptions that stop riders (no service, a detour…) are told: a line along the
    /// bottom (scrolling when long), a page of their own between pages of rows, or not at all
    /// (rows keep their marks).
    public enum Alerts: String, Sendable, Equatable, CaseIterable {
        case line, page, off
    }

    /// What the countdown column counts down to: the departure, or the moment to leave.
    public enum Countdown: String, Sendable, Equatable, CaseIterable {
        case departure, leave
    }

    /// The logical colours a board may override (`display.colors`).
    public static let colorNames = ["background", "text", "dim_text", "badge", "badge_text", "delay", "delay_text", "error", "header"]

    public var width: Int
    public var height: Int
    public var format: Format
    /// Clockwise degrees the image is turned for a panel mounted on its side: 0, 90, 180, 270.
    public var rotation: Int
    public var layout: Layout?
    public var rows: Int?
    /// A bundled font name (`board-6x12`) or a `.bdf`, `.ttf` or `.otf` path resolved against the board file.
    public var font: String?
    /// Where the file sets each key (`font` → 7:9), for problems found after it was read:
    /// a font that will not load, a setting the display has no room for.
    public var locations = KeyLocations()
    /// `fallback_fonts:` for characters the font lacks: `wenquanyi`, `unifont` (Debian's bitmap
    /// fonts, where installed), bundled names or font files; nil means the installed system ones.
    public var fallbackFonts: [String]?
    /// Pixel size for TrueType/OpenType fonts.
    public var fontSize: Int?
    /// Whole-number scale for bitmap fonts on large displays.
    public var fontScale: Int?
    public var header: Bool
    public var clock: Bool
    /// The row parts shown, in the layout's fixed order (route, headsign, crowding, source, platform, leave, delay, countdown, time).
    public var columns: [Column]
    /// `alerts:`; nil lets the panel decide (pages on e-paper and large screens, else a line).
    public var alerts: Alerts?
    public var countdown: Countdown
    public var overflow: Overflow
    public var pageInterval: Duration
    /// `page_interval` when a board file leaves it out: long enough to read three rows.
    public static let standardPageInterval: Duration = .seconds(8)
    public var badgeShape: BadgeShape
    /// Logical colour name → `#rrggbb`.
    public var colors: [String: String]
    /// Route short name → `#rrggbb` for its badge.
    public var routeColors: [String: String]
    /// Whole words a narrow row may shorten in headsigns (`Station` → `Stn`), any case.
    public var abbreviations: [String: String] = [:]

    public init(
        width: Int = 480, height: Int = 320, format: Format = .rgb888, rotation: Int = 0,
        layout: Layout? = nil, rows: Int? = nil, font: String? = nil, fontSize: Int? = nil,
        fontScale: Int? = nil, header: Bool = true, clock: Bool = true, columns: [Column] = Column.allCases,
        countdown: Countdown = .departure, overflow: Overflow = .ellipsis, pageInterval: Duration = standardPageInterval,
        badgeShape: BadgeShape = .rounded,
        colors: [String: String] = [:], routeColors: [String: String] = [:]
    ) {
        self.width = width
        self.height = height
        self.format = format
        self.rotation = rotation
        self.layout = layout
        self.rows = rows
        self.font = font
        self.fontSize = fontSize
        self.fontScale = fontScale
        self.header = header
        self.clock = clock
        self.columns = columns
        self.countdown = countdown
        self.overflow = overflow
        self.pageInterval = pageInterval
        self.badgeShape = badgeShape
        self.colors = colors
        self.routeColors = routeColors
    }
}

/// Where a section's keys were written. Not part of what a board shows: two boards with the
/// same settings written on different lines are equal.
public struct KeyLocations: Sendable, Equatable {
    public var byKey: [String: YAMLMark] = [:]

    public init() {}

    public subscript(key: String) -> YAMLMark? {
        get { byKey[key] }
        set { byKey[key] = newValue }
    }

    public static func == (_: KeyLocations, _: KeyLocations) -> Bool { true }
}
