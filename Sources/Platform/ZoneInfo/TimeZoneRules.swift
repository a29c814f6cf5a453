/// One zone's rules: offsets at any instant, local↔UTC conversion.
///
/// An immutable value built once from a TZif file and then queried without
/// I/O or locks: lookups are a binary search over the transition table,
/// falling back to the footer's POSIX rule after the last transition.
/// Nothing here reads the process `TZ` or `/etc/localtime`.
public struct TimeZoneRules: Sendable, Equatable {
    public let identifier: String
    let transitions: [Int64]
    let transitionTypes: [UInt8]
    /// Never empty (TZif requires typecnt ≥ 1); index 0 applies before the first transition.
    let types: [LocalTimeType]
    let footer: POSIXTZRule?

    /// Loads `identifier` (e.g. "Australia/Sydney") from `database`.
    /// Throws `.invalidIdentifier` before touching the file system, `.unknownZone`
    /// when no readable file exists, `.malformed` when the file is not valid TZif.
    public static func load(_ identifier: String, from database: ZoneInfoDatabase = .system) throws(ZoneInfoError) -> TimeZoneRules {
        try ZoneInfoDatabase.validate(identifier)
        let bytes = try database.readFile(for: identifier)
        return try TimeZoneRules(identifier: identifier, tzif: bytes)
    }

    /// Parses TZif bytes already in memory (embedded data, tests). `identifier` is only a label.
    public init(identifier: String, tzif bytes: [UInt8]) throws(ZoneInfoError) {
        do throws(TZifFailure) {
            let contents = try TZifParser.parse(bytes)
            self.identifier = identifier
            self.transitions = contents.transitions
            self.transitionTypes = contents.transitionTypes
            self.types = contents.types
            self.footer = try contents.footer.map { (text) throws(TZifFailure) in
                do throws(TZifFailure) {
                    return try POSIXTZRule(parsing: text)
                } catch {
                    throw TZifFailure("bad footer \"\(text)\": \(error.reason)")
                }
            }
        } catch {
            throw .malformed(identifier: identifier, reason: error.reason)
        }
    }

    private init(identifier: String, fixed type: LocalTimeType) {
        self.identifier = identifier
        self.transitions = []
        self.transitionTypes = []
        self.types = [type]
        self.footer = nil
    }

    /// Zero offset, identifier "UTC". Built in so UTC works even without tzdata installed.
    public static let utc = TimeZoneRules(identifier: "UTC", fixed: LocalTimeType(offset: 0, isDaylightSaving: false, abbreviation: "UTC"))

    /// Seconds east of UTC in force at `t`.
    public func utcOffset(atUnixSeconds t: Int64) -> Int {
        localTimeType(atUnixSeconds: t).offset
    }

    /// Abbreviation such as "AEDT" or "+0530"; informational only, not unique.
    public func abbreviation(atUnixSeconds t: Int64) -> String {
        localTimeType(atUnixSeconds: t).abbreviation
    }

    public func isDaylightSaving(atUnixSeconds t: Int64) -> Bool {
        localTimeType(atUnixSeconds: t).isDaylightSaving
    }

    /// The wall clock in this zone at `t`.
    public func localDateTime(atUnixSeconds t: Int64) -> LocalDateTime {
        // Split before adding the offset so extreme `t` cannot overflow.
        let days = floorDiv(t, 86_400)
        let wallOfDay = floorMod(t, 86_400) + Int64(utcOffset(atUnixSeconds: t))
        let carry = floorDiv(wallOfDay, 86_400)
        var result = LocalDateTime(wallSeconds: wallOfDay - carry * 86_400)
        result.date = CivilDate(daysSinceEpoch: days &+ carry)
        return result
    }

    /// Local wall time → instant.
    ///
    /// - Gap (spring forward, the wall time never occurs): the offset in force
    ///   *before* the gap is used, so the result lands after the transition by
    ///   the same distance; 02:30 on a Sydney spring-forward day maps to the
    ///   instant shown as 03:30 local. A scheduled event is thus never dropped.
    /// - Overlap (fall back, the wall time occurs twice): the earlier instant,
    ///   i.e. the one still on daylight time.
    ///
    /// Fields outside their usual ranges are normalized arithmetically.
    public func unixSeconds(for local: LocalDateTime) -> Int64 {
        let wall = local.wallSeconds
        // The true instant is wall - offset, within a day of `wall`; sampling
        // both sides catches the offsets on either side of a nearby transition.
        let candidates = [
            utcOffset(atUnixSeconds: wall &- 86_400), utcOffset(atUnixSeconds: wall),
            utcOffset(atUnixSeconds: wall &+ 86_400),
        ]
        var earliest: Int64?
        for offset in candidates {
            let t = wall &- Int64(offset)
            if utcOffset(atUnixSeconds: t) == offset, t < (earliest ?? .max) { earliest = t }
        }
        if let earliest { return earliest }
        // Gap: reading the wall time with the larger (post-gap) offset lands
        // just before the transition, where the pre-gap offset is in force.
        let before = utcOffset(atUnixSeconds: wall &- Int64(candidates.max() ?? 0))
        return wall &- Int64(before)
    }

    func localTimeType(atUnixSeconds t: Int64) -> LocalTimeType {
        guard let lastTransition = transitions.last else {
            return footer?.localTimeType(atUnixSeconds: t) ?? types[0]
        }
        if t > lastTransition, let footer {
            return footer.localTimeType(atUnixSeconds: t)
        }
        // Count transitions at or before t.
        var low = 0
        var high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? types[0] : types[Int(transitionTypes[low - 1])]
    }
}
