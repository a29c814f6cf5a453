public import ZoneInfo

/// The texts a board shows for times, in the board's zone, independent of locale.
public enum TimeText {
    /// `HH:mm`, 24-hour (a 00:10 departure is never written `24:10`).
    public static func clock(_ instant: Date, in zone: TimeZoneRules) -> String {
        let local = zone.localDateTime(atUnixSeconds: instant.unixSeconds)
        return pad2(local.hour) + ":" + pad2(local.minute)
    }

    /// `2026-11-23T09:30:00+11:00`: ISO 8601 with the zone's offset at that instant.
    public static func iso8601(_ instant: Date, in zone: TimeZoneRules) -> String {
        let seconds = instant.unixSeconds
        let local = zone.localDateTime(atUnixSeconds: seconds)
        let offset = zone.utcOffset(atUnixSeconds: seconds)
        let date = local.date
        let year = date.year >= 0 && date.year < 10_000 ? pad(date.year, to: 4) : String(date.year)
        return year + "-" + pad2(date.month) + "-" + pad2(date.day)
            + "T" + pad2(local.hour) + ":" + pad2(local.minute) + ":" + pad2(local.second)
            + offsetText(offset)
    }

    /// `+11:00`, `-03:30`, `+00:00`: always numeric, so every zone reads alike.
    public static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + pad2(minutes / 60) + ":" + pad2(minutes % 60)
    }

    static func pad2(_ value: Int) -> String { pad(value, to: 2) }

    static func pad(_ value: Int, to width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
