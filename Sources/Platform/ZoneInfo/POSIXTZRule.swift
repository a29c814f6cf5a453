/// The POSIX TZ string from a TZif v2+ footer, e.g. `AEST-10AEDT,M10.1.0,M4.1.0/3`.
///
/// It describes every year after the file's last transition, which is how
/// "slim" files (and fat ones past 2037) cover the far future. RFC 8536
/// §3.3.1 extends POSIX: transition times may be negative or up to 167h.
struct POSIXTZRule: Sendable, Equatable {
    /// A yearly transition: a day rule plus a time of day (local, may be out of 0..<24h).
    struct Transition: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            case julian(Int)  // Jn: 1...365, February 29 never counted
            case zeroBased(Int)  // n: 0...365, February 29 counted
            case monthWeekDay(month: Int, week: Int, weekday: Int)  // Mm.w.d, week 5 = last
        }
        var day: Day
        var secondOfDay: Int
    }

    struct Daylight: Sendable, Equatable {
        var type: LocalTimeType
        var start: Transition  // expressed in standard local time
        var end: Transition  // expressed in daylight local time
    }

    var standard: LocalTimeType
    var daylight: Daylight?

    init(parsing string: String) throws(TZifFailure) {
        var parser = Parser(bytes: Array(string.utf8))
        let standardName = try parser.name()
        // POSIX offsets count hours *west*; flip to seconds east.
        standard = LocalTimeType(offset: -(try parser.hms(maxHours: 24)), isDaylightSaving: false, abbreviation: standardName)
        guard !parser.atEnd else { daylight = nil; return }
        let daylightName = try parser.name()
        var daylightOffset = standard.offset + 3_600  // POSIX default: one hour ahead
        if !parser.atEnd, parser.peek != UInt8(ascii: ",") {
            daylightOffset = -(try parser.hms(maxHours: 24))
        }
        // Plain POSIX would default the rules; zic always writes them, so absence means damage.
        guard !parser.atEnd else { throw TZifFailure("daylight time without transition rules") }
        try parser.expect(",")
        let start = try parser.transition()
        try parser.expect(",")
        let end = try parser.transition()
        guard parser.atEnd else { throw TZifFailure("trailing characters") }
        daylight = Daylight(
            type: LocalTimeType(offset: daylightOffset, isDaylightSaving: true, abbreviation: daylightName),
            start: start, end: end)
    }

    /// Keeps year arithmetic far from Int64 overflow; ±2^52 s is ~142 million years.
    private static let instantLimit: Int64 = 1 << 52

    func localTimeType(atUnixSeconds t: Int64) -> LocalTimeType {
        guard let daylight else { return standard }
        let t = min(max(t, -POSIXTZRule.instantLimit), POSIXTZRule.instantLimit)
        let year = CivilDate(daysSinceEpoch: floorDiv(t + Int64(standard.offset), 86_400)).year
        // Transitions of the neighbouring years can spill across New Year
        // (times up to ±167h), so consider three years. Ordering ties by
        // sequence makes "DST all year" rules (end(y) == start(y+1)) stay DST.
        var latest: (at: Int64, sequence: Int, isDST: Bool)?
        var earliest: (at: Int64, sequence: Int, isDST: Bool)?
        for sequence in 0..<6 {
            let isDST = sequence % 2 == 0
            let rule = isDST ? daylight.start : daylight.end
            let offset = isDST ? standard.offset : daylight.type.offset
            let at = Self.instant(of: rule, year: year - 1 + sequence / 2, offset: offset)
            if at <= t, latest.map({ (at, sequence) > ($0.at, $0.sequence) }) ?? true { latest = (at, sequence, isDST) }
            if earliest.map({ (at, sequence) < ($0.at, $0.sequence) }) ?? true { earliest = (at, sequence, isDST) }
        }
        let isDST = latest?.isDST ?? !(earliest?.isDST ?? false)
        return isDST ? daylight.type : standard
    }

    /// UTC instant of a transition in `year`, given the offset in force just before it.
    static func instant(of rule: Transition, year: Int, offset: Int) -> Int64 {
        let january1 = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        let day: Int64
        switch rule.day {
        case .julian(let n):
            day = january1 + Int64(n - 1) + (CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = january1 + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1)
            var dayOfMonth = 1 + (weekday - first.weekday + 7) % 7 + 7 * (week - 1)
            let length = CivilDate.daysInMonth(year: year, month: month)
            while dayOfMonth > length { dayOfMonth -= 7 }  // week 5 means "last"
            day = first.daysSinceEpoch + Int64(dayOfMonth - 1)
        }
        return day * 86_400 + Int64(rule.secondOfDay) - Int64(offset)
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[position] }

        mutating func expect(_ character: Unicode.Scalar) throws(TZifFailure) {
            guard peek == UInt8(ascii: character) else { throw TZifFailure("expected '\(character)' in TZ string") }
            position += 1
        }

        /// `<+1030>` (quoted: letters, digits, + and -) or plain letters; at least 3 characters.
        mutating func name() throws(TZifFailure) -> String {
            let quoted = peek == UInt8(ascii: "<")
            if quoted { position += 1 }
            let start = position
            while let c = peek, isLetter(c) || (quoted && (isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-"))) {
                position += 1
            }
            let name = bytes[start..<position]
            if quoted { try expect(">") }
            guard name.count >= 3 else { throw TZifFailure("zone abbreviation shorter than 3 characters") }
            return String(decoding: name, as: UTF8.self)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds.
        mutating func hms(maxHours: Int) throws(TZifFailure) -> Int {
            var sign = 1
            if peek == UInt8(ascii: "+") { position += 1 } else if peek == UInt8(ascii: "-") { sign = -1; position += 1 }
            let hours = try number(maxDigits: 3, range: 0...maxHours)
            var seconds = hours * 3_600
            if peek == UInt8(ascii: ":") {
                position += 1
                seconds += try number(maxDigits: 2, range: 0...59) * 60
                if peek == UInt8(ascii: ":") {
                    position += 1
                    seconds += try number(maxDigits: 2, range: 0...59)
                }
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then optional `/time` (default 02:00).
        mutating func transition() throws(TZifFailure) -> Transition {
            let day: Transition.Day
            if peek == UInt8(ascii: "J") {
                position += 1
                day = .julian(try number(maxDigits: 3, range: 1...365))
            } else if peek == UInt8(ascii: "M") {
                position += 1
                let month = try number(maxDigits: 2, range: 1...12)
                try expect(".")
                let week = try number(maxDigits: 1, range: 1...5)
                try expect(".")
                day = .monthWeekDay(month: month, week: week, weekday: try number(maxDigits: 1, range: 0...6))
            } else {
                day = .zeroBased(try number(maxDigits: 3, range: 0...365))
            }
            var time = 7_200
            if peek == UInt8(ascii: "/") {
                position += 1
                time = try hms(maxHours: 167)
            }
            return Transition(day: day, secondOfDay: time)
        }

        private mutating func number(maxDigits: Int, range: ClosedRange<Int>) throws(TZifFailure) -> Int {
            var value = 0
            var digits = 0
            while let c = peek, isDigit(c), digits < maxDigits {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            guard digits > 0 else { throw TZifFailure("expected a number in TZ string") }
            guard range.contains(value) else { throw TZifFailure("number \(value) out of range \(range) in TZ string") }
            return value
        }

        private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        private func isLetter(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
        }
    }
}
