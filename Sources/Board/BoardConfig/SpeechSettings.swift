public import ZoneInfo

/// `speech:` — the board's voice (issue 34): what `say` and a speaking sign use. Every key
/// has a default, so a board without the section still speaks.
public struct SpeechSettings: Sendable, Equatable {
    /// An espeak-ng voice name (`en-gb`, `de`); nil: the voice of the board's `language:`.
    public var voice: String?
    /// Words per minute, 80–450 (espeak-ng's range).
    public var rate: Int
    /// Percent of the synthesiser's level, 0–100; applied to the samples.
    public var volume: Int
    /// The ALSA device speech plays on (`default`, `hw:1,0`, `plughw:CARD=Device`).
    public var device: String
    /// A running board never speaks in these (the button included); the board's local time.
    public var quietHours: [DailyWindow] = []

    public static let rates = 80...450
    public static let defaultRate = 160
    public static let defaultVolume = 80
    public static let defaultDevice = "default"

    public init(
        voice: String? = nil, rate: Int = Self.defaultRate, volume: Int = Self.defaultVolume,
        device: String = Self.defaultDevice
    ) {
        self.voice = voice
        self.rate = rate
        self.volume = volume
        self.device = device
    }
}

enum SpeechSchema {
    static let speech = SectionSchema(keys: ["voice", "rate", "volume", "device", "quiet_hours"])

    static func build(_ section: Section) throws(BoardFileError) -> SpeechSettings {
        var settings = SpeechSettings()
        if let voice = try section.string("voice") {
            // espeak-ng's voice names: letters, digits and `-`, `_`, `+` (a variant: `en+f3`).
            let allowed = voice.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_+".unicodeScalars.contains($0))
            }
            guard !voice.isEmpty, voice.count <= 40, allowed else {
                throw section.error(
                    "voice",
                    "expected an espeak-ng voice name such as en-gb, de or fr (espeak-ng --voices lists them); got '\(shown(voice))'")
            }
            settings.voice = voice
        }
        settings.rate = try section.wholeNumber("rate", in: SpeechSettings.rates) ?? settings.rate
        if section.has("volume") {
            let text = (try? section.string("volume")) ?? ""
            let digits = text.hasSuffix("%") ? String(text.dropLast()).trimmingTrailingSpaces : text
            guard let volume = Int(digits), (0...100).contains(volume) else {
                throw section.error("volume", "expected a volume from 0 to 100 (percent, 80 or 80%); got '\(shown(text))'")
            }
            settings.volume = volume
        }
        if let device = try section.string("device") {
            guard !device.isEmpty, device.count <= 100,
                device.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
            else {
                throw section.error(
                    "device",
                    "expected an ALSA device name such as default, hw:1,0 or plughw:CARD=Device (aplay -L lists them); got '\(shown(device))'"
                )
            }
            settings.device = device
        }
        settings.quietHours = try ScheduleSchema.windows(section, "quiet_hours")
        return settings
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(reversed().drop(while: { $0 == " " }).reversed())
    }
}
