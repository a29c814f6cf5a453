public import ZoneInfo

/// Parses the instants users type (`--now`): ISO 8601 / RFC 3339 with an offset or `Z`,
/// or a local date-time without one, read in the board's zone.
///
/// Accepted: `2026-10-04T08:00:00+11:00`, `2026-10-04T08:00+1100`, `2026-10-03T21:00:00Z`,
/// `2026-10-04T08:00:00.5+11:00`, `2026-10-04T08:00` (board zone), `2026-10-04 08:00`.
public enum InstantParser {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var text: String
        public var description: String {
            "'\(text)' is not a date-time like 2026-10-04T08:00:00+11:00"
        }
    }

    public static func parse(_ text: String, zone: TimeZoneRules) throws(Failure) -> Date {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2), scanner.take("T") || scanner.take("t") || scanner.take(" "),
            let hour = scanner.number(digits: 2), scanner.take(":"),
            let minute = scanner.number(digits: 2)
        else { throw Failure(text: text) }
        var second = 0
        var fraction = 0.0
        if scanner.take(":") {
            guard let value = scanner.number(digits: 2) else { throw Failure(text: text) }
            second = value
            if scanner.take(".") || scanner.take(",") {
                guard let digits = scanner.digitRun(), !digits.isEmpty else { throw Failure(text: text) }
                fraction = Double("0." + digits) ?? 0
            }
        }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid, hour < 24, minute < 60, second < 60 else { throw Failure(text: text) }
        let local = LocalDateTime(date: date, hour: hour, minute: minute, second: second)

        let unixSeconds: Int64
        if scanner.atEnd {
            unixSeconds = zone.unixSeconds(for: local)
        } else if scanner.take("Z") || scanner.take("z") {
            unixSeconds = TimeZoneRules.utc.unixSeconds(for: local)
        } else {
            let negative: Bool
            if scanner.take("+") {
                negative = false
            } else if scanner.take("-") {
                negative = true
            } else {
                throw Failure(text: text)
            }
            guard let offsetHours = scanner.number(digits: 2) else { throw Failure(text: text) }
            _ = scanner.take(":")
            guard let offsetMinutes = scanner.number(digits: 2), offsetHours < 24, offsetMinutes < 60 else {
                throw Failure(text: text)
            }
            let offset = Int64(offsetHours * 3_600 + offsetMinutes * 60) * (negative ? -1 : 1)
            unixSeconds = TimeZoneRules.utc.unixSeconds(for: local) - offset
        }
        guard scanner.atEnd else { throw Failure(text: text) }
        return Date(timeIntervalSince1970: Double(unixSeconds) + fraction)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Character) -> Bool {
            guard let ascii = character.asciiValue, index < bytes.count, bytes[index] == ascii else { return false }
            index += 1
            return true
        }

        mutating func number(digits count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }

        mutating func digitRun() -> String? {
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57, index - start < 9 { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }
}
