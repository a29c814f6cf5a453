/// `brightness:` — how bright the panel is through the day and when it is blanked
/// (issue 34). Built so far: the sun's modes; light sensors come later.
public struct BrightnessSettings: Sendable, Equatable {
    public enum Mode: String, Sendable, CaseIterable {
        /// `day` and `night` from the sun's elevation at `latitude`/`longitude`.
        case sun
        /// Today's `schedule.contrast`, unchanged.
        case schedule
    }

    public var mode: Mode
    /// The board's contrast scale, 0–255; set for `mode: sun`.
    public var day: UInt8?
    public var night: UInt8?
    /// Degrees, north and east positive; set for `mode: sun` and `off_below: night`.
    public var latitude: Double?
    public var longitude: Double?
    /// `off_below: night`: the panel is blanked while the sun is below civil twilight.
    public var offAtNight: Bool

    public init(mode: Mode, day: UInt8? = nil, night: UInt8? = nil, latitude: Double? = nil, longitude: Double? = nil,
                offAtNight: Bool = false) {
        self.mode = mode
        self.day = day
        self.night = night
        self.latitude = latitude
        self.longitude = longitude
        self.offAtNight = offAtNight
    }
}

enum BrightnessSchema {
    static let brightness = SectionSchema(keys: ["mode", "day", "night", "latitude", "longitude", "off_below", "pause_fetching"])

    static func build(_ section: Section, schedule: ScheduleSettings?) throws(BoardFileError) -> BrightnessSettings {
        guard let mode = try section.choice("mode", as: BrightnessSettings.Mode.self) else {
            throw Section.error(section.file, section.mark, section.path, "name a mode: sun or schedule")
        }
        var settings = BrightnessSettings(mode: mode)
        settings.day = try section.wholeNumber("day", in: 0...255).map(UInt8.init)
        settings.night = try section.wholeNumber("night", in: 0...255).map(UInt8.init)
        settings.latitude = try degrees(section, "latitude", limit: 90)
        settings.longitude = try degrees(section, "longitude", limit: 180)
        if section.has("off_below") {
            let text = try? section.string("off_below")
            guard text == "night" else {
                // A number is lux, which needs the light sensor: not built yet.
                throw section.error("off_below", "only 'night' is supported so far (lux needs a light sensor, not built yet); got '\(shown(text ?? ""))'")
            }
            settings.offAtNight = true
        }
        if section.has("pause_fetching") {
            throw section.error("pause_fetching", "is not built yet (issue 34); leave it out", atKey: true)
        }
        switch mode {
        case .sun:
            for key in ["day", "night"] where !section.has(key) {
                throw Section.error(section.file, section.mark, section.path, "mode: sun needs \(key) (a contrast from 0 to 255)")
            }
        case .schedule:
            for key in ["day", "night"] where section.has(key) {
                throw section.error(key, "is for mode: sun; mode: schedule takes schedule.contrast", atKey: true)
            }
            if let schedule, schedule.contrast.isEmpty {
                throw section.error("mode", "schedule needs schedule.contrast (times and levels)")
            }
        }
        if mode == .sun || settings.offAtNight {
            for key in ["latitude", "longitude"] where !section.has(key) {
                let why = mode == .sun ? "mode: sun" : "off_below: night"
                throw Section.error(section.file, section.mark, section.path, "\(why) needs \(key) (the sign's place, in degrees)")
            }
        }
        return settings
    }

    /// A decimal number of degrees within ±limit.
    private static func degrees(_ section: Section, _ key: String, limit: Double) throws(BoardFileError) -> Double? {
        guard section.has(key) else { return nil }
        let text = (try? section.string(key)) ?? ""
        guard let value = Double(text), value.isFinite else {
            throw section.error(key, "expected degrees as a number like -33.87; got '\(shown(text))'")
        }
        guard abs(value) <= limit else {
            throw section.error(key, "must be between -\(Int(limit)) and \(Int(limit)); got \(text)")
        }
        return value
    }
}
