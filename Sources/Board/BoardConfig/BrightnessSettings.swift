/// `brightness:` — how bright the panel is through the day and when it is blanked
/// (issue 34): the sun's modes and a light sensor.
public struct BrightnessSettings: Sendable, Equatable {
    public enum Mode: String, Sendable, CaseIterable {
        /// `day` and `night` from the sun's elevation at `latitude`/`longitude`.
        case sun
        /// Today's `schedule.contrast`, unchanged.
        case schedule
        /// An ambient light sensor on I2C (`LightSensorSettings`).
        case sensor
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
    /// `mode: sensor`'s sensor; nil for the other modes.
    public var sensor: LightSensorSettings?

    /// `day` and `night`, or the sensor's defaults where not given: the levels a sensor maps
    /// its light onto, and the sun's when it stands in for the sensor.
    public var sensorLevels: (day: UInt8, night: UInt8) {
        (day ?? LightSensorSettings.defaultDay, night ?? LightSensorSettings.defaultNight)
    }

    public init(
        mode: Mode, day: UInt8? = nil, night: UInt8? = nil, latitude: Double? = nil, longitude: Double? = nil,
        offAtNight: Bool = false, sensor: LightSensorSettings? = nil
    ) {
        self.sensor = sensor
        self.mode = mode
        self.day = day
        self.night = night
        self.latitude = latitude
        self.longitude = longitude
        self.offAtNight = offAtNight
    }
}

enum BrightnessSchema {
    static let brightness = SectionSchema(keys: [
        "mode", "day", "night", "latitude", "longitude", "off_below", "pause_fetching",
        "sensor", "bus", "address", "interval", "min_lux", "max_lux",
    ])

    static func build(
        _ section: Section, schedule: ScheduleSettings?, output: OutputSettings? = nil,
        boardPath: String = "", placeFromFeed: Bool = false
    ) throws(BoardFileError) -> BrightnessSettings {
        guard let mode = try section.choice("mode", as: BrightnessSettings.Mode.self) else {
            throw Section.error(section.file, section.mark, section.path, "name a mode: sun, schedule or sensor")
        }
        var settings = BrightnessSettings(mode: mode)
        settings.day = try section.wholeNumber("day", in: 0...255).map(UInt8.init)
        settings.night = try section.wholeNumber("night", in: 0...255).map(UInt8.init)
        settings.latitude = try degrees(section, "latitude", limit: 90)
        settings.longitude = try degrees(section, "longitude", limit: 180)
        var offBelowLux: Double?
        if section.has("off_below") {
            let text = (try? section.string("off_below")) ?? ""
            if text == "night" {
                settings.offAtNight = true
            } else if let lux = Double(text), lux.isFinite, lux > 0 {
                guard mode == .sensor else {
                    throw section.error("off_below", "a level in lux needs mode: sensor; the sun's modes take 'night'")
                }
                offBelowLux = lux
            } else {
                throw section.error("off_below", "expected 'night' or a level in lux like 5; got '\(shown(text))'")
            }
        }
        if section.has("pause_fetching"), mode != .sensor || offBelowLux == nil {
            throw section.error(
                "pause_fetching", "needs mode: sensor and off_below in lux (fetching pauses while the sensor keeps the panel blank)",
                atKey: true)
        }
        if mode != .sensor {
            for key in LightSensorSchema.keys where section.has(key) {
                throw section.error(key, "is for mode: sensor", atKey: true)
            }
        }
        switch mode {
        case .sensor:
            settings.sensor = try LightSensorSchema.build(section, offBelowLux: offBelowLux, output: output, boardPath: boardPath)
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
        // A sensor board with a place falls back to the sun when its sensor does not answer.
        if mode == .sensor, section.has("latitude") != section.has("longitude") {
            let missing = section.has("latitude") ? "longitude" : "latitude"
            throw Section.error(section.file, section.mark, section.path, "latitude and longitude go together; add \(missing)")
        }
        if mode == .sun || settings.offAtNight {
            for key in ["latitude", "longitude"]
            where !section.has(key) && (!placeFromFeed || section.has("latitude") || section.has("longitude")) {
                let why = mode == .sun ? "mode: sun" : "off_below: night"
                let hint = placeFromFeed ? "; or leave out both for the GTFS stop's" : " (a GTFS board takes its stop's)"
                throw Section.error(section.file, section.mark, section.path, "\(why) needs \(key) (the sign's place, in degrees)\(hint)")
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
