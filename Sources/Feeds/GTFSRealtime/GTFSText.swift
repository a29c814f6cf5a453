import ZoneInfo

/// The two GTFS text formats a TripDescriptor carries.
enum GTFSText {
    /// "HH:MM:SS" (hours may be one digit and may pass 24, as in GTFS) → seconds; nil if malformed.
    static func seconds(fromTime text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3,
            (1...3).contains(parts[0].count), parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Int(parts[2]),
            minutes < 60, seconds < 60
        else { return nil }
        return hours * 3_600 + minutes * 60 + seconds
    }

    /// "YYYYMMDD" → a real calendar date; nil if malformed or impossible (20250230).
    static func date(fromYYYYMMDD text: String) -> CivilDate? {
        let digits = Array(text.utf8)
        guard digits.count == 8, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(digits[$1] - 48) } }
        let date = CivilDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        // Round-trip through the day count so month 13 or day 31 of a 30-day month fail.
        guard (1...12).contains(date.month), (1...31).contains(date.day),
            CivilDate(daysSinceEpoch: date.daysSinceEpoch) == date
        else { return nil }
        return date
    }
}
