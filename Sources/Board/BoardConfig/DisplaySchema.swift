/// The `display:` section: panel geometry, pixel format and layout choices.
enum DisplaySchema {
    static let display = SectionSchema(keys: [
        "width", "height", "format", "rotation", "layout", "rows", "font", "font_size", "font_scale",
        "header", "clock", "columns", "countdown", "overflow", "page_interval", "badge_shape", "colors", "route_colors",
        "alerts", "fallback_fonts", "abbreviations",
    ])
    static let colors = SectionSchema(keys: DisplaySettings.colorNames)

    static func build(_ section: Section, boardPath: String) throws(BoardFileError) -> DisplaySettings {
        var settings = DisplaySettings()
        settings.width = try section.wholeNumber("width", in: 8...4096) ?? settings.width
        settings.height = try section.wholeNumber("height", in: 8...4096) ?? settings.height
        settings.format = try section.choice("format", as: DisplaySettings.Format.self) ?? settings.format
        if let rotation = try section.wholeNumber("rotation", in: 0...270) {
            guard rotation % 90 == 0 else { throw section.error("rotation", "expected 0, 90, 180 or 270; got \(rotation)") }
            settings.rotation = rotation
        }
        settings.layout = try section.choice("layout", as: DisplaySettings.Layout.self)
        settings.rows = try section.wholeNumber("rows", in: 1...64)
        if let font = try section.string("font") {
            settings.font = try fontReference(font, section: section, boardPath: boardPath)
        }
        if let list = try section.scalarList("fallback_fonts", example: "[wenquanyi, unifont]") {
            settings.fallbackFonts = []
            for item in list {
                if FallbackFont.systemFamilies.contains(item.text.lowercased()) {
                    settings.fallbackFonts?.append(item.text.lowercased())
                    continue
                }
                let lower = item.text.lowercased()
                guard
                    lower.hasSuffix(".bdf") || lower.hasSuffix(".pcf") || lower.hasSuffix(".pcf.gz") || isOutlineFont(lower)
                        || (!item.text.contains("/") && !item.text.contains("."))
                else {
                    throw item.error(
                        "expected wenquanyi, unifont, a bundled font name, or a .bdf, .pcf, .pcf.gz, .ttf or .otf file; got '\(shown(item.text))'"
                    )
                }
                if let problem = Validators.filePath(item.text) { throw item.error(problem) }
                let isFile = item.text.contains(".")
                settings.fallbackFonts?.append(isFile ? BoardPath.resolve(item.text, against: boardPath) : item.text)
            }
        }
        settings.fontSize = try section.wholeNumber("font_size", in: 6...512)
        settings.fontScale = try section.wholeNumber("font_scale", in: 1...16)
        settings.header = try section.bool("header") ?? settings.header
        for key in section.order {
            settings.locations[key] = section.valueMark(key)
        }
        settings.clock = try section.bool("clock") ?? settings.clock
        if let names = try section.scalarList("columns") {
            var columns: [DisplaySettings.Column] = []
            for item in names {
                guard let column = DisplaySettings.Column(rawValue: item.text) else {
                    let valid = DisplaySettings.Column.allCases.map(\.rawValue)
                    throw item.error(Suggestions.unknownValueMessage(item.text, valid: valid))
                }
                guard !columns.contains(column) else { throw item.error("'\(column.rawValue)' is listed twice") }
                columns.append(column)
            }
            guard !columns.isEmpty else {
                throw section.error(
                    "columns", "list at least one of " + DisplaySettings.Column.allCases.map(\.rawValue).joined(separator: ", "))
            }
            settings.columns = DisplaySettings.Column.allCases.filter(columns.contains)
        }
        settings.countdown = try section.choice("countdown", as: DisplaySettings.Countdown.self) ?? settings.countdown
        if settings.countdown == .leave {
            // Leave-by alone would hide when the vehicle goes: it is read beside the departure time.
            for needed in [DisplaySettings.Column.countdown, .time] where !settings.columns.contains(needed) {
                throw section.error(
                    "countdown",
                    "'leave' shows the moment to leave in the countdown column, beside the departure time: "
                        + "list '\(needed.rawValue)' in display.columns too", atKey: true)
            }
        }
        settings.overflow = try section.choice("overflow", as: DisplaySettings.Overflow.self) ?? settings.overflow
        settings.pageInterval = try section.duration("page_interval", atLeast: .seconds(1), atMost: .seconds(600)) ?? settings.pageInterval
        settings.badgeShape = try section.choice("badge_shape", as: DisplaySettings.BadgeShape.self) ?? settings.badgeShape
        settings.alerts = try section.choice("alerts", as: DisplaySettings.Alerts.self)
        if let colors = try section.section("colors", schema: colors) {
            for name in colors.order {
                settings.colors[name] = try color(colors, name)
            }
        }
        for (route, value) in try section.freeMapping("route_colors", whenEmpty: { commentedColour($0) }) {
            guard let normalised = normalisedColor(value.text) else {
                throw value.error("expected a colour like '#f99d1c'; got '\(shown(value.text))'")
            }
            settings.routeColors[route] = normalised
        }
        for (word, value) in try section.freeMapping("abbreviations") {
            settings.abbreviations[word] = try abbreviation(word, value)
        }
        if settings.fontSize != nil, let font = settings.font, !isOutlineFont(font) {
            throw section.error("font_size", "applies to TrueType/OpenType fonts (.ttf, .otf); font is '\(shown(font))'", atKey: true)
        }
        if settings.fontScale != nil, let font = settings.font, isOutlineFont(font) {
            throw section.error("font_scale", "applies to bitmap fonts; use font_size with '\(shown(font))'", atKey: true)
        }
        return settings
    }

    static let bundledNames = "board-4x6, board-5x7n, board-5x7, board-6x12, board-8x16"

    /// Bundled names stay names; paths resolve against the board file's folder.
    private static func fontReference(_ font: String, section: Section, boardPath: String) throws(BoardFileError) -> String {
        if let problem = Validators.filePath(font) { throw section.error("font", problem) }
        let lower = font.lowercased()
        if lower.hasSuffix(".bdf") || isOutlineFont(lower) { return BoardPath.resolve(font, against: boardPath) }
        let fileName = font.split(separator: "/").last.map(String.init) ?? font
        if let dot = fileName.lastIndex(of: "."), fileName.index(after: dot) != fileName.endIndex {
            let fileExtension = fileName[fileName.index(after: dot)...]
            throw section.error(
                "font",
                "unsupported font format '.\(shown(String(fileExtension)))': fonts are .bdf (bitmap), .ttf or .otf files "
                    + "(convert others, e.g. PCF with pcf2bdf), or a bundled name: " + bundledNames)
        }
        if font.contains("/") {
            throw section.error("font", "expected a bundled font name (\(bundledNames)) or a .bdf, .ttf or .otf file; got '\(shown(font))'")
        }
        return font
    }

    /// `Station: Stn`: a whole word (or words) and a shorter text for narrow rows.
    private static func abbreviation(_ word: String, _ value: Section.FreeValue) throws(BoardFileError) -> String {
        let short = value.text
        guard let first = word.first, let last = word.last, !first.isWhitespace, !last.isWhitespace else {
            throw value.error("the word to shorten must be text without spaces at either end; got '\(shown(word))'")
        }
        guard short.contains(where: { !$0.isWhitespace }) else {
            throw value.error("expected a shorter text for '\(shown(word))'; got an empty one")
        }
        guard short.count < word.count else {
            throw value.error("'\(shown(short))' is not shorter than '\(shown(word))': an abbreviation makes room on a narrow row")
        }
        return short
    }

    static func isOutlineFont(_ font: String) -> Bool {
        let lower = font.lowercased()
        return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")
    }

    private static func color(_ section: Section, _ key: String) throws(BoardFileError) -> String {
        if section.isEmptyValue(key) { throw section.error(key, commentedColour(key)) }
        let text = try section.string(key) ?? ""
        guard let normalised = normalisedColor(text) else {
            throw section.error(key, "expected a colour like '#ff8800'; got '\(shown(text))'")
        }
        return normalised
    }

    /// `delay: #ff8800` is `delay:` and a comment in YAML: the colour never arrives.
    static func commentedColour(_ key: String) -> String {
        "expected a colour; got an empty value. An unquoted # starts a comment in YAML: write \(key): \"#ff8800\""
    }

    /// `#RRGGBB` or `RRGGBB` → `#rrggbb`.
    static func normalisedColor(_ text: String) -> String? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + digits.lowercased()
    }
}
