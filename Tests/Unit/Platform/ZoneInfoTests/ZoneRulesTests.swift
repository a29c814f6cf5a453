import Testing
@testable import ZoneInfo

// Instants below are computed by hand from day counts:
// 1970-01-01 → 2026-01-01 is 56 * 365 + 14 leap days (1972...2024) = 20_454 days.
// Day-of-year (0-based) in 2026: Mar 8 = 66, Mar 29 = 87, Apr 4 = 93, Jul 15 = 195,
// Sep 26 = 268, Oct 3 = 275, Oct 25 = 297, Nov 1 = 304.

@Suite struct SydneyTests {
    // DST start: 2026-10-04 02:00 AEST = 2026-10-03T16:00Z = (20_454 + 275) * 86_400 + 16 * 3_600
    static let dstStart: Int64 = 1_791_043_200
    // DST end: 2026-04-05 03:00 AEDT = 2026-04-04T16:00Z = (20_454 + 93) * 86_400 + 16 * 3_600
    static let dstEnd: Int64 = 1_775_318_400

    @Test func seasonalOffsets() throws {
        let sydney = try zone("Australia/Sydney")
        // 2026-11-15T00:00Z and 2026-07-15T00:00Z
        #expect(sydney.utcOffset(atUnixSeconds: 1_794_700_800) == 11 * 3_600)
        #expect(sydney.abbreviation(atUnixSeconds: 1_794_700_800) == "AEDT")
        #expect(sydney.isDaylightSaving(atUnixSeconds: 1_794_700_800))
        #expect(sydney.utcOffset(atUnixSeconds: 1_784_073_600) == 10 * 3_600)
        #expect(sydney.abbreviation(atUnixSeconds: 1_784_073_600) == "AEST")
        #expect(!sydney.isDaylightSaving(atUnixSeconds: 1_784_073_600))
    }

    @Test func springForward() throws {
        let sydney = try zone("Australia/Sydney")
        #expect(sydney.utcOffset(atUnixSeconds: Self.dstStart - 1) == 36_000)
        #expect(sydney.utcOffset(atUnixSeconds: Self.dstStart) == 39_600)
        #expect(sydney.localDateTime(atUnixSeconds: Self.dstStart - 1) == local(2026, 10, 4, 1, 59, 59))
        #expect(sydney.localDateTime(atUnixSeconds: Self.dstStart) == local(2026, 10, 4, 3, 0, 0))
    }

    @Test func fallBack() throws {
        let sydney = try zone("Australia/Sydney")
        #expect(sydney.utcOffset(atUnixSeconds: Self.dstEnd - 1) == 39_600)
        #expect(sydney.utcOffset(atUnixSeconds: Self.dstEnd) == 36_000)
        #expect(sydney.localDateTime(atUnixSeconds: Self.dstEnd - 1) == local(2026, 4, 5, 2, 59, 59))
        #expect(sydney.localDateTime(atUnixSeconds: Self.dstEnd) == local(2026, 4, 5, 2, 0, 0))
    }

    @Test(arguments: [
        // 2026-07-15 12:00 AEST = 02:00Z = (20_454 + 195) * 86_400 + 7_200
        (local(2026, 7, 15, 12, 0), Int64(1_784_080_800)),
        // 01:59:59 just before the gap is still AEST: dstStart - 1
        (local(2026, 10, 4, 1, 59, 59), dstStart - 1),
        // 03:00 right after the gap is AEDT: exactly dstStart
        (local(2026, 10, 4, 3, 0), dstStart),
        // 02:30 does not exist; read with the pre-gap offset (+10) → 16:30Z = dstStart + 1_800, shown as 03:30
        (local(2026, 10, 4, 2, 30), dstStart + 1_800),
        // 02:30 happens twice on 2026-04-05; earlier is AEDT (+11) → 15:30Z = dstEnd - 1_800
        (local(2026, 4, 5, 2, 30), dstEnd - 1_800),
        // 03:00 on fall-back day is unambiguous AEST → 17:00Z = dstEnd + 3_600
        (local(2026, 4, 5, 3, 0), dstEnd + 3_600),
    ])
    func localToInstant(localTime: LocalDateTime, expected: Int64) throws {
        #expect(try zone("Australia/Sydney").unixSeconds(for: localTime) == expected)
    }

    @Test func gapTimeDisplaysShiftedForward() throws {
        let sydney = try zone("Australia/Sydney")
        let t = sydney.unixSeconds(for: local(2026, 10, 4, 2, 30))
        #expect(sydney.localDateTime(atUnixSeconds: t) == local(2026, 10, 4, 3, 30))
    }

    @Test func farFutureUsesFooter() throws {
        let sydney = try zone("Australia/Sydney")
        // 1970 → 2090 is 120 * 365 + 30 leap days = 43_830 days; Sep 30 is day 272.
        // First Sunday of October 2090 is Oct 1: 02:00 AEST = 2090-09-30T16:00Z.
        let start: Int64 = (43_830 + 272) * 86_400 + 16 * 3_600
        #expect(start == 3_810_470_400)
        #expect(sydney.utcOffset(atUnixSeconds: start - 1) == 36_000)
        #expect(sydney.utcOffset(atUnixSeconds: start) == 39_600)
        #expect(sydney.abbreviation(atUnixSeconds: start) == "AEDT")
        #expect(sydney.localDateTime(atUnixSeconds: start) == local(2090, 10, 1, 3, 0))
        #expect(sydney.unixSeconds(for: local(2090, 10, 1, 2, 30)) == start + 1_800)
    }
}

@Suite struct OtherZoneTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String
        var instant: Int64
        var offsetBefore: Int
        var offsetAfter: Int
        var localBefore: LocalDateTime  // wall clock at instant - 1
        var localAfter: LocalDateTime  // wall clock at instant
        var testDescription: String { "\(zone) @ \(instant)" }
    }

    static let transitions: [Case] = [
        // 2026-03-08 02:00 EST = 07:00Z = (20_454 + 66) * 86_400 + 25_200
        Case(
            zone: "America/New_York", instant: 1_772_953_200, offsetBefore: -18_000, offsetAfter: -14_400,
            localBefore: local(2026, 3, 8, 1, 59, 59), localAfter: local(2026, 3, 8, 3, 0)),
        // 2026-11-01 02:00 EDT = 06:00Z = (20_454 + 304) * 86_400 + 21_600
        Case(
            zone: "America/New_York", instant: 1_793_512_800, offsetBefore: -14_400, offsetAfter: -18_000,
            localBefore: local(2026, 11, 1, 1, 59, 59), localAfter: local(2026, 11, 1, 1, 0)),
        // 2026-03-29 01:00Z = (20_454 + 87) * 86_400 + 3_600
        Case(
            zone: "Europe/London", instant: 1_774_746_000, offsetBefore: 0, offsetAfter: 3_600,
            localBefore: local(2026, 3, 29, 0, 59, 59), localAfter: local(2026, 3, 29, 2, 0)),
        // 2026-10-25 01:00Z = (20_454 + 297) * 86_400 + 3_600
        Case(
            zone: "Europe/London", instant: 1_792_890_000, offsetBefore: 3_600, offsetAfter: 0,
            localBefore: local(2026, 10, 25, 1, 59, 59), localAfter: local(2026, 10, 25, 1, 0)),
        // Lord Howe 2026-10-04 02:00 +10:30 = 2026-10-03T15:30Z: Sydney's instant - 1_800; 30-minute jump
        Case(
            zone: "Australia/Lord_Howe", instant: 1_791_041_400, offsetBefore: 37_800, offsetAfter: 39_600,
            localBefore: local(2026, 10, 4, 1, 59, 59), localAfter: local(2026, 10, 4, 2, 30)),
        // Lord Howe 2026-04-05 02:00 +11 = 2026-04-04T15:00Z: Sydney's instant - 3_600
        Case(
            zone: "Australia/Lord_Howe", instant: 1_775_314_800, offsetBefore: 39_600, offsetAfter: 37_800,
            localBefore: local(2026, 4, 5, 1, 59, 59), localAfter: local(2026, 4, 5, 1, 30)),
        // Chatham: last Sunday of Sep 2026 is the 27th; 02:45 +12:45 = Sep 26 14:00Z = (20_454 + 268) * 86_400 + 50_400
        Case(
            zone: "Pacific/Chatham", instant: 1_790_431_200, offsetBefore: 45_900, offsetAfter: 49_500,
            localBefore: local(2026, 9, 27, 2, 44, 59), localAfter: local(2026, 9, 27, 3, 45)),
        // New York 2090: second Sunday of March is the 12th; 07:00Z = (43_830 + 70) * 86_400 + 25_200 (footer rule)
        Case(
            zone: "America/New_York", instant: 3_792_985_200, offsetBefore: -18_000, offsetAfter: -14_400,
            localBefore: local(2090, 3, 12, 1, 59, 59), localAfter: local(2090, 3, 12, 3, 0)),
    ]

    @Test(arguments: transitions)
    func transition(_ c: Case) throws {
        let rules = try zone(c.zone)
        #expect(rules.utcOffset(atUnixSeconds: c.instant - 1) == c.offsetBefore)
        #expect(rules.utcOffset(atUnixSeconds: c.instant) == c.offsetAfter)
        #expect(rules.localDateTime(atUnixSeconds: c.instant - 1) == c.localBefore)
        #expect(rules.localDateTime(atUnixSeconds: c.instant) == c.localAfter)
        // Unambiguous wall times on either side map straight back.
        #expect(rules.unixSeconds(for: c.localBefore) == c.instant - 1 || c.offsetAfter < c.offsetBefore)
        #expect(rules.unixSeconds(for: c.localAfter) == c.instant || c.offsetAfter < c.offsetBefore)
    }

    @Test func newYorkGapAndOverlap() throws {
        let ny = try zone("America/New_York")
        // 02:30 on 2026-03-08 is skipped: EST (-5) → 07:30Z
        #expect(ny.unixSeconds(for: local(2026, 3, 8, 2, 30)) == 1_772_953_200 + 1_800)
        // 01:30 on 2026-11-01 occurs twice: earlier is EDT → 05:30Z
        #expect(ny.unixSeconds(for: local(2026, 11, 1, 1, 30)) == 1_793_512_800 - 1_800)
    }

    @Test func lordHoweHalfHourGap() throws {
        let lh = try zone("Australia/Lord_Howe")
        // 02:15 is skipped; +10:30 applies → 15:45Z, displayed 02:45
        let t = lh.unixSeconds(for: local(2026, 10, 4, 2, 15))
        #expect(t == 1_791_041_400 + 900)
        #expect(lh.localDateTime(atUnixSeconds: t) == local(2026, 10, 4, 2, 45))
        #expect(lh.abbreviation(atUnixSeconds: t) == "+11")
    }

    @Test(arguments: [Int64(0), 1_000_000_000, 1_784_080_800, 3_810_470_400])
    func kolkataIsFixedFiveThirty(t: Int64) throws {
        let kolkata = try zone("Asia/Kolkata")
        #expect(kolkata.utcOffset(atUnixSeconds: t) == 19_800)
        #expect(kolkata.abbreviation(atUnixSeconds: t) == "IST")
        #expect(!kolkata.isDaylightSaving(atUnixSeconds: t))
    }

    @Test func kolkataLocalTime() throws {
        // 2026-07-15T02:00Z + 5:30 = 07:30 local
        #expect(try zone("Asia/Kolkata").localDateTime(atUnixSeconds: 1_784_080_800) == local(2026, 7, 15, 7, 30))
        #expect(try zone("Asia/Kolkata").unixSeconds(for: local(2026, 7, 15, 7, 30)) == 1_784_080_800)
    }

    @Test func chathamSeasons() throws {
        let chatham = try zone("Pacific/Chatham")
        #expect(chatham.utcOffset(atUnixSeconds: 1_768_435_200) == 49_500)  // 2026-01-15T00:00Z, +13:45
        #expect(chatham.utcOffset(atUnixSeconds: 1_784_073_600) == 45_900)  // 2026-07-15T00:00Z, +12:45
        #expect(chatham.abbreviation(atUnixSeconds: 1_784_073_600) == "+1245")
    }

    @Test(arguments: [Int64.min, -1, 0, 1_784_080_800, Int64.max])
    func utc(t: Int64) throws {
        for rules in [TimeZoneRules.utc, try zone("UTC")] {
            #expect(rules.utcOffset(atUnixSeconds: t) == 0)
            #expect(rules.abbreviation(atUnixSeconds: t) == "UTC")
            #expect(rules.unixSeconds(for: rules.localDateTime(atUnixSeconds: t)) == t)
        }
        #expect(TimeZoneRules.utc.identifier == "UTC")
    }

    @Test func utcLocalTime() {
        #expect(TimeZoneRules.utc.localDateTime(atUnixSeconds: 1_784_080_800) == local(2026, 7, 15, 2, 0))
        #expect(TimeZoneRules.utc.localDateTime(atUnixSeconds: -1) == local(1969, 12, 31, 23, 59, 59))
    }

    /// localDateTime → unixSeconds must return an instant with the same wall
    /// time, and never a later one than the original (overlaps pick earlier).
    @Test(arguments: ["Australia/Sydney", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata"])
    func roundTrip(identifier: String) throws {
        let rules = try zone(identifier)
        var t: Int64 = 0
        while t < 4_102_444_800 {  // 2100-01-01
            let wall = rules.localDateTime(atUnixSeconds: t)
            let back = rules.unixSeconds(for: wall)
            if rules.localDateTime(atUnixSeconds: back) != wall || back > t {
                Issue.record("\(identifier): \(t) → \(wall) → \(back)")
                return
            }
            t += 21_601  // ~6h, prime so the time of day drifts through every hour
        }
    }
}
