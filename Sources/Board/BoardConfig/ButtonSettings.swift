/// GPIO push buttons: the sign's pull-to-refresh, a page turner and the voice's button.
public struct ButtonSettings: Sendable, Equatable {
    public var chip: String
    public var refresh: Int?
    public var nextPage: Int?
    /// Speaks the next departures (`speech:`).
    public var speak: Int?
    /// Pressed pulls the line low (a button to ground with a pull-up), the usual wiring.
    public var activeLow: Bool
    public var debounce: Duration

    public init(
        chip: String = "gpiochip0", refresh: Int? = nil, nextPage: Int? = nil, speak: Int? = nil, activeLow: Bool = true,
        debounce: Duration = .milliseconds(50)
    ) {
        self.chip = chip
        self.refresh = refresh
        self.nextPage = nextPage
        self.speak = speak
        self.activeLow = activeLow
        self.debounce = debounce
    }
}

enum ButtonSchema {
    static let buttons = SectionSchema(keys: ["chip", "refresh", "next_page", "speak", "active_low", "debounce"])

    static func buildButtons(_ section: Section) throws(BoardFileError) -> ButtonSettings {
        var settings = ButtonSettings()
        if let chip = try section.string("chip") {
            if let problem = Validators.filePath(chip) { throw section.error("chip", problem) }
            settings.chip = chip
        }
        settings.refresh = try line(section, "refresh")
        settings.nextPage = try line(section, "next_page")
        settings.speak = try line(section, "speak")
        settings.activeLow = try section.bool("active_low") ?? settings.activeLow
        settings.debounce = try section.duration("debounce", atLeast: .milliseconds(1), atMost: .seconds(2)) ?? settings.debounce
        let named = [("refresh", settings.refresh), ("next_page", settings.nextPage), ("speak", settings.speak)]
            .compactMap { key, line in line.map { (key, $0) } }
        if named.isEmpty {
            throw Section.error(section.file, section.mark, section.path, "name at least one button line: refresh, next_page or speak")
        }
        for (index, (key, line)) in named.enumerated() {
            if let earlier = named[..<index].first(where: { $0.1 == line }) {
                throw section.error(key, "is the same line as \(earlier.0) (\(line))")
            }
        }
        return settings
    }

    /// A line offset on the chip: `17`, or as a Pi's pinout names it, `GPIO17` / `GPIO 17`.
    private static func line(_ section: Section, _ key: String) throws(BoardFileError) -> Int? {
        if let text = try? section.string(key), text.uppercased().hasPrefix("GPIO") {
            let digits = text.dropFirst(4).drop { $0 == " " }
            guard let number = Int(digits), (0...511).contains(number) else {
                throw section.error(key, "expected a line number like 17 or GPIO17; got '\(shown(text))'")
            }
            return number
        }
        return try section.wholeNumber(key, in: 0...511)
    }
}
