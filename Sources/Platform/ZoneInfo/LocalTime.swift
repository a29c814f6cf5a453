/// A wall-clock time of day to the minute, with no date or zone attached.
///
/// Schedules are written in the board's own zone, so this stays zone-less; a schedule
/// pairs it with a `TimeZoneRules` to find instants.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Strict "HH:MM" (two digits each), so "6:3" or "25:00" in a board file is an error, not a guess.
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let hour = twoDigits(bytes[0], bytes[1]), let minute = twoDigits(bytes[3], bytes[4])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since midnight, 0..<1440.
    public var minuteOfDay: Int { hour * 60 + minute }

    /// Built from minutes since midnight, wrapping past either end of the day.
    public init(wrappingMinuteOfDay minutes: Int) {
        let m = ((minutes % 1_440) + 1_440) % 1_440
        self.hour = m / 60
        self.minute = m % 60
    }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.minuteOfDay < rhs.minuteOfDay
    }
}

private func twoDigits(_ tens: UInt8, _ ones: UInt8) -> Int? {
    let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
    guard (zero...nine).contains(tens), (zero...nine).contains(ones) else { return nil }
    return Int(tens - zero) * 10 + Int(ones - zero)
}
