import ZoneInfo

/// Parsing and formatting of GTFS field types, done on bytes: these run once per
/// stop_times row, so they must not allocate.
enum GTFSValues {
    /// `F99D1C` (GTFS colours are six hex digits, no `#`), trimmed; nil for empty or malformed.
    static func color(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.filter { $0 != " " && $0 != "\t" }
        return trimmed.utf8.count == 6 && trimmed.allSatisfy(\.isHexDigit) ? trimmed.uppercased() : nil
    }

    /// `stop_lat`/`stop_lon` as degrees; nil unless both are numbers on the globe.
    static func coordinates(_ latitude: String?, _ longitude: String?) -> (latitude: Double, longitude: Double)? {
        func degrees(_ text: String?) -> Double? {
            text.flatMap { Double(String($0.filter { $0 != " " && $0 != "\t" })) }.flatMap { $0.isFinite ? $0 : nil }
        }
        guard let latitude = degrees(latitude), let longitude = degrees(longitude),
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return (latitude, longitude)
    }

    /// `H:MM:SS` or `HH:MM:SS` (hours may pass 24) → seconds; nil when malformed.
    static func seconds(_ text: String) -> Int? {
        seconds(bytes: text.utf8)
    }

    /// `seconds` of a field's bytes as read, before any String is made of them.
    static func seconds<Bytes: BidirectionalCollection<UInt8>>(bytes: Bytes) -> Int? {
        if let secs = exactSeconds(bytes) { return secs }
        var utf8 = bytes[...]
        while utf8.first == UInt8(ascii: " ") { utf8 = utf8.dropFirst() }
        while utf8.last == UInt8(ascii: " ") { utf8 = utf8.dropLast() }
        var parts = (0, 0, 0)
        var field = 0
        var digits = 0
        for byte in utf8 {
            if byte == UInt8(ascii: ":") {
                guard digits > 0, field < 2 else { return nil }
                if field > 0, digits != 2 { return nil }
                field += 1
                digits = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 3 else { return nil }
            let value = Int(byte - UInt8(ascii: "0"))
            switch field {
            case 0: parts.0 = parts.0 * 10 + value
            case 1: parts.1 = parts.1 * 10 + value
            default: parts.2 = parts.2 * 10 + value
            }
            digits += 1
        }
        guard field == 2, digits == 2, parts.1 < 60, parts.2 < 60 else { return nil }
        return parts.0 * 3_600 + parts.1 * 60 + parts.2
    }

    /// `HH:MM:SS` exactly, as nearly every time in a feed is written: read without the
    /// general loop. nil for anything else, which the loop then reads.
    private static func exactSeconds<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        guard bytes.count == 8 else { return nil }
        var digits = (0, 0, 0, 0, 0, 0), index = bytes.startIndex
        for position in 0..<8 {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if position == 2 || position == 5 {
                guard byte == UInt8(ascii: ":") else { return nil }
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let value = Int(byte - UInt8(ascii: "0"))
            switch position {
            case 0: digits.0 = value
            case 1: digits.1 = value
            case 3: digits.2 = value
            case 4: digits.3 = value
            case 6: digits.4 = value
            default: digits.5 = value
            }
        }
        let minutes = digits.2 * 10 + digits.3, seconds = digits.4 * 10 + digits.5
        guard minutes < 60, seconds < 60 else { return nil }
        return (digits.0 * 10 + digits.1) * 3_600 + minutes * 60 + seconds
    }

    /// Seconds → "HH:MM:SS", hours not wrapped at 24 (as GTFS and GTFS-Realtime write them).
    static func timeText(_ seconds: Int) -> String {
        let hours = seconds / 3_600, minutes = seconds / 60 % 60, rest = seconds % 60
        return pad(hours) + ":" + pad(minutes) + ":" + pad(rest)
    }

    /// A non-negative whole number of at most 9 digits.
    static func wholeNumber(_ text: String) -> Int? {
        wholeNumber(bytes: text.utf8)
    }

    static func wholeNumber<Bytes: Sequence<UInt8>>(bytes: Bytes) -> Int? {
        var value = 0
        var digits = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// `YYYYMMDD` → the same digits as an Int (20260405), which sorts like the date.
    static func dateKey(_ text: String) -> Int? {
        guard text.utf8.count == 8, let value = wholeNumber(text) else { return nil }
        let date = CivilDate(year: value / 10_000, month: value / 100 % 100, day: value % 100)
        return date.isValid ? value : nil
    }

    static func dateKey(_ date: CivilDate) -> Int {
        date.year * 10_000 + date.month * 100 + date.day
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
