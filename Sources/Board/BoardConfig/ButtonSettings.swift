/// GPIO push buttons: the sign's pull-to-refresh and a page turner.
public struct ButtonSettings: Sendable, Equatable {
    public var chip: String
    public var refresh: Int?
    public var nextPage: Int?
    /// Pressed pulls the line low (a button to ground with a pull-up), the usual wiring.
    public var activeLow: Bool
    public var debounce: Duration

    public init(chip: String = "gpiochip0", refresh: Int? = nil, nextPage: Int? = nil, activeLow: Bool = true,
                debounce: Duration = .milliseconds(50)) {
        self.chip = chip
        self.refresh = refresh
        self.nextPage = nextPage
        self.activeLow = activeLow
        self.debounce = debounce
    }
}

enum ButtonSchema {
    static let buttons = SectionSchema(keys: ["chip", "refresh", "next_page", "active_low", "debounce"])

    static func buildButtons(_ section: Section) throws(BoardFileError) -> ButtonSettings {
        var settings = ButtonSettings()
        if let chip = try section.string("chip") {
            if let problem = Validators.filePath(chip) { throw section.error("chip", problem) }
            settings.chip = chip
        }
        settings.refresh = try section.wholeNumber("refresh", in: 0...511)
        settings.nextPage = try section.wholeNumber("next_page", in: 0...511)
        settings.activeLow = try section.bool("active_low") ?? settings.activeLow
        settings.debounce = try section.duration("debounce", atLeast: .milliseconds(1), atMost: .seconds(2)) ?? settings.debounce
        if settings.refresh == nil && settings.nextPage == nil {
            throw Section.error(section.file, section.mark, section.path, "name at least one button line: refresh or next_page")
        }
        if let refresh = settings.refresh, refresh == settings.nextPage {
            throw section.error("next_page", "is the same line as refresh (\(refresh))")
        }
        return settings
    }
}
