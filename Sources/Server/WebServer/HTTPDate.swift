import ZoneInfo

/// HTTP's dates (RFC 9110 §5.6.7), as seconds since 1970 in UTC: written as IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), read in all three forms a recipient must accept.
public enum HTTPDate {
    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func format(unixSeconds seconds: Int64) -> String {
        let local = TimeZoneRules.utc.localDateTime(atUnixSeconds: seconds)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return weekday + ", " + two(local.date.day) + " " + months[local.date.month - 1] + " " + four(local.date.year)
            + " " + two(local.hour) + ":" + two(local.minute) + ":" + two(local.second) + " GMT"
    }

    /// IMF-fixdate, RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) or asctime (`Sun Nov  6
    /// 08:49:37 1994`); nil for anything else, which a conditional request then ignores.
    public static func parse(_ text: String) -> Int64? {
        let parts = text.split { $0 == " " || $0 == "," || $0 == "-" }.map(String.init)
        let day: String, month: String, year: String, time: String
        switch parts.count {
        case 6 where parts[5] == "GMT": (day, month, year, time) = (parts[1], parts[2], parts[3], parts[4])
        case 5: (month, day, time, year) = (parts[1], parts[2], parts[3], parts[4])
        default: return nil
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let monthIndex = months.firstIndex(of: month), day.count <= 2, let dayNumber = Int(day),
            year.count == 4 || year.count == 2, var yearNumber = Int(year), yearNumber >= 0,
            clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        // RFC 850's two-digit year: the 1900s from 70 on, else the 2000s (RFC 9110 §5.6.7).
        if year.count == 2 { yearNumber += yearNumber >= 70 ? 1900 : 2000 }
        let date = CivilDate(year: yearNumber, month: monthIndex + 1, day: dayNumber)
        guard date.isValid else { return nil }
        return date.daysSinceEpoch * 86_400 + Int64(hour * 3_600 + minute * 60 + min(second, 59))
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    /// IMF-fixdate's year is four digits, so a year before 1000 reads back.
    private static func four(_ value: Int) -> String { String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value) }
}
