import Testing
@testable import ZoneInfo

/// Footer-only TZif files built in memory, so each POSIX TZ form is checked
/// independently of what the system tzdata happens to contain.
@Suite struct FooterTests {
    // Same days as ZoneRulesTests: 2026-01-01 is day 20_454; Mar 29 = +87, Oct 25 = +297.

    @Test func negativeTransitionTime() throws {
        // Nuuk: DST starts last Sunday of March at -1:00 local (-02) = Mar 28 23:00 -02 = Mar 29 01:00Z,
        // ends last Sunday of October at 0:00 local (-01) = Oct 25 01:00Z. Same instants as London.
        let nuuk = try footerZone("<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        #expect(nuuk.utcOffset(atUnixSeconds: 1_774_746_000 - 1) == -7_200)
        #expect(nuuk.utcOffset(atUnixSeconds: 1_774_746_000) == -3_600)
        #expect(nuuk.localDateTime(atUnixSeconds: 1_774_746_000 - 1) == local(2026, 3, 28, 22, 59, 59))
        #expect(nuuk.utcOffset(atUnixSeconds: 1_792_890_000 - 1) == -3_600)
        #expect(nuuk.utcOffset(atUnixSeconds: 1_792_890_000) == -7_200)
        #expect(nuuk.abbreviation(atUnixSeconds: 1_792_890_000) == "-02")
    }

    @Test func transitionTimeBeyond24Hours() throws {
        // Jerusalem: 4th Thursday of March 2026 is the 26th; /26 means Fri 27th 02:00 IST (+2) = 00:00Z.
        // (20_454 + 85) * 86_400 = 1_774_569_600
        let jerusalem = try footerZone("IST-2IDT,M3.4.4/26,M10.5.0")
        #expect(jerusalem.utcOffset(atUnixSeconds: 1_774_569_600 - 1) == 7_200)
        #expect(jerusalem.utcOffset(atUnixSeconds: 1_774_569_600) == 10_800)
        #expect(jerusalem.abbreviation(atUnixSeconds: 1_774_569_600) == "IDT")
    }

    @Test func julianDayIgnoresLeapDay() throws {
        // J60 is always March 1. 2024-03-01 is day 19_723 + 60 = 19_783; 02:00 at +1 = 01:00Z.
        let rules = try footerZone("AAA-1BBB,J60/2,J300/2")
        let march1: Int64 = 19_783 * 86_400 + 3_600
        #expect(march1 == 1_709_254_800)
        #expect(rules.utcOffset(atUnixSeconds: march1 - 1) == 3_600)
        #expect(rules.utcOffset(atUnixSeconds: march1) == 7_200)
    }

    @Test func zeroBasedDayCountsLeapDay() throws {
        // Day 59 (0-based) of 2024 is Feb 29: one day before the J60 case.
        let rules = try footerZone("AAA-1BBB,59/2,300/2")
        let feb29: Int64 = 1_709_254_800 - 86_400
        #expect(rules.utcOffset(atUnixSeconds: feb29 - 1) == 3_600)
        #expect(rules.utcOffset(atUnixSeconds: feb29) == 7_200)
        // In 2023 day 59 is March 1: 2023-03-01 = day 19_417 → 01:00Z.
        let march1of2023: Int64 = 19_417 * 86_400 + 3_600
        #expect(rules.utcOffset(atUnixSeconds: march1of2023 - 1) == 3_600)
        #expect(rules.utcOffset(atUnixSeconds: march1of2023) == 7_200)
    }

    @Test(arguments: [1_767_225_600, 1_767_227_400, 1_784_073_600, 1_798_761_599, 3_810_470_400] as [Int64])
    func daylightAllYear(t: Int64) throws {
        // RFC 8536 §3.3.1 example: DST from Jan 1 00:00 to Dec 31 25:00, i.e. always EDT.
        let rules = try footerZone("EST5EDT4,0/0,J365/25")
        #expect(rules.utcOffset(atUnixSeconds: t) == -14_400)
        #expect(rules.isDaylightSaving(atUnixSeconds: t))
    }

    @Test func fixedQuotedOffset() throws {
        let rules = try footerZone("<-03>3")
        #expect(rules.utcOffset(atUnixSeconds: 1_784_073_600) == -10_800)
        #expect(rules.abbreviation(atUnixSeconds: 1_784_073_600) == "-03")
        let lordHowe = try footerZone("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0")
        #expect(lordHowe.utcOffset(atUnixSeconds: 1_791_041_400) == 39_600)
        #expect(lordHowe.utcOffset(atUnixSeconds: 1_791_041_400 - 1) == 37_800)
    }

    @Test func defaultDaylightOffsetIsOneHourAhead() throws {
        let london = try footerZone("GMT0BST,M3.5.0/1,M10.5.0")
        #expect(london.utcOffset(atUnixSeconds: 1_774_746_000) == 3_600)
        #expect(london.abbreviation(atUnixSeconds: 1_774_746_000) == "BST")
    }

    @Test(arguments: [
        "", "A", "AEST", "AEST-25", "AEST-10AEDT", "AEST-10AEDT,M13.1.0,M4.1.0", "AEST-10AEDT,M10.6.0,M4.1.0",
        "AEST-10AEDT,M10.1.7,M4.1.0", "AEST-10AEDT,J0,J365", "AEST-10AEDT,366,1", "AEST-10AEDT,M10.1.0,M4.1.0/168",
        "AEST-10AEDT,M10.1.0", "AEST-10AEDT,M10.1.0,M4.1.0x", "<+10-10", "AE-10", "AEST-10:60",
        "AEST-1000000000000000000000",
    ])
    func badFooterIsMalformed(tz: String) {
        guard !tz.isEmpty else {
            // An empty footer is legal and simply means "no rule".
            #expect(throws: Never.self) { try footerZone(tz) }
            return
        }
        #expect {
            try footerZone(tz)
        } throws: { error in
            guard case .malformed(_, let reason) = error as? ZoneInfoError else { return false }
            return reason.contains("footer")
        }
    }

    @Test func versionOneFileHasNoFooter() throws {
        var builder = TZifBuilder(version: 0)
        builder.types = [
            .init(offset: 36_000, isDST: false, abbreviation: "AEST"), .init(offset: 39_600, isDST: true, abbreviation: "AEDT"),
        ]
        builder.transitions = [1_000, 2_000]
        builder.transitionTypes = [1, 0]
        let rules = try TimeZoneRules(identifier: "v1", tzif: builder.build())
        #expect(rules.utcOffset(atUnixSeconds: 999) == 36_000)  // before first: type 0
        #expect(rules.utcOffset(atUnixSeconds: 1_000) == 39_600)
        #expect(rules.utcOffset(atUnixSeconds: 1_999) == 39_600)
        #expect(rules.utcOffset(atUnixSeconds: 2_000) == 36_000)
        #expect(rules.utcOffset(atUnixSeconds: .max) == 36_000)  // after last: last type
    }

    @Test(arguments: [UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4")])
    func laterVersionsUseSixtyFourBitBlockAndFooter(version: UInt8) throws {
        var builder = TZifBuilder(version: version)
        builder.types = [.init(offset: 0, isDST: false, abbreviation: "LMT"), .init(offset: 36_000, isDST: false, abbreviation: "AEST")]
        builder.transitions = [-5_000_000_000]  // before 1901: only representable in 64 bits
        builder.transitionTypes = [1]
        builder.footer = "AEST-10AEDT,M10.1.0,M4.1.0/3"
        let rules = try TimeZoneRules(identifier: "v\(version)", tzif: builder.build())
        #expect(rules.abbreviation(atUnixSeconds: -5_000_000_001) == "LMT")
        #expect(rules.abbreviation(atUnixSeconds: -5_000_000_000) == "AEST")
        #expect(rules.utcOffset(atUnixSeconds: SydneyTests.dstStart) == 39_600)  // from the footer
    }
}
