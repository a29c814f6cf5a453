/// Durations as operators write them: `30`, `1.5`, `500ms`, `8s`, `1.5s`, `5m`, `2h`.
public enum Durations {
    static let hint = "use a number of seconds such as 30 or 1.5, or a number with one unit: 500ms, 8s, 5m, 2h"

    private static let units: [(suffix: String, value: Duration)] = [
        ("ms", .milliseconds(1)), ("s", .seconds(1)), ("m", .seconds(60)), ("h", .seconds(3600)),
    ]
    // Caps keep the arithmetic far from overflow; no board needs 10^9 hours.
    private static let maxIntegerDigits = 9
    private static let maxFractionDigits = 9

    /// Parses `text`; `unitRequired` is true for quoted scalars, where a bare number is ambiguous.
    /// Returns the error message on failure.
    static func parse(_ text: String, unitRequired: Bool) -> Result<Duration, DurationProblem> {
        if text.isEmpty { return .failure(.init("expected a duration; got an empty value; \(hint)")) }
        if text.hasPrefix("-") { return .failure(.init("a duration must not be negative; got '\(shown(text))'")) }
        let digitsAndDot = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unitText = String(text[digitsAndDot.endIndex...])
        let parts = digitsAndDot.split(separator: ".", omittingEmptySubsequences: false)
        guard !digitsAndDot.isEmpty, parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            return .failure(.init("expected a duration; got '\(shown(text))'; \(hint)"))
        }
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard whole.count <= maxIntegerDigits, fraction.count <= maxFractionDigits,
            let wholeValue = Int(whole), let fractionValue = fraction.isEmpty ? 0 : Int(fraction)
        else {
            return .failure(.init("duration '\(shown(text))' is too large"))
        }
        let unit: Duration
        if unitText.isEmpty {
            if unitRequired {
                return .failure(.init("duration '\(shown(text))' has no unit; \(hint)"))
            }
            unit = .seconds(1)
        } else if let match = units.first(where: { $0.suffix == unitText }) {
            unit = match.value
        } else {
            return .failure(.init("unknown duration unit '\(shown(unitText))' in '\(shown(text))'; \(hint)"))
        }
        var scale = 1
        for _ in 0..<fraction.count { scale *= 10 }
        return .success(unit * wholeValue + (unit * fractionValue) / scale)
    }

    /// Shortest exact rendering in the units above, for messages: 90s -> "90s", 300s -> "5m".
    public static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let attoPerMilli: Int64 = 1_000_000_000_000_000
        guard attoseconds % attoPerMilli == 0 else {
            return "\(Double(seconds) + Double(attoseconds) / 1e18)s"
        }
        let millis = seconds * 1000 + attoseconds / attoPerMilli
        if millis != 0 && millis % 3_600_000 == 0 { return "\(millis / 3_600_000)h" }
        if millis != 0 && millis % 60_000 == 0 { return "\(millis / 60_000)m" }
        if millis % 1000 == 0 { return "\(millis / 1000)s" }
        return "\(millis)ms"
    }
}

struct DurationProblem: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
