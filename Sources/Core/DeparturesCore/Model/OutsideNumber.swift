/// Numbers an agency's answer carries meet arithmetic only through here: each is checked
/// against a range first, so a long run of digits is that value's error, never a trap
/// (`Int(…)` of a huge double, or `+` past `Int.max`, kills the sign; found by fuzz-json-map).
public enum OutsideNumber {
    /// The instants a source may send, in seconds since 1970: up to 2200-01-01. Anything
    /// past it is no departure, and every sum of such instants and service-day seconds fits.
    public static let epochSeconds: ClosedRange<Double> = 0...7_258_118_400

    /// What a message says of a time out of `epochSeconds`.
    public static let instantRangeText = "not an instant between 1970 and 2200"

    /// The instant `seconds` after 1970; nil when not finite or out of `epochSeconds`.
    public static func instant(epochSeconds seconds: Double) -> Date? {
        guard seconds.isFinite, epochSeconds.contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    public static func instant(epochMilliseconds milliseconds: Double) -> Date? {
        guard milliseconds.isFinite else { return nil }
        return instant(epochSeconds: milliseconds / 1000)
    }

    public static func instant(epochMilliseconds milliseconds: Int64) -> Date? {
        instant(epochMilliseconds: Double(milliseconds))
    }

    /// `value` as a whole number within `range`; nil when not finite, not whole, or outside.
    public static func whole(_ value: Double, in range: ClosedRange<Int>) -> Int? {
        guard value.isFinite, value.rounded() == value,
            value >= Double(range.lowerBound), value <= Double(range.upperBound)
        else { return nil }
        // Int(exactly:), not Int(_:): the bounds' doubles may round past Int.max.
        return Int(exactly: value)
    }
}
